// want: frozen crash
// Writes through a pointer past the end of memory: a trap, not a stack
// overflow.
#include "Player.hh"

std::string reply(const std::string&) {
  volatile int* p = reinterpret_cast<int*>(0xfffff000u);
  *p = 1;
  return "wrote";
}
