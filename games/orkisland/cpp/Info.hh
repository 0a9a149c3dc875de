// Info.hh: the settings and the state together.
#ifndef Info_hh
#define Info_hh

#include "Settings.hh"
#include "State.hh"

/**
 * Everything a player can read about the match.
 */
class Info : public Settings, public State {

public:

  /**
   * Reads a board in the original's format (two lines of column labels,
   * one labelled line per row, then "cities" and "paths"): the engine's
   * business, which players do not need. Uses rows() and cols().
   */
  void read_grid (istream& is);

  /**
   * Checks the state's invariants; prints the first broken one on cerr.
   */
  bool ok ();
};

inline void Info::read_grid (istream& is) {
  string label, row;
  is >> label >> label;  // the two lines of column numbers
  grid_rows_ = rows(), grid_cols_ = cols();
  grid_.assign(rows()*cols(), Cell());
  for (int i = 0; i < rows(); ++i) {
    is >> label >> row;
    _my_assert(int(row.size()) == cols(), "Row " << i << " has " << row.size() << " cells.");
    for (int j = 0; j < cols(); ++j) grid_[i*cols() + j].type = char2CellType(row[j]);
  }
  int n = 0;
  is >> label >> n;
  _my_assert(label == "cities" and n >= 0, "Expected 'cities'.");
  city_.assign(n, City());
  for (int k = 0; k < n; ++k) {
    int size = 0;
    is >> size;
    for (int c = 0; c < size; ++c) {
      Pos p;
      is >> p.i >> p.j;
      _my_assert(pos_ok(p) and grid_[p.i*cols() + p.j].type == CITY, "City " << k << " at " << p << ".");
      grid_[p.i*cols() + p.j].city_id = k;
      city_[k].push_back(p);
    }
  }
  is >> label >> n;
  _my_assert(label == "paths" and n >= 0, "Expected 'paths'.");
  path_.assign(n, Path());
  for (int k = 0; k < n; ++k) {
    int size = 0;
    is >> path_[k].first.first >> path_[k].first.second >> size;
    for (int c = 0; c < size; ++c) {
      Pos p;
      is >> p.i >> p.j;
      _my_assert(pos_ok(p) and grid_[p.i*cols() + p.j].type == PATH, "Path " << k << " at " << p << ".");
      grid_[p.i*cols() + p.j].path_id = k;
      path_[k].second.push_back(p);
    }
  }
  city_owner_.assign(city_.size(), -1);
  path_owner_.assign(path_.size(), -1);
}

inline bool Info::ok () {
  if (grid_rows_ != rows() or grid_cols_ != cols() or int(grid_.size()) != rows()*cols()) {
    cerr << "error: the grid is not rows() x cols()" << endl;
    return false;
  }
  for (int i = 0; i < rows(); ++i)
    for (int j = 0; j < cols(); ++j) {
      const Cell& c = grid_[i*cols() + j];
      bool border = i == 0 or j == 0 or i == rows() - 1 or j == cols() - 1;
      if (c.type < WATER or c.type >= CELL_TYPE_SIZE or (border and c.type != WATER)) {
        cerr << "error: cell at position " << Pos(i, j) << " has a wrong type" << endl;
        return false;
      }
      if ((c.type == CITY) != (c.city_id >= 0 and c.city_id < nb_cities()) or
          (c.type == PATH) != (c.path_id >= 0 and c.path_id < nb_paths())) {
        cerr << "error: cell at position " << Pos(i, j) << " has a wrong city or path" << endl;
        return false;
      }
      if (c.unit_id != -1 and (c.type == WATER or c.unit_id < 0 or c.unit_id >= nb_units() or
                               unit_[c.unit_id].pos != Pos(i, j))) {
        cerr << "error: cell at position " << Pos(i, j) << " has a wrong unit" << endl;
        return false;
      }
    }
  for (int k = 0; k < nb_cities(); ++k)
    for (const Pos& p : city_[k])
      if (not pos_ok(p) or grid_[p.i*cols() + p.j].city_id != k) {
        cerr << "error: city " << k << " has a wrong cell" << endl;
        return false;
      }
  for (int k = 0; k < nb_paths(); ++k) {
    const Path& path = path_[k];
    if (path.first.first < 0 or path.first.first >= nb_cities() or
        path.first.second < 0 or path.first.second >= nb_cities()) {
      cerr << "error: path " << k << " joins unknown cities" << endl;
      return false;
    }
    for (const Pos& p : path.second)
      if (not pos_ok(p) or grid_[p.i*cols() + p.j].path_id != k) {
        cerr << "error: path " << k << " has a wrong cell" << endl;
        return false;
      }
  }
  int listed = 0;
  for (int pl = 0; pl < int(orks_.size()); ++pl)
    for (int id : orks_[pl]) {
      ++listed;
      if (id < 0 or id >= nb_units() or unit_[id].player != pl) {
        cerr << "error: ork " << id << " is not player " << pl << "'s" << endl;
        return false;
      }
    }
  for (int id = 0; id < nb_units(); ++id) {
    const Unit& u = unit_[id];
    if (u.id != id or not player_ok(u.player) or u.health < 0 or not pos_ok(u.pos) or
        grid_[u.pos.i*cols() + u.pos.j].unit_id != id) {
      cerr << "error: unit " << id << " is inconsistent" << endl;
      return false;
    }
  }
  if (listed != nb_units()) {
    cerr << "error: " << listed << " orks listed for " << nb_units() << " units" << endl;
    return false;
  }
  return true;
}

#endif
