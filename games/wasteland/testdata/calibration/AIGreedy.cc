#include "Player.hh"

using namespace std;

/**
 * Write the name of your player and save this file
 * as AI<name>.cc
 */
#define PLAYER_NAME Greedy

// Each car drives to the nearest bonus (any kind), found with a BFS over the
// cells. Tyres, cars and missiles are walls. No shooting, no dodging.

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  vector<Dir> dirs;

  bool is_bonus(CType t) {
    return t == WATER_BONUS or t == GAS_BONUS or t == MISSILE_BONUS;
  }

  // The cells a car goes through when it moves from p in direction d.
  vector<Pos> path_cells(Pos p, Dir d) {
    vector<Pos> v;
    int di = first(d), dj = second(d);
    if (dj >= 1) v.push_back(p + Dir(0, 1));
    if (di != 0 and dj >= 1) v.push_back(p + Dir(di, 0));
    if (di != 0 and dj >= 1) v.push_back(p + Dir(di, 1));
    if (dj == 2) v.push_back(p + Dir(0, 2));
    if (di != 0 and dj == 2) v.push_back(p + Dir(di, 2));
    if (dj == 0 and di != 0) v.push_back(p + d);
    return v;
  }

  bool free_way(Pos p, Dir d) {
    vector<Pos> v = path_cells(p, d);
    for (Pos q : v) {
      CType t = cell(q).type;
      if (t == TYRE or t == CAR or t == MISSILE) return false;
    }
    return true;
  }

  int col(Pos p) {
    int u = number_universe_columns();
    return ((second(p) % u) + u) % u;
  }

  // BFS from the car; returns the first direction towards the nearest bonus.
  bool bfs(const Car& c, Dir& res) {
    int n = number_rows(), u = number_universe_columns();
    vector<vector<int>> dist(n, vector<int>(u, -1));
    vector<vector<Dir>> firstdir(n, vector<Dir>(u, DEFAULT));
    queue<Pos> q;
    dist[first(c.pos)][col(c.pos)] = 0;
    q.push(c.pos);
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      int d = dist[first(p)][col(p)];
      if (d > 0 and is_bonus(cell(p).type)) {
        res = firstdir[first(p)][col(p)];
        return true;
      }
      for (Dir dir : dirs) {
        if (dir == SLOW) continue;
        Pos np = p + dir;
        if (not within_window(np, round() + 1 + d)) continue;
        if (dist[first(np)][col(np)] != -1) continue;
        if (not free_way(p, dir)) continue;
        dist[first(np)][col(np)] = d + 1;
        firstdir[first(np)][col(np)] = (d == 0 ? dir : firstdir[first(p)][col(p)]);
        q.push(np);
      }
    }
    return false;
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    if (round() == 0) {
      dirs = {DEFAULT, UP, DOWN, FAST, FAST_UP, FAST_DOWN, SLOW_UP, SLOW_DOWN, SLOW};
    }
    for (Car_Id cid = begin(me()); cid != end(me()); ++cid) {
      Car c = car(cid);
      if (not c.alive) continue;
      Dir d;
      if (bfs(c, d)) move(cid, d);
      else {
        // nothing to go to: avoid what is ahead
        for (Dir dir : dirs)
          if (within_window(c.pos + dir, round() + 1) and free_way(c.pos, dir)) {
            move(cid, dir);
            break;
          }
      }
    }
  }
};

/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
