// want: compile-error the build wrote a file over the 64 MiB limit [linux]
// Static data over the memory limit: the module cannot even start.
#include "Player.hh"

char big[300 << 20];

std::string reply(const std::string&) { return std::string(1, big[12345]); }
