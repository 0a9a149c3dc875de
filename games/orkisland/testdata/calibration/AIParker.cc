#include "Player.hh"


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Parker


// Calibration bot (not offered to students): each ork walks (BFS) to the
// nearest free city or path cell that is not mine and stays there for the
// rest of the match. No fighting, no health care.

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  /**
   * Types and attributes for your player can be defined here.
   */
  typedef vector<int> VI;
  typedef vector<VI> VVI;

  bool is_structure (const Cell& c) {
    return c.type == CITY or c.type == PATH;
  }

  bool mine (const Cell& c) {
    if (c.type == CITY) return city_owner(c.city_id) == me();
    if (c.type == PATH) return path_owner(c.path_id) == me();
    return false;
  }

  // BFS from p to the nearest empty city or path cell that is not mine.
  // Returns the first step, or NONE.
  Dir bfs (Pos p) {
    VVI seen(rows(), VI(cols(), 0));
    vector<vector<Dir> > first(rows(), vector<Dir>(cols(), NONE));
    queue<Pos> q;
    q.push(p);
    seen[p.i][p.j] = 1;
    while (not q.empty()) {
      Pos x = q.front(); q.pop();
      for (int d = 0; d < 4; ++d) {
        Pos y = x + Dir(d);
        if (not pos_ok(y) or seen[y.i][y.j]) continue;
        Cell c = cell(y);
        if (c.type == WATER or c.unit_id != -1) continue;
        seen[y.i][y.j] = 1;
        first[y.i][y.j] = (x == p ? Dir(d) : first[x.i][x.j]);
        if (is_structure(c) and not mine(c)) return first[y.i][y.j];
        q.push(y);
      }
    }
    return NONE;
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    VI my = orks(me());
    for (int k = 0; k < int(my.size()); ++k) {
      Unit u = unit(my[k]);
      if (is_structure(cell(u.pos))) continue; // arrived: stay here
      Dir d = bfs(u.pos);
      if (d != NONE) execute(Command(u.id, d));
    }
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
