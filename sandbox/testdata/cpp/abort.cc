// want: frozen crash
#include <cstdlib>
#include "Player.hh"

std::string reply(const std::string&) {
  std::cerr << "about to abort" << std::endl;
  abort();
}
