// Registry.hh: RegisterPlayer, which the last line of a player file calls
// (the original Mad Max 2020 API). The bot plays the first player its file
// registers.
#ifndef Registry_hh
#define Registry_hh

#include "Utils.hh"

class Player;

class Registry {
 public:
  typedef Player* (*Factory)();

  // Register records a player by name; its result only serves to run it
  // from a static initializer.
  static int Register(const char* name, Factory fact) { return arena::Registry<Player>::add(name, fact); }
};

// The name is stringified after PLAYER_NAME is expanded.
#define ARENA_STRINGIFY_(s) #s
#define RegisterPlayer(x) \
  [[maybe_unused]] static int arena_registration_ = Registry::Register(ARENA_STRINGIFY_(x), x::factory)

#endif  // Registry_hh
