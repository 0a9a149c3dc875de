#include "Player.hh"

using namespace std;

// A player as real students wrote them: every round it marks each
// opponent's position in grids indexed by that position, alive or not, in
// sight or not, as the original's poquemon(id) allows (it returns every
// Poquémon's record). Before the platform matched the original, an unseen
// opponent sat at (-1,-1) and this crashed in round 0.
#define PLAYER_NAME Grid

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  vector<vector<int> > visits;   // how often an opponent stood on each cell
  vector<vector<int> > last;     // the last round an opponent stood there

  virtual void play () {
    if (visits.empty()) {
      visits = vector<vector<int> >(rows(), vector<int>(cols(), 0));
      last = vector<vector<int> >(rows(), vector<int>(cols(), -1));
    }
    const Poquemon& p = poquemon(me());
    int seen = 0;
    for (int id = 0; id < nb_total_poquemon(); ++id) {
      if (id == me()) continue;
      const Poquemon& o = poquemon(id);
      check(pos_ok(o.pos));  // what the grids need
      visits[o.pos.i][o.pos.j] += o.alive;
      last[o.pos.i][o.pos.j] = round();
      // A living opponent's cell shows it only while it is in sight.
      int c = cell_id(o.pos);
      check(not o.alive or c == -1 or c == id);
      if (o.alive and c == id) ++seen;
    }
    if (round() == 10) {
      cout << "AIGrid cout: " << p.pos << " sees " << seen << endl;
      cerr << "AIGrid cerr: visits here " << visits[p.pos.i][p.pos.j] << endl;
    }
    if (not p.alive) return;

    // Attack the first opponent in reach that dies, else walk to the
    // neighbour opponents visited least, a bonus first.
    Dir dirs[4] = {Top, Bottom, Left, Right};
    for (Dir d : dirs) {
      Pos q = p.pos;
      for (int k = 0; k < p.scope; ++k) {
        q = dest(q, d);
        if (cell_type(q) == Wall) break;
        int id = cell_id(q);
        if (id != -1) {
          if (poquemon(id).defense <= p.attack) return attack(d);
          break;
        }
      }
    }
    Dir best = None;
    int best_score = -1000000;
    for (Dir d : dirs) {
      Pos n = dest(p.pos, d);
      if (cell_type(n) == Wall or cell_id(n) != -1 or ghost_wall(n) == 1) continue;
      int s = 100 * (cell_type(n) != Empty) - visits[n.i][n.j] + randomize(0, 20);
      if (s > best_score) {
        best_score = s;
        best = d;
      }
    }
    move(best);
  }

};

RegisterPlayer(PLAYER_NAME);
