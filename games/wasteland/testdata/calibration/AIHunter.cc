#include "Player.hh"

using namespace std;

/**
 * Write the name of your player and save this file
 * as AI<name>.cc
 */
#define PLAYER_NAME Hunter

// Each car:
//  - shoots an enemy car one or two cells ahead (the missile gets there at
//    once, 30 points);
//  - otherwise drives to the nearest water (BFS), or to the nearest gas when
//    its gas runs low;
//  - never ends its move where a missile or an enemy car can hit it next.

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<vector<bool>> Mat;

  vector<Dir> dirs;
  Mat danger;    // cells where a car should not end its move this round
  Mat reserved;  // cells taken by my cars this round

  int col(Pos p) {
    int u = number_universe_columns();
    return ((second(p) % u) + u) % u;
  }

  bool in_rows(Pos p) { return first(p) >= 0 and first(p) < number_rows(); }

  void mark(Mat& m, Pos p) {
    if (in_rows(p)) m[first(p)][col(p)] = true;
  }

  bool marked(const Mat& m, Pos p) { return m[first(p)][col(p)]; }

  bool blocking(CType t) { return t == TYRE or t == CAR or t == MISSILE; }

  // Cells a car goes through moving from p in direction d (target included).
  vector<Pos> path_cells(Pos p, Dir d) {
    vector<Pos> v;
    int di = first(d), dj = second(d);
    if (dj == 0) {
      if (di != 0) v.push_back(p + d);
      return v;
    }
    v.push_back(p + Dir(0, 1));
    if (di != 0) {
      v.push_back(p + Dir(di, 0));
      v.push_back(p + Dir(di, 1));
    }
    if (dj == 2) {
      v.push_back(p + Dir(0, 2));
      if (di != 0) v.push_back(p + Dir(di, 2));
    }
    return v;
  }

  bool free_way(Pos p, Dir d) {
    for (Pos q : path_cells(p, d)) {
      if (not in_rows(q)) return false;
      if (blocking(cell(q).type) or marked(reserved, q)) return false;
    }
    return true;
  }

  void compute_danger() {
    int n = number_rows(), u = number_universe_columns();
    danger = Mat(n, vector<bool>(u, false));
    // Missiles move 2 cells at the start of the next round and again the
    // round after.
    map<Missile_Id, Missile> ms = missiles();
    for (auto& it : ms) {
      Pos m = it.second.pos;
      for (int k = 1; k <= 4; ++k) mark(danger, m + Dir(0, k));
    }
    // Enemy cars may move to any of their targets, or shoot right ahead.
    for (Car_Id id = 0; id < number_cars(); ++id) {
      if (player_of(id) == me()) continue;
      Car e = car(id);
      if (not e.alive) continue;
      for (Dir d : dirs) mark(danger, e.pos + d);
      if (e.nb_miss > 0)
        for (int k = 1; k <= 4; ++k) mark(danger, e.pos + Dir(0, k));
    }
  }

  // BFS from the car to the nearest cell of type want; returns its first move.
  bool bfs(const Car& c, CType want, Dir& res, int& dist_found) {
    int n = number_rows(), u = number_universe_columns();
    vector<vector<int>> dist(n, vector<int>(u, -1));
    vector<vector<Dir>> fd(n, vector<Dir>(u, DEFAULT));
    queue<Pos> q;
    dist[first(c.pos)][col(c.pos)] = 0;
    q.push(c.pos);
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      int d = dist[first(p)][col(p)];
      if (d > 0 and cell(p).type == want) {
        res = fd[first(p)][col(p)];
        dist_found = d;
        return true;
      }
      for (Dir dir : dirs) {
        if (dir == SLOW) continue;
        Pos np = p + dir;
        if (not within_window(np, round() + 1 + d)) continue;
        if (dist[first(np)][col(np)] != -1) continue;
        if (not free_way(p, dir)) continue;
        if (d == 0 and marked(danger, np)) continue;
        // a bonus passed on the way counts as reached
        dist[first(np)][col(np)] = d + 1;
        fd[first(np)][col(np)] = (d == 0 ? dir : fd[first(p)][col(p)]);
        q.push(np);
      }
    }
    return false;
  }

  bool enemy_ahead(const Car& c) {
    for (int k = 1; k <= 2; ++k) {
      Cell x = cell(c.pos + Dir(0, k));
      if (x.type == CAR) return player_of(x.cid) != me();
      if (x.type != EMPTY) return false;
    }
    return false;
  }

  void go(Car_Id id, Pos p, Dir d) {
    move(id, d);
    for (Pos q : path_cells(p, d)) mark(reserved, q);
    mark(reserved, p + d);
  }

  virtual void play () {
    if (round() == 0) {
      dirs = {DEFAULT, UP, DOWN, FAST, FAST_UP, FAST_DOWN, SLOW_UP, SLOW_DOWN, SLOW};
    }
    compute_danger();
    reserved = Mat(number_rows(), vector<bool>(number_universe_columns(), false));

    for (Car_Id id = begin(me()); id < end(me()); ++id) {
      Car c = car(id);
      if (not c.alive) continue;

      if (c.nb_miss > 0 and enemy_ahead(c)) {
        shoot(id);
        mark(reserved, c.pos + DEFAULT);
        continue;
      }

      Dir d;
      int dw = 1000, dg = 1000;
      Dir to_water = DEFAULT, to_gas = DEFAULT;
      bool w = bfs(c, WATER_BONUS, to_water, dw);
      bool g = bfs(c, GAS_BONUS, to_gas, dg);
      if (g and (c.gas < 25 or (c.gas < 45 and dg <= dw))) d = to_gas;
      else if (w) d = to_water;
      else if (g) d = to_gas;
      else {
        // nothing in sight: any safe move
        bool found = false;
        for (Dir x : dirs)
          if (within_window(c.pos + x, round() + 1) and free_way(c.pos, x) and not marked(danger, c.pos + x)) {
            d = x; found = true; break;
          }
        if (not found) d = DEFAULT;
      }
      go(id, c.pos, d);
    }
  }
};

/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
