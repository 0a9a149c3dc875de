// A student's player that is also named Demo: a mutable global, goto,
// recursion over the cells, a big array on the stack, vector::at and a
// macro defined inside the class.
#include "Player.hh"

#define PLAYER_NAME Demo

int rounds_played = 0;  // a mutable global at namespace scope

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

#define True 1

  // Flood fill, recursively, over the free cells of the next window
  // reachable from p by SLOW_UP, SLOW_DOWN and DEFAULT steps; counts the
  // water bonuses found.
  int fill (Pos p, int seen[20][100], int depth) {
    int u = number_universe_columns();
    int j = ((second(p) % u) + u) % u;
    if (not within_window(p, round() + 1) or seen[first(p)][j]) return 0;
    CType t = cell(p).type;
    if (t == TYRE or t == MISSILE) return 0;
    seen[first(p)][j] = True;
    int water = t == WATER_BONUS ? 1 : 0;
    if (depth > 2000) return water;
    water += fill(p + SLOW_UP, seen, depth + 1);
    water += fill(p + SLOW_DOWN, seen, depth + 1);
    water += fill(p + DEFAULT, seen, depth + 1);
    return water;
  }

  virtual void play () {
    ++rounds_played;
    int scratch[180][200];  // about 140 KB on the stack, as students do
    for (int i = 0; i < 180; ++i)
      for (int j = 0; j < 200; ++j) scratch[i][j] = i ^ j;

    vector<Dir> dirs = {UP, DEFAULT, DOWN, FAST_UP, FAST, FAST_DOWN};
    for (Car_Id cid = begin(me()); cid != end(me()); ++cid) {
      Car c = car(cid);
      if (not c.alive) goto next_car;
      {
        int best = -1, best_water = -1;
        for (int k = 0; k < (int)dirs.size(); ++k) {
          Pos t = c.pos + dirs.at(k);
          if (not within_window(t, round() + 1)) continue;
          bool ok = true;
          for (Dir s : dir2all.at(dirs.at(k))) {
            CType ct = cell(c.pos + s).type;
            if (ct == TYRE or ct == CAR or ct == MISSILE) ok = false;
          }
          if (not ok) continue;
          int seen[20][100] = {};
          int w = fill(t, seen, 0) + scratch[k][k] % 1;
          if (w > best_water) best_water = w, best = k;
        }
        if (best < 0) goto next_car;
        move(cid, dirs.at(best));
      }
    next_car:;
    }
    if (rounds_played % 100 == 1) cout << "Demo on cout: played " << rounds_played << " rounds" << endl;
  }
};

RegisterPlayer(PLAYER_NAME);
