#include "Player.hh"

using namespace std;


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Fighter


// Kills whatever it can reach; otherwise runs to the nearest bag
// (breadth-first; of two as near, the one worth more), never ending a
// round on a ghost wall about to appear.
struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  struct Node {
    Pos p;
    int d;
    Dir first;
  };

  Dir dirs[4] = {Top, Bottom, Left, Right};

  bool kill (const Poquemon& p) {
    for (Dir d : dirs) {
      Pos q = p.pos;
      for (int s = 0; s < p.scope; ++s) {
        q = dest(q, d);
        if (cell_type(q) == Wall) break;
        int id = cell_id(q);
        if (id == -1) continue;
        if (poquemon(id).defense <= p.attack) {
          attack(d);
          return true;
        }
        break;
      }
    }
    return false;
  }

  // a ghost wall that appears while we would be there
  bool trap (Pos p, int steps) {
    int t = ghost_wall(p);
    return t != -1 and cell_type(p) != Wall and t <= steps;
  }

  /**
   * Play method, invoked once per round.
   */
  virtual void play () {
    const Poquemon& p = poquemon(me());
    if (not p.alive) return;
    if (kill(p)) return;

    vector<vector<bool> > seen(rows(), vector<bool>(cols(), false));
    queue<Node> q;
    q.push({p.pos, 0, None});
    seen[p.pos.i][p.pos.j] = true;
    int bestd = -1, bestv = 0;
    Dir go = None;
    while (not q.empty()) {
      Node n = q.front();
      q.pop();
      if (bestd != -1 and n.d > bestd) break;
      if (n.d > 0 and cell_type(n.p) == Point and points_value(n.p) > bestv) {
        bestd = n.d;
        bestv = points_value(n.p);
        go = n.first;
      }
      for (Dir d : dirs) {
        Pos m = dest(n.p, d);
        if (not pos_ok(m) or seen[m.i][m.j]) continue;
        if (cell_type(m) == Wall or cell_id(m) != -1 or trap(m, n.d + 1)) continue;
        seen[m.i][m.j] = true;
        q.push({m, n.d + 1, n.d == 0 ? d : n.first});
      }
    }
    if (go == None) {
      for (Dir d : dirs) {
        Pos m = dest(p.pos, d);
        if (cell_type(m) != Wall and cell_id(m) == -1 and not trap(m, 1)) go = d;
      }
    }
    move(go);
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
