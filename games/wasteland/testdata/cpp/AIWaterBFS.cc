// A student's player: breadth-first search to the nearest water bonus,
// only "Player.hh" included, debug lines on cerr and cout.
#include "Player.hh"

#define INF 999999;

using namespace std;

/**
 * Write the name of your player and save this file
 * as AI<name>.cc
 */
#define PLAYER_NAME WaterBFS

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;
  typedef vector<VI> VVI;

  vector<Dir> dirs;
  int water_taken = 0;

  bool blocked (Pos p) {
    CType t = cell(p).type;
    return t == TYRE or t == CAR or t == MISSILE;
  }

  // Every cell a move passes through must be free.
  bool safe (Pos p, Dir d) {
    for (Dir s : dir2all.at(d))
      if (blocked(p + s)) return false;
    return true;
  }

  // BFS over the window; returns the first move towards the nearest water.
  Dir bfs (Pos start) {
    int n = number_rows(), m = number_universe_columns();
    VVI dist(n, VI(m, INT_MAX));
    map<pair<int,int>, Dir> firstmove;
    queue<Pos> q;
    dist[first(start)][second(start) % m] = 0;
    q.push(start);
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      int d = dist[first(p)][((second(p) % m) + m) % m];
      for (Dir dir : dirs) {
        Pos np = p + dir;
        if (not within_window(np, round() + 1 + d)) continue;
        if (not within_window(np, round() + 1)) continue;
        int j = ((second(np) % m) + m) % m;
        if (dist[first(np)][j] != INT_MAX) continue;
        if (not safe(p, dir)) continue;
        dist[first(np)][j] = d + 1;
        pair<int,int> key(first(np), j);
        if (p == start) firstmove[key] = dir;
        else firstmove[key] = firstmove[make_pair(first(p), ((second(p) % m) + m) % m)];
        if (cell(np).type == WATER_BONUS or cell(np).type == GAS_BONUS) return firstmove[key];
        q.push(np);
      }
    }
    return SLOW;
  }

  virtual void play () {
    if (round() == 0) {
      dirs = {DEFAULT, UP, DOWN, FAST, FAST_UP, FAST_DOWN, SLOW_UP, SLOW_DOWN};
      cout << "WaterBFS on cout: hello from player " << me() << endl;
    }
    int best = INF
    for (Car_Id cid = begin(me()); cid != end(me()); ++cid) {
      Car c = car(cid);
      if (not c.alive) continue;
      Dir d = bfs(c.pos);
      if (d != SLOW) move(cid, d);
      else if (c.nb_miss > 0) shoot(cid);
      best = min(best, c.gas);
    }
    if (round() % 50 == 0) {
      cerr << "round " << round() << " score " << score(me()) << " min gas " << best << endl;
      cout << "WaterBFS on cout: round " << round() << endl;
    }
  }
};

RegisterPlayer(PLAYER_NAME);
