// Registry.hh: RegisterPlayer, which makes a player file's class the bot.
#ifndef Registry_hh
#define Registry_hh

#include "Utils.hh"

class Player;

/**
 * The players a file registers; the bot plays the first one.
 */
class Registry {

public:

  typedef Player* (*Factory)();

  static int Register (const char* name, Factory fact);

  static Player* new_player (string name);

  static void print_players (ostream& os);
};

inline int Registry::Register (const char* name, Factory fact) {
  return arena::Registry<Player>::add(name, fact);
}

inline Player* Registry::new_player (string name) {
  for (const auto& p : arena::Registry<Player>::players())
    if (p.first == name) return p.second();
  _my_assert(false, "Player " + name + " not registered.");
  return 0;
}

inline void Registry::print_players (ostream& os) {
  set<string> names;
  for (const auto& p : arena::Registry<Player>::players()) names.insert(p.first);
  for (const string& n : names) os << n << endl;
}

// Two macros, so that PLAYER_NAME is expanded before it is stringified.
#define _stringification(s) #s
#define RegisterPlayer(x) static int registration = \
        Registry::Register(_stringification(x), x::factory)

#endif
