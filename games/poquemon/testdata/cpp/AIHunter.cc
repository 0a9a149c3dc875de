#include "Player.hh"

using namespace std;

#define PLAYER_NAME Hunter

struct PLAYER_NAME : public Player {

#define True 1

  static Player* factory () {
    return new PLAYER_NAME;
  }

  map<int, Pos> last_seen;   // opponents' last known positions
  stack<Pos> trail;
  list<int> kills;

  int manhattan (Pos a, Pos b) {
    return abs(a.i - b.i) + abs(a.j - b.j);
  }

  virtual void play () {
    const Poquemon& p = poquemon(me());
    for (int id = 0; id < nb_total_poquemon(); ++id) {
      const Poquemon& o = poquemon(id);
      if (id != me() and o.alive) last_seen[id] = o.pos;
    }
    if (round() == 10) {
      PRINT(p.pos);
      cout << "AIHunter cout: known " << last_seen.size() << endl;
      cerr << "AIHunter cerr: kills " << kills.size() << endl;
    }
    if (not p.alive) {
      while (not trail.empty()) trail.pop();
      return;
    }
    trail.push(p.pos);

    Dir dirs[4] = {Top, Bottom, Left, Right};
    for (Dir d : dirs) {
      Pos q = p.pos;
      for (int k = 0; k < p.scope; ++k) {
        q += d;
        if (cell_type(q) == Wall) break;
        int id = cell_id(q);
        if (id == -1) continue;
        bool strong = poquemon(id).defense <= p.attack;
        check(strong implies poquemon(id).alive);
        if (strong == True) {
          kills.push_back(id);
          attack(d);
          return;
        }
        break;
      }
    }

    // Head for the closest power-up, greedily.
    Pos goal = p.pos;
    int best = maxint;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) {
        CType t = cell_type(i, j);
        if (t == Attack or t == Stone or t == Defense) {
          int m = manhattan(p.pos, Pos(i, j));
          if (m < best) { best = m; goal = Pos(i, j); }
        }
      }
    Dir go = dirs[randomize(0, 3)];
    int gain = 0;
    for (Dir d : dirs) {
      Pos n = dest(p.pos, d);
      if (cell_type(n) == Wall or cell_id(n) != -1) continue;
      int g = manhattan(p.pos, goal) - manhattan(n, goal);
      if (g > gain) { gain = max(gain, g); go = d; }
    }
    move(go);
  }

};

RegisterPlayer(PLAYER_NAME);
