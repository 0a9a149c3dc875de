// Registry.hh: RegisterPlayer, which a player file ends with. The bot plays
// the first player its file registers.
#ifndef Registry_hh
#define Registry_hh

#include "Utils.hh"
#include "arena/wire.hh"

class Player;

class Registry {
 public:
  typedef Player* (*Factory)();

  static int Register(const char* name, Factory fact) { return arena::Registry<Player>::add(name, fact); }

  // A new instance of the player registered under name; null if none is.
  static Player* new_player(string name) {
    for (auto& p : arena::Registry<Player>::players())
      if (p.first == name) return p.second();
    return nullptr;
  }

  static void print_players(ostream& os) {
    for (auto& p : arena::Registry<Player>::players()) os << p.first << endl;
  }
};

// The player's name is stringified after PLAYER_NAME is expanded.
#define ARENA_STRINGIFY(x) #x
#define RegisterPlayer(x) static int arena_registration_ = Registry::Register(ARENA_STRINGIFY(x), x::factory)

#endif
