// Settings.hh: the parameters of the match, which do not change.
#ifndef Settings_hh
#define Settings_hh

#include "Structs.hh"

/**
 * The match's settings.
 */
class Settings {

public:

  static string version ();           // "OrkIsland 1.0"

  int nb_players () const;            // 4
  int rows () const;                  // rows of the board
  int cols () const;                  // columns of the board
  int columns () const;               // the same, as the statement names it
  int nb_rounds () const;             // rounds of the match
  int initial_health () const;        // an ork's health at the start and when it comes back
  int nb_orks () const;               // orks each player has at the start

  int cost_grass () const;            // health an ork loses moving onto GRASS
  int cost_forest () const;           // ... onto FOREST
  int cost_sand () const;             // ... onto SAND
  int cost_city () const;             // ... onto CITY
  int cost_path () const;             // ... onto PATH
  int cost (CellType t) const;        // ... onto t (not WATER)

  int bonus_per_city_cell () const;   // points per cell of a city held
  int bonus_per_path_cell () const;   // points per cell of a path held
  int factor_connected_component () const;  // a group of k cities earns factor * 2^k

  bool player_ok (int pl) const;      // whether pl is a player
  bool pos_ok (int i, int j) const;   // whether (i, j) is on the board
  bool pos_ok (Pos p) const;

  Settings () {
    for (int k = 0; k < 14; ++k) param_[k] = 0;
  }

private:

  friend class arena::OrkSession;
  friend class Info;

  // In the order of the setup frame (games/orkisland/proto.ParamNames):
  // nb_players, rows, cols, nb_rounds, initial_health, nb_orks, the costs
  // of GRASS to PATH, the two bonuses and the factor.
  int param_[14];
};

inline string Settings::version () { return string(GAME_NAME) + " " + string(VERSION); }

inline int Settings::nb_players () const { return param_[0]; }
inline int Settings::rows () const { return param_[1]; }
inline int Settings::cols () const { return param_[2]; }
inline int Settings::columns () const { return cols(); }
inline int Settings::nb_rounds () const { return param_[3]; }
inline int Settings::initial_health () const { return param_[4]; }
inline int Settings::nb_orks () const { return param_[5]; }
inline int Settings::cost_grass () const { return param_[5 + GRASS]; }
inline int Settings::cost_forest () const { return param_[5 + FOREST]; }
inline int Settings::cost_sand () const { return param_[5 + SAND]; }
inline int Settings::cost_city () const { return param_[5 + CITY]; }
inline int Settings::cost_path () const { return param_[5 + PATH]; }

inline int Settings::cost (CellType t) const {
  if (t >= GRASS and t <= PATH) return param_[5 + t];
  if (t == WATER) cerr << "warning: cost requested for CellType WATER" << endl;
  else cerr << "warning: cost requested for CellType " << int(t) << endl;
  return INT_MAX;
}

inline int Settings::bonus_per_city_cell () const { return param_[11]; }
inline int Settings::bonus_per_path_cell () const { return param_[12]; }
inline int Settings::factor_connected_component () const { return param_[13]; }

inline bool Settings::player_ok (int pl) const {
  return pl >= 0 and pl < nb_players();
}

inline bool Settings::pos_ok (int i, int j) const {
  return i >= 0 and i < rows() and j >= 0 and j < cols();
}

inline bool Settings::pos_ok (Pos p) const {
  return pos_ok(p.i, p.j);
}

#endif
