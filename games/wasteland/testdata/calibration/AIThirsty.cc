#include "Player.hh"

using namespace std;

/**
 * Write the name of your player and save this file
 * as AI<name>.cc
 */
#define PLAYER_NAME Thirsty

// Only water gives points, so both cars look for the nearest water with a
// BFS and ignore the other bonuses (they take gas or missiles only when it
// is on the way). No FAST_UP/FAST_DOWN.

typedef vector<vector<int>> Matrix;

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  vector<Dir> my_dirs;

  int norm(int j) {
    int u = number_universe_columns();
    return ((j % u) + u) % u;
  }

  bool bad(Pos p) {
    if (not within_universe(p)) return true;
    CType t = cell(p).type;
    return t == TYRE or t == CAR or t == MISSILE;
  }

  bool safe_move(Pos p, Dir d) {
    int di = first(d), dj = second(d);
    if (dj == 0) return di == 0 or not bad(p + d);
    if (bad(p + Dir(0, 1))) return false;
    if (di != 0 and (bad(p + Dir(di, 0)) or bad(p + Dir(di, 1)))) return false;
    if (dj == 2 and bad(p + Dir(0, 2))) return false;
    return true;
  }

  bool find_water(Pos start, Dir& first_dir) {
    Matrix dist(number_rows(), vector<int>(number_universe_columns(), -1));
    vector<vector<Dir>> fst(number_rows(), vector<Dir>(number_universe_columns()));
    queue<Pos> Q;
    dist[first(start)][norm(second(start))] = 0;
    Q.push(start);
    while (not Q.empty()) {
      Pos p = Q.front(); Q.pop();
      int i = first(p), j = norm(second(p));
      if (dist[i][j] > 0 and cell(p).type == WATER_BONUS) {
        first_dir = fst[i][j];
        return true;
      }
      for (Dir d : my_dirs) {
        if (d == SLOW) continue;
        Pos n = p + d;
        if (not within_window(n, round() + 1 + dist[i][j])) continue;
        int ni = first(n), nj = norm(second(n));
        if (dist[ni][nj] != -1) continue;
        if (not safe_move(p, d)) continue;
        dist[ni][nj] = dist[i][j] + 1;
        fst[ni][nj] = (dist[i][j] == 0) ? d : fst[i][j];
        Q.push(n);
      }
    }
    return false;
  }

  virtual void play () {
    if (round() == 0) my_dirs = {DEFAULT, UP, DOWN, FAST, SLOW_UP, SLOW_DOWN, SLOW};

    for (Car_Id cid = begin(me()); cid != end(me()); ++cid) {
      Car c = car(cid);
      if (not c.alive) continue;
      Dir d;
      if (find_water(c.pos, d)) {
        move(cid, d);
      } else {
        for (Dir x : my_dirs) {
          if (within_window(c.pos + x, round() + 1) and safe_move(c.pos, x)) {
            move(cid, x);
            break;
          }
        }
      }
    }
  }
};

/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
