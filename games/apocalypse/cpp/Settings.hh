// Settings.hh: the game's parameters. The constants are the original's
// (this game's defaults); the methods tell the match being played, which
// a tournament may set otherwise (the bot then warns on cerr at its start).
#ifndef Settings_hh
#define Settings_hh

#include "Structs.hh"

namespace arena { namespace apocalypse { struct Session; } }

class Settings {
 public:
  // constexpr (so implicitly inline): a player may bind them to references,
  // as min(MAX, x) does, without a definition elsewhere.
  static constexpr int NUM_PLAYERS = 4;       // players
  static constexpr int GAME_ROUNDS = 200;     // rounds of a match
  static constexpr int MAX         = 60;      // rows and columns of the board

  static constexpr int NUM_SOLDIERS    = 20;  // soldiers per player at the start
  static constexpr int NUM_HELICOPTERS = 2;   // helicopters per player
  static constexpr int NUM_POSTS       = 16;  // posts

  static constexpr int LIFE          = 100;   // a new soldier's life points
  static constexpr int FOREST_DAMAGE = 20;    // least damage of an attack in a forest (most: twice)
  static constexpr int GRASS_DAMAGE  = 50;    // least damage of an attack on grass (most: twice)

  static constexpr int ROUNDS_NAPALM = 30;    // rounds before napalm is ready again
  static constexpr int REACH         = 2;     // napalm burns the (2*REACH+1)² square below

  static constexpr int FOREST_BURNS = 10;     // rounds a forest cell burns
  static constexpr int OTHER_BURNS  = 5;      // rounds any other cell burns
  static constexpr int PROB_FIRE    = 10;     // percent chance that fire spreads to a forest

  static constexpr int ROUNDS_JUMP = 20;      // rounds a parachuter can wait to jump
  static constexpr int MAX_JUMP    = 4;       // jumps per player and round

  static constexpr int HIGH_VALUE = 100;      // value of the most valuable posts
  static constexpr int LOW_VALUE  = 50;       // value of the least valuable posts

  static string version() { return "ApocalypseNow2018 3.0"; }

  int nb_players() const { return arena_players_; }
  int nb_rounds() const { return arena_rounds_; }
  bool player_ok(int pl) const { return pl >= 0 and pl < arena_players_; }
  bool pos_ok(int i, int j) const { return i >= 0 and i < arena_max_ and j >= 0 and j < arena_max_; }
  bool pos_ok(const Position& p) const { return pos_ok(p.i, p.j); }

 private:
  friend struct arena::apocalypse::Session;
  int arena_players_ = NUM_PLAYERS, arena_rounds_ = GAME_ROUNDS, arena_max_ = MAX;
};

#endif
