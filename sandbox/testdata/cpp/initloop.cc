// want: start timeout
// Spins in a static initialiser, before main: charged, and bounded.
#include "Player.hh"

volatile unsigned spin;

struct Forever {
  Forever() {
    for (;;) spin = spin + 1;
  }
} forever;

std::string reply(const std::string&) { return ""; }
