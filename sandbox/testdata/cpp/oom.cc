// want: frozen memory cpu=3s
// Grows a vector until the host refuses more memory; without exceptions
// operator new aborts.
#include <vector>
#include "Player.hh"

std::vector<std::vector<char>> keep;

std::string reply(const std::string&) {
  for (;;) keep.emplace_back(1 << 20, 'x');
}
