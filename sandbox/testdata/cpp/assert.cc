// want: frozen crash
#include <cassert>
#include "Player.hh"

std::string reply(const std::string& frame) {
  assert(frame.empty());
  return "";
}
