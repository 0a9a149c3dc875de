// want: frozen exit
#include <cstdlib>
#include "Player.hh"

std::string reply(const std::string&) { exit(3); }
