#include "Player.hh"

using namespace std;

/**
 * Write the name of your player and save this file
 * as AI<name>.cc
 */
#define PLAYER_NAME Lanes

// BFS from each car to the closest bonus of any kind, then follow the path
// back to know the first move. The diagonal fast moves are left out: they
// cross five cells and are hard to keep safe.

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  const vector<Dir> DIRS = {DEFAULT, UP, DOWN, FAST, SLOW_UP, SLOW_DOWN};

  int R, U;

  int idx(Pos p) {
    int j = second(p) % U;
    if (j < 0) j += U;
    return first(p) * U + j;
  }

  bool obstacle(Pos p) {
    CType t = cell(p).type;
    return t == TYRE or t == CAR or t == MISSILE;
  }

  bool bonus(Pos p) {
    CType t = cell(p).type;
    return t == WATER_BONUS or t == GAS_BONUS or t == MISSILE_BONUS;
  }

  // cells crossed by a move (see the statement)
  bool can_move(Pos p, Dir d) {
    vector<Dir> cross;
    if (d == SLOW_UP or d == SLOW_DOWN) cross = {d};
    else if (d == DEFAULT) cross = {DEFAULT};
    else if (d == FAST) cross = {DEFAULT, FAST};
    else if (d == UP) cross = {DEFAULT, SLOW_UP, UP};
    else if (d == DOWN) cross = {DEFAULT, SLOW_DOWN, DOWN};
    for (Dir x : cross) {
      if (not within_universe(p + x)) return false;
      if (obstacle(p + x)) return false;
    }
    return true;
  }

  bool search(Pos start, Dir& answer) {
    vector<int> dist(R * U, -1);
    vector<int> parent(R * U, -1);
    vector<Dir> how(R * U);
    queue<Pos> q;
    dist[idx(start)] = 0;
    q.push(start);
    while (not q.empty()) {
      Pos p = q.front(); q.pop();
      int k = idx(p);
      if (dist[k] > 0 and bonus(p)) {
        // go back to the first move
        while (parent[k] != idx(start)) k = parent[k];
        answer = how[k];
        return true;
      }
      for (Dir d : DIRS) {
        Pos n = p + d;
        if (not within_window(n, round() + 1 + dist[k])) continue;
        int kn = idx(n);
        if (dist[kn] != -1 or not can_move(p, d)) continue;
        dist[kn] = dist[k] + 1;
        parent[kn] = k;
        how[kn] = d;
        q.push(n);
      }
    }
    return false;
  }

  virtual void play () {
    R = number_rows();
    U = number_universe_columns();
    for (Car_Id id = begin(me()); id < end(me()); ++id) {
      Car c = car(id);
      if (not c.alive) continue;
      Dir d;
      if (search(c.pos, d)) move(id, d);
      else {
        for (Dir x : DIRS)
          if (within_window(c.pos + x, round() + 1) and can_move(c.pos, x)) {
            move(id, x);
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
