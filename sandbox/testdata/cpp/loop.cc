// want: frozen timeout
#include "Player.hh"

volatile unsigned spin;

std::string reply(const std::string&) {
  for (;;) spin = spin + 1;
}
