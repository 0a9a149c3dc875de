// want: compile-error bot.cc:4:10: fatal error: '../../../../../../../../../etc/hostname' file not found [linux]
// Climbs out of the build directory.
#include "Player.hh"
#include "../../../../../../../../../etc/hostname"
