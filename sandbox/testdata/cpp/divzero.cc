// want: frozen crash
#include "Player.hh"

volatile int zero = 0;

std::string reply(const std::string& frame) { return std::to_string(int(frame.size()) / zero); }
