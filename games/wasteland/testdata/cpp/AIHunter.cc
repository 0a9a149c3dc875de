// A student's player: <bits/stdc++.h> before Player.hh and <map> after it,
// the original's `contains`, missiles(), its own Random_generator, a set
// of dangerous cells and a map keyed by directions.
#include <bits/stdc++.h>
#include "Player.hh"
#include <map>

using namespace std;

#define PLAYER_NAME Hunter

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  Random_generator rng;
  map<Dir, int, Cmp> used;
  set<pair<int,int>> danger;

  int norm (int j) {
    int u = number_universe_columns();
    return ((j % u) + u) % u;
  }

  // Cells that missiles will cross next round.
  void mark_missiles () {
    danger.clear();
    map<Missile_Id, Missile> ms = missiles();
    for (auto it = ms.begin(); it != ms.end(); ++it)
      for (int k = 0; k <= 2; ++k)
        danger.insert(make_pair(first(it->second.pos), norm(second(it->second.pos) + k)));
  }

  bool good (Pos p, Dir d) {
    if (not within_window(p + d, round() + 1)) return false;
    for (Dir s : dir2all.at(d)) {
      Pos q = p + s;
      if (danger.contains(make_pair(first(q), norm(second(q))))) return false;
      CType t = cell(q).type;
      if (t == TYRE or t == CAR or t == MISSILE) return false;
    }
    return true;
  }

  virtual void play () {
    if (round() == 0) {
      rng.srandomize(1000 + me());
      cout << "Hunter on cout: my status is " << status(me()) << endl;
    }
    mark_missiles();
    vector<Dir> all = {UP, DEFAULT, DOWN, FAST_UP, FAST, FAST_DOWN, SLOW_UP, SLOW_DOWN};
    for (Car_Id cid = begin(me()); cid != end(me()); ++cid) {
      Car c = car(cid);
      if (not c.alive) continue;
      // Shoot a car of another player two cells ahead.
      for (int k = 1; k <= 2; ++k) {
        Cell x = cell(c.pos + Dir(0, k));
        if (x.type == CAR and player_of(x.cid) != me() and c.nb_miss > 0) {
          shoot(cid);
          cerr << "round " << round() << ": car " << cid << " shoots at " << x.type << " " << x.cid << endl;
          goto done;
        }
      }
      {
        // Prefer a bonus within reach, else a random safe direction.
        for (Dir d : all) {
          if (not good(c.pos, d)) continue;
          CType t = cell(c.pos + d).type;
          if (t == WATER_BONUS or t == GAS_BONUS or t == MISSILE_BONUS) {
            move(cid, d);
            used[d]++;
            goto done;
          }
        }
        for (int tries = 0; tries < 5; ++tries) {
          Dir d = all[rng.randomize(0, all.size() - 1)];
          if (good(c.pos, d)) {
            move(cid, d);
            used[d]++;
            break;
          }
        }
      }
    done:;
    }
    if (round() == number_rounds() - 1) {
      cout << "Hunter on cout: moves used";
      for (auto& x : used) cout << " " << x.first << "x" << x.second;
      cout << endl;
    }
  }
};

RegisterPlayer(PLAYER_NAME);
