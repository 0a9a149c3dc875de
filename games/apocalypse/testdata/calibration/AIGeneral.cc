#include "Player.hh"

/**
 * Reference bot of the calibration (not offered to students). Each round
 * it computes, by one breadth-first search from every post that is not
 * ours, how far each cell is from the nearest of them. Soldiers attack the
 * weakest enemy next to them (on grass first, where blows hurt more), keep
 * a post they hold, and otherwise step down that distance, keeping off
 * fire and off forest next to a burning forest. Helicopters throw napalm
 * where it burns enemies and none of ours, and otherwise fly as the Demo's
 * do; parachuters jump at once onto posts not ours below, else onto free
 * land.
 */
#define PLAYER_NAME General


struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static constexpr int I[8] = { 1, 1, 0, -1, -1, -1,  0,  1 };
  static constexpr int J[8] = { 0, 1, 1,  1,  0, -1, -1, -1 };

  typedef vector<int> VI;
  typedef vector<VI>  VVI;

  VVI dist;   // steps to the nearest post not ours, -1 if unreachable
  VVI taken;  // cells a soldier of ours moves to or lands on this round

  bool safe(int i, int j) {
    if (not pos_ok(i, j)) return false;
    int t = what(i, j);
    if ((t != FOREST and t != GRASS) or fire_time(i, j) > 0) return false;
    if (t == FOREST)
      for (int k = 0; k < 8; k += 2) {
        int a = i + I[k], b = j + J[k];
        if (pos_ok(a, b) and what(a, b) == FOREST and fire_time(a, b) > 0) return false;
      }
    return true;
  }

  void compute_dist() {
    dist = VVI(MAX, VI(MAX, -1));
    queue<Position> q;
    for (Post p : posts())
      if (p.player != me()) {
        dist[p.pos.i][p.pos.j] = 0;
        q.push(p.pos);
      }
    while (not q.empty()) {
      Position p = q.front(); q.pop();
      for (int k = 0; k < 8; ++k) {
        int a = p.i + I[k], b = p.j + J[k];
        if (safe(a, b) and dist[a][b] == -1) {
          dist[a][b] = dist[p.i][p.j] + 1;
          q.push(Position(a, b));
        }
      }
    }
  }

  void play_soldier(int id) {
    Data s = data(id);
    int i = s.pos.i, j = s.pos.j;
    int best = -1, best_score = -1;
    for (int k = 0; k < 8; ++k) {
      int a = i + I[k], b = j + J[k];
      int e = pos_ok(a, b) ? which_soldier(a, b) : 0;
      if (e > 0 and data(e).player != me()) {
        int score = (what(a, b) == GRASS ? 1000 : 0) + 1000 - data(e).life;
        if (score > best_score) {
          best_score = score;
          best = k;
        }
      }
    }
    if (best >= 0) {
      command_soldier(id, i + I[best], j + J[best]);
      return;
    }
    if (post_owner(i, j) == me()) return;
    int here = dist[i][j];
    for (int k = 0; k < 8; ++k) {
      int a = i + I[k], b = j + J[k];
      if (pos_ok(a, b) and dist[a][b] >= 0 and (here < 0 or dist[a][b] < here)
          and which_soldier(a, b) == 0 and not taken[a][b]) {
        taken[a][b] = true;
        command_soldier(id, a, b);
        return;
      }
    }
  }

  int below(const Data& h, bool mine) {
    int n = 0;
    for (int a = -2; a <= 2; ++a)
      for (int b = -2; b <= 2; ++b) {
        int s = which_soldier(h.pos.i + a, h.pos.j + b);
        if (s > 0 and (data(s).player == me()) == mine) ++n;
      }
    return n;
  }

  void play_helicopter(int id) {
    Data h = data(id);
    if (h.napalm == 0 and below(h, false) > 0 and below(h, true) == 0)
      command_helicopter(id, NAPALM);
    else
      command_helicopter(id, random(1, 5) == 1 ? COUNTER_CLOCKWISE : FORWARD2);
  }

  bool can_land(int i, int j) {
    return safe(i, j) and which_soldier(i, j) == 0 and not taken[i][j];
  }

  void parachuters(int& jumps) {
    for (int id : helicopters(me())) {
      Data h = data(id);
      int n = h.parachuters.size();
      for (int a = -2; a <= 2; ++a)
        for (int b = -2; b <= 2; ++b) {
          int i = h.pos.i + a, j = h.pos.j + b;
          int o = post_owner(i, j);
          if (n > 0 and jumps < MAX_JUMP and o != -2 and o != me() and can_land(i, j)) {
            command_parachuter(i, j);
            taken[i][j] = true;
            --n; ++jumps;
          }
        }
      for (int t = 0; t < 30 and n > 0 and jumps < MAX_JUMP; ++t) {
        int i = h.pos.i + random(-2, 2), j = h.pos.j + random(-2, 2);
        if (can_land(i, j)) {
          command_parachuter(i, j);
          taken[i][j] = true;
          --n; ++jumps;
        }
      }
    }
  }

  virtual void play () {
    compute_dist();
    taken = VVI(MAX, VI(MAX, false));
    int jumps = 0;
    parachuters(jumps);
    for (int id : helicopters(me())) play_helicopter(id);
    for (int id : soldiers(me())) play_soldier(id);
  }

};

constexpr int PLAYER_NAME::I[8];
constexpr int PLAYER_NAME::J[8];

RegisterPlayer(PLAYER_NAME);
