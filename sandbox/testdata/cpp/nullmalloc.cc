// want: reply ^null$
// Asks for 1 GiB, over its limit: malloc returns NULL, which the bot
// handles. A refused grow alone is no verdict.
#include <cstdlib>
#include "Player.hh"

void* volatile keep;

std::string reply(const std::string&) {
  keep = malloc(1u << 30);
  return keep ? "got it" : "null";
}
