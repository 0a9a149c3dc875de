// want: compile-error bot.cc:
// Threads: wasm32-wasi has none.
#include <thread>
#include "Player.hh"

std::string reply(const std::string&) {
  std::thread t([] {});
  t.join();
  return "";
}
