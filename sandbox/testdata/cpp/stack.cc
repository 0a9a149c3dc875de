// want: frozen crash
// Recurses without end: the stack (first in memory) overflows below 0.
#include "Player.hh"

int depth(volatile char* prev) {
  volatile char frame[256];
  frame[0] = prev ? prev[0] + 1 : 0;
  int below = depth(frame);  // the frame lives across the call
  return below + frame[1];
}

std::string reply(const std::string&) { return std::to_string(depth(nullptr)); }
