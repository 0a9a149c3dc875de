// want: compile-error bot.cc:5:41: error: cannot use 'throw' with exceptions disabled
#include <stdexcept>
#include "Player.hh"

std::string reply(const std::string&) { throw std::runtime_error("no"); }
