// Player.hh of the sandbox's tests: a fake game whose bot is one function
// from the host's frame to its reply. Header only, with main, as a real
// game's C++ SDK.
#ifndef PLAYER_HH
#define PLAYER_HH

#include "arena/wire.hh"

// reply answers one frame; the bot's file defines it.
std::string reply(const std::string& frame);

int main() {
  arena::io::redirect_stdout();
  arena::io::write_frame(arena::hello);
  std::string f;
  while (arena::io::read_frame(f)) {
    std::string r = reply(f);
    std::cout.flush();
    std::fflush(stdout);
    arena::io::write_frame(r);
  }
  return 0;
}

#endif
