#include "Player.hh"
#include <bits/stdc++.h>

using namespace std;

#define PLAYER_NAME Cautious

typedef vector<vector<int> > Matrix;

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  // How dangerous each cell is: opponents in sight that could kill us there.
  Matrix danger () {
    Matrix m(rows(), vector<int>(cols(), 0));
    const Poquemon& p = poquemon(me());
    for (int id = 0; id < nb_total_poquemon(); ++id) {
      const Poquemon& o = poquemon(id);
      if (o.player == me() or not o.alive or o.attack < p.defense) continue;
      Dir ds[4] = {Top, Bottom, Left, Right};
      for (Dir d : ds) {
        Pos q = o.pos;
        for (int k = 0; k < o.scope; ++k) {
          q = q + d;
          if (not pos_ok(q) or cell_type(q) == Wall) break;
          m[q.i][q.j]++;
        }
      }
    }
    return m;
  }

  virtual void play () {
    const Poquemon& p = poquemon(me());
    if (round() % 80 == 2) {
      cout << "AICautious cout: " << p.pos << " " << cell_type(p.pos) << endl;
      cerr << "AICautious cerr: ghost " << ghost_wall(p.pos) << endl;
    }
    if (not p.alive) return;
    Matrix m = danger();
    deque<Dir> options = {Top, Bottom, Left, Right};
    function<int(Dir)> score = [&](Dir d) {
      Pos n = dest(p.pos, d);
      if (cell_type(n) == Wall or cell_id(n) != -1) return -1000;
      int g = ghost_wall(n);
      if (g == 1) return -500;
      return 10 * (cell_type(n) != Empty) - 5 * m[n.i][n.j] + randomize(0, 3);
    };
    map<Dir, int> scores;
    for (Dir d : options) scores[d] = score(d);
    sort(options.begin(), options.end(), [&](Dir a, Dir b) { return scores[a] > scores[b]; });
    if (scores[options.front()] > -500) move(options.front());
  }

};

RegisterPlayer(PLAYER_NAME);
