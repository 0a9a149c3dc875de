// want: compile-error bot.cc:4:51: error: expected ';' after return statement
#include "Player.hh"

std::string reply(const std::string&) { return "x"
}
