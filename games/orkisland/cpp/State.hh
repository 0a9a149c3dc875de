// State.hh: what changes during a match, as this player sees it.
#ifndef State_hh
#define State_hh

#include "Structs.hh"

/**
 * The state of the match at the round being played. A bad argument prints
 * a warning on cerr and returns a default, as in the original.
 */
class State {

public:

  int round () const;                 // from 0 to nb_rounds() - 1
  int total_score (int pl) const;     // points of player pl so far
  double status (int pl) const;       // fraction of pl's CPU budget used, in [0, 1]; < 0 if frozen

  Cell cell (int i, int j) const;     // a copy of the cell at (i, j)
  Cell cell (Pos p) const;

  int nb_units () const;              // orks of all players
  Unit unit (int id) const;           // ork id, 0 <= id < nb_units()

  typedef vector<Pos> City;           // the cells of a city
  int nb_cities () const;
  City city (int id) const;
  int city_owner (int id) const;      // who holds city id, -1 nobody

  typedef pair< pair<int,int>, vector<Pos> > Path;  // its two cities, and its cells in order
  int nb_paths () const;
  Path path (int id) const;
  int path_owner (int id) const;      // who holds path id, -1 nobody

  vector<int> orks (int pl);          // the ids of player pl's orks, in increasing order

  State () : grid_rows_(0), grid_cols_(0), round_(0) { }

private:

  friend class arena::OrkSession;
  friend class Info;

  int grid_rows_, grid_cols_;
  vector<Cell> grid_;  // row-major
  vector<City> city_;
  vector<Path> path_;
  vector<int> city_owner_;
  vector<int> path_owner_;
  vector<Unit> unit_;
  vector< vector<int> > orks_;  // per player, kept by the session
  int round_;
  vector<int> total_score_;
  vector<double> cpu_status_;
};

inline int State::round () const {
  return round_;
}

inline int State::total_score (int pl) const {
  if (pl >= 0 and pl < int(total_score_.size())) return total_score_[pl];
  cerr << "warning: total score requested for player " << pl << endl;
  return -1;
}

inline double State::status (int pl) const {
  if (pl >= 0 and pl < int(cpu_status_.size())) return cpu_status_[pl];
  cerr << "warning: status requested for player " << pl << endl;
  return -2;
}

inline Cell State::cell (int i, int j) const {
  if (i >= 0 and i < grid_rows_ and j >= 0 and j < grid_cols_) return grid_[i*grid_cols_ + j];
  cerr << "warning: cell requested for position " << Pos(i, j) << endl;
  return Cell();
}

inline Cell State::cell (Pos p) const {
  return cell(p.i, p.j);
}

inline int State::nb_units () const {
  return unit_.size();
}

inline Unit State::unit (int id) const {
  if (id >= 0 and id < nb_units()) return unit_[id];
  cerr << "warning: unit requested for identifier " << id << endl;
  return Unit();
}

inline int State::nb_cities () const {
  return city_.size();
}

inline State::City State::city (int id) const {
  if (id >= 0 and id < nb_cities()) return city_[id];
  cerr << "warning: city requested for identifier " << id << endl;
  return City();
}

inline int State::city_owner (int id) const {
  if (id >= 0 and id < nb_cities()) return city_owner_[id];
  cerr << "warning: city owner requested for identifier " << id << endl;
  return -1;
}

inline int State::nb_paths () const {
  return path_.size();
}

inline State::Path State::path (int id) const {
  if (id >= 0 and id < nb_paths()) return path_[id];
  cerr << "warning: path requested for identifier " << id << endl;
  return Path();
}

inline int State::path_owner (int id) const {
  if (id >= 0 and id < nb_paths()) return path_owner_[id];
  cerr << "warning: path owner requested for identifier " << id << endl;
  return -1;
}

inline vector<int> State::orks (int pl) {
  if (pl >= 0 and pl < int(orks_.size())) return orks_[pl];
  cerr << "warning: orks requested for player " << pl << endl;
  return vector<int>();
}

#endif
