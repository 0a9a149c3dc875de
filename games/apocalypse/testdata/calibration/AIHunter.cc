#include "Player.hh"

/**
 * Reference bot of the calibration (not offered to students). Soldiers
 * attack an enemy next to them, keep a post they hold, and otherwise walk
 * (breadth-first search) to whatever is nearest: a post that is not ours
 * or an enemy soldier. Helicopters throw napalm only onto enemies with
 * none of ours below, and otherwise fly as the Demo's do; one parachuter a
 * round jumps onto land without fire.
 */
#define PLAYER_NAME Hunter


struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static constexpr int I[8] = { 1, 1, 0, -1, -1, -1,  0,  1 };
  static constexpr int J[8] = { 0, 1, 1,  1,  0, -1, -1, -1 };

  typedef vector<int> VI;
  typedef vector<VI>  VVI;

  bool can_go(int i, int j) {
    if (not pos_ok(i, j)) return false;
    int t = what(i, j);
    if (t != FOREST and t != GRASS) return false;
    return fire_time(i, j) == 0;
  }

  bool enemy_at(int i, int j) {
    int id = which_soldier(i, j);
    return id > 0 and data(id).player != me();
  }

  bool target(int i, int j) {
    int o = post_owner(i, j);
    return (o != -2 and o != me()) or enemy_at(i, j);
  }

  // First step from (i, j) towards the nearest target, or -1.
  int first_step(int i, int j) {
    VVI from(MAX, VI(MAX, -2));
    queue<int> q;
    from[i][j] = -1;
    q.push(i * MAX + j);
    while (not q.empty()) {
      int c = q.front(); q.pop();
      int a = c / MAX, b = c % MAX;
      if (from[a][b] >= 0 and target(a, b)) return from[a][b];
      for (int k = 0; k < 8; ++k) {
        int x = a + I[k], y = b + J[k];
        if (pos_ok(x, y) and from[x][y] == -2 and (can_go(x, y) or enemy_at(x, y))) {
          from[x][y] = from[a][b] == -1 ? k : from[a][b];
          q.push(x * MAX + y);
        }
      }
    }
    return -1;
  }

  void play_soldier(int id) {
    Data s = data(id);
    int i = s.pos.i, j = s.pos.j;
    for (int k = 0; k < 8; ++k)
      if (pos_ok(i + I[k], j + J[k]) and enemy_at(i + I[k], j + J[k])) {
        command_soldier(id, i + I[k], j + J[k]);
        return;
      }
    if (post_owner(i, j) == me()) return;
    int k = first_step(i, j);
    if (k >= 0 and which_soldier(i + I[k], j + J[k]) == 0)
      command_soldier(id, i + I[k], j + J[k]);
  }

  void play_helicopter(int id) {
    Data h = data(id);
    if (h.napalm == 0) {
      int mine = 0, theirs = 0;
      for (int a = -2; a <= 2; ++a)
        for (int b = -2; b <= 2; ++b) {
          int s = which_soldier(h.pos.i + a, h.pos.j + b);
          if (s > 0) {
            if (data(s).player == me()) ++mine;
            else ++theirs;
          }
        }
      if (theirs > 0 and mine == 0) {
        command_helicopter(id, NAPALM);
        return;
      }
    }
    command_helicopter(id, random(1, 5) == 1 ? COUNTER_CLOCKWISE : FORWARD2);
  }

  virtual void play () {
    VI H = helicopters(me());
    VI S = soldiers(me());

    // One parachuter a round, from the first helicopter that has one.
    for (int id : H) {
      Data h = data(id);
      if (h.parachuters.empty()) continue;
      for (int t = 0; t < 20; ++t) {
        int i = h.pos.i + random(-2, 2), j = h.pos.j + random(-2, 2);
        if (can_go(i, j) and which_soldier(i, j) == 0) {
          command_parachuter(i, j);
          break;
        }
      }
      break;
    }

    for (int id : H) play_helicopter(id);
    for (int id : S) play_soldier(id);
  }

};

constexpr int PLAYER_NAME::I[8];
constexpr int PLAYER_NAME::J[8];

RegisterPlayer(PLAYER_NAME);
