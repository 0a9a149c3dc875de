// want: compile-error the bot imports env.escape
// Declares a host function of its own.
#include "Player.hh"

__attribute__((import_module("env"), import_name("escape"))) void escape();

std::string reply(const std::string&) {
  escape();
  return "";
}
