// Info.hh: the settings and the state together, as in the original.
#ifndef Info_hh
#define Info_hh

#include "Settings.hh"
#include "State.hh"

class Info : public Settings, public State {
 public:
  // The characters of the lands in the original's board files, by code.
  static constexpr char code[5] = {' ', ':', '.', 'O', 'X'};

  // The original engine reads a board file here; in Arena the host sends
  // the board, so this reads nothing and says so.
  void read_grid(istream&) { cerr << "warning: read_grid(istream& is): the board comes from the host" << endl; }

  // Whether the state is consistent: units on the board where the board
  // says they are, lands known, the round in range.
  bool ok() {
    const arena::apocalypse::View& v = arena_view_;
    if (v.round < 0 or v.round > nb_rounds()) return false;
    for (int t : v.land)
      if (t < FOREST or t > MOUNTAIN) return false;
    for (const arena::apocalypse::Unit& u : v.soldiers)
      if (not pos_ok(u.i, u.j) or v.soldier_at[u.i * v.n + u.j] != u.id) return false;
    for (const arena::apocalypse::Unit& h : v.helis)
      if (not pos_ok(h.i, h.j) or v.heli_at[h.i * v.n + h.j] != h.id) return false;
    return true;
  }
};

#endif
