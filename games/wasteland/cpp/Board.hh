// Board.hh: the state of the match as a player sees it (the original
// Mad Max 2020 API): the settings, every cell, car and missile of the
// universe, scores and CPU status. The host fills it before each round;
// the accessors only read what is here.
#ifndef Board_hh
#define Board_hh

#include "Utils.hh"
#include "Action.hh"

// What a cell holds.
enum CType { EMPTY, TYRE, CAR, MISSILE, WATER_BONUS, MISSILE_BONUS, GAS_BONUS };

inline ostream& operator<<(ostream& os, CType t) {
  switch (t) {
    case EMPTY: return os << "EMPTY";
    case TYRE: return os << "TYRE";
    case CAR: return os << "CAR";
    case MISSILE: return os << "MISSILE";
    case WATER_BONUS: return os << "WATER_BONUS";
    case MISSILE_BONUS: return os << "MISSILE_BONUS";
    case GAS_BONUS: return os << "GAS_BONUS";
  }
  return os;
}

// A cell: cid is the car's identifier when type is CAR, mid the missile's
// when type is MISSILE; otherwise -1.
struct Cell {
  CType type;
  Car_Id cid;
  Missile_Id mid;
};

// A car. A dead car keeps the position where it died; time is the number
// of rounds before it may regenerate.
struct Car {
  Car_Id cid;
  Pos pos;
  int nb_miss;
  int gas;
  bool alive;
  int time;
};

// A missile in flight, shot by car cid.
struct Missile {
  Missile_Id mid;
  Car_Id cid;
  Pos pos;
};

class Board {
 public:
  Board() {}

  // The settings.
  int number_players() const { return arena_params_[0]; }
  int number_rounds() const { return arena_params_[1]; }
  int number_rows() const { return arena_params_[2]; }
  int number_universe_columns() const { return arena_params_[3]; }
  int number_window_columns() const { return arena_params_[4]; }
  int number_cars_per_player() const { return arena_params_[5]; }
  int number_cars() const { return number_cars_per_player() * number_players(); }
  int number_rounds_to_regenerate() const { return arena_params_[6]; }
  int number_missile_bonuses() const { return arena_params_[7]; }
  int number_water_bonuses() const { return arena_params_[8]; }
  int number_gas_bonuses() const { return arena_params_[9]; }
  int bonus_missiles() const { return arena_params_[10]; }
  int bonus_gas() const { return arena_params_[11]; }
  int water_points() const { return arena_params_[12]; }
  int kill_points() const { return arena_params_[13]; }
  inline int initial_gas() const { return arena_params_[14]; }

  // within_universe reports whether p's row is valid (every column is).
  bool within_universe(const Pos& p) const {
    int i = first(p);
    return 0 <= i and i < number_rows();
  }

  // within_window reports whether p is within the window of round r: its
  // columns are r, r+1, ..., r+number_window_columns()-1 round the universe.
  bool within_window(const Pos& p, int r) const {
    if (not within_universe(p)) return false;
    int u = number_universe_columns(), w = number_window_columns();
    r %= u;
    int j = arena_normalize_(second(p));
    if (r + w <= u) return r <= j and j < r + w;
    return r <= j or j < r + w - u;
  }

  bool car_ok(Car_Id c) const { return c >= 0 and c < number_cars(); }
  bool player_ok(Player_Id p) const { return p >= 0 and p < number_players(); }

  // player_of is the player who commands car c.
  Player_Id player_of(Car_Id c) const {
    my_assert(car_ok(c));
    return c / number_cars_per_player();
  }

  // begin is player p's first car; end is one past its last.
  Car_Id begin(Player_Id p) const {
    my_assert(player_ok(p));
    return p * number_cars_per_player();
  }
  Car_Id end(Player_Id p) const {
    my_assert(player_ok(p));
    return (p + 1) * number_cars_per_player();
  }

  // round is the round being played, from 0.
  int round() const { return arena_round_; }

  // cell returns the cell at p; its column wraps.
  Cell cell(const Pos& p) const {
    my_assert(within_universe(p));
    return arena_cells_[first(p) * number_universe_columns() + arena_normalize_(second(p))];
  }

  Car car(Car_Id c) const {
    my_assert(car_ok(c));
    return arena_cars_[c];
  }

  // missiles returns the missiles in flight by identifier (a copy, as in
  // the original).
  map<Missile_Id, Missile> missiles() const { return arena_missiles_; }

  int score(Player_Id p) const {
    my_assert(player_ok(p));
    return arena_scores_[p];
  }

  // status is the fraction of its CPU budget player p has used, or -1 if
  // it is frozen.
  double status(Player_Id p) const {
    my_assert(player_ok(p));
    return arena_status_[p];
  }

  // randomize draws from the player's generator, which the match seeds
  // and reseeds before every round.
  int randomize() { return arena_rng_.next(); }
  int randomize(int l, int u) { return arena_rng_.range(l, u); }

 private:
  friend struct arena::wasteland::Session;

  int arena_normalize_(int j) const {
    int u = number_universe_columns();
    j %= u;
    return j < 0 ? j + u : j;
  }

  int arena_params_[15] = {};
  int arena_round_ = 0;
  vector<Cell> arena_cells_;     // row-major
  vector<CType> arena_terrain_;  // the cells without cars and missiles
  vector<int> arena_overlay_;    // cells holding a car or a missile
  vector<Car> arena_cars_;
  map<Missile_Id, Missile> arena_missiles_;
  vector<int> arena_scores_;
  vector<double> arena_status_;
  arena::wasteland::MinStd arena_rng_;
};

#endif  // Board_hh
