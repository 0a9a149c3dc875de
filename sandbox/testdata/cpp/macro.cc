// want: compile-error bot.cc:5:10: fatal error: '/etc/passwd' file not found [linux]
// Reads a host file named by a macro.
#include "Player.hh"
#define SECRET "/etc/passwd"
#include SECRET
