#include "Player.hh"

using namespace std;


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Bagger


// Goes for the nearest point bag (breadth-first search) and nothing else:
// no fights, no care for ghost walls or for the others.
struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<vector<int> > Matrix;

  // first step of a shortest way to the nearest bag, None if there is none
  Dir bfs (Pos start) {
    Matrix dist(rows(), vector<int>(cols(), -1));
    vector<vector<Dir> > first(rows(), vector<Dir>(cols(), None));
    queue<Pos> q;
    q.push(start);
    dist[start.i][start.j] = 0;
    Dir dirs[4] = {Top, Bottom, Left, Right};
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      if (p != start and cell_type(p) == Point) return first[p.i][p.j];
      for (int k = 0; k < 4; ++k) {
        Pos n = dest(p, dirs[k]);
        if (not pos_ok(n) or dist[n.i][n.j] != -1) continue;
        if (cell_type(n) == Wall or cell_id(n) != -1) continue;
        dist[n.i][n.j] = dist[p.i][p.j] + 1;
        first[n.i][n.j] = (p == start) ? dirs[k] : first[p.i][p.j];
        q.push(n);
      }
    }
    return None;
  }

  /**
   * Play method, invoked once per round.
   */
  virtual void play () {
    const Poquemon& p = poquemon(me());
    if (not p.alive) return;
    Dir d = bfs(p.pos);
    if (d == None) {
      Dir dirs[4] = {Top, Bottom, Left, Right};
      d = dirs[randomize() % 4];
    }
    move(d);
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
