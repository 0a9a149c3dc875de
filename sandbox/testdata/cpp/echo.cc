// want: reply ^echo:ping$
#include "Player.hh"

std::string reply(const std::string& frame) { return "echo:" + frame; }
