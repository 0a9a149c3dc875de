// Registry.hh: RegisterPlayer(NAME) registers a player class, as in the
// original; the bot plays with the first one registered.
#ifndef Registry_hh
#define Registry_hh

#include "Utils.hh"

using namespace std;

class Player;

class Registry {
 public:
  typedef Player* (*Factory)();

  static int Register(const char* name, Factory factory);
};

// stringification(x) expands x first: RegisterPlayer(PLAYER_NAME)
// registers the name PLAYER_NAME stands for.
#define stringification(s) #s
#define RegisterPlayer(x) static int registration = Registry::Register(stringification(x), x::factory)

#endif
