// want: compile-error bot.cc:4:10: fatal error: '/etc/shadow' file not found [linux]
// Reads a host file at compile time: its root has none.
#include "Player.hh"
#include "/etc/shadow"
