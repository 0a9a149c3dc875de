#include "Player.hh"


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Guardian


// Calibration bot (not offered to students): orks attack an adjacent enemy
// they surely beat; one ork stays on each city or path I own to hold it;
// the others walk (BFS) to the nearest free cell of a city or path that is
// not mine, one ork for each.

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

  // Cities are numbered 0..nb_cities()-1, paths after them.
  int structure (const Cell& c) {
    if (c.type == CITY) return c.city_id;
    if (c.type == PATH) return nb_cities() + c.path_id;
    return -1;
  }

  int owner (int s) {
    if (s < nb_cities()) return city_owner(s);
    return path_owner(s - nb_cities());
  }

  VI taken;   // structure -> an ork of mine is on it or going there

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
        int s = structure(c);
        if (s != -1 and owner(s) != me() and not taken[s]) {
          taken[s] = 1;
          return first[y.i][y.j];
        }
        q.push(y);
      }
    }
    return NONE;
  }

  // An adjacent enemy that u beats for sure, or NONE.
  Dir attack (const Unit& u) {
    for (int d = 0; d < 4; ++d) {
      Pos y = u.pos + Dir(d);
      if (not pos_ok(y)) continue;
      Cell c = cell(y);
      if (c.unit_id == -1) continue;
      Unit e = unit(c.unit_id);
      if (e.player != me() and u.health - cost(c.type) > e.health) return Dir(d);
    }
    return NONE;
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    taken = VI(nb_cities() + nb_paths(), 0);
    VI my = orks(me());
    VI walkers;
    for (int k = 0; k < int(my.size()); ++k) {
      Unit u = unit(my[k]);
      Dir a = attack(u);
      if (a != NONE) {
        execute(Command(u.id, a));
        continue;
      }
      int s = structure(cell(u.pos));
      if (s != -1 and not taken[s]) taken[s] = 1; // I hold this one
      else walkers.push_back(u.id);
    }
    for (int k = 0; k < int(walkers.size()); ++k) {
      Unit u = unit(walkers[k]);
      Dir d = bfs(u.pos);
      if (d != NONE) execute(Command(u.id, d));
    }
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
