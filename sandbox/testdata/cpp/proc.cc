// want: compile-error bot.cc:4:10: fatal error: '/proc/self/environ' file not found [linux]
// Reads the compiler's environment at compile time.
#include "Player.hh"
#include "/proc/self/environ"
