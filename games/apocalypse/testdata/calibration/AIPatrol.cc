#include "Player.hh"

/**
 * Reference bot of the calibration (not offered to students): the Demo
 * improved the way a student would. Soldiers attack an enemy next to them,
 * stay on a post they hold, and otherwise walk (breadth-first search) to
 * the nearest post that is not theirs. Helicopters fly and burn as the
 * Demo's do; every parachuter jumps at once onto a free cell.
 */
#define PLAYER_NAME Patrol


struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static constexpr int I[8] = { 1, 1, 0, -1, -1, -1,  0,  1 };
  static constexpr int J[8] = { 0, 1, 1,  1,  0, -1, -1, -1 };

  typedef vector<int> VI;
  typedef vector<VI>  VVI;

  // Can a soldier stand on (i, j) now?
  bool free_land(int i, int j) {
    if (not pos_ok(i, j)) return false;
    int t = what(i, j);
    return (t == FOREST or t == GRASS) and fire_time(i, j) == 0;
  }

  // First step (0..7) of a shortest path from (i, j) to a post that is
  // not mine, or -1 if there is none.
  int step_to_post(int i, int j) {
    VVI first(MAX, VI(MAX, -2));
    queue<Position> q;
    first[i][j] = -1;
    q.push(Position(i, j));
    while (not q.empty()) {
      Position p = q.front(); q.pop();
      int o = post_owner(p.i, p.j);
      if (first[p.i][p.j] >= 0 and o != -2 and o != me()) return first[p.i][p.j];
      for (int k = 0; k < 8; ++k) {
        int ii = p.i + I[k], jj = p.j + J[k];
        if (free_land(ii, jj) and first[ii][jj] == -2) {
          first[ii][jj] = (first[p.i][p.j] == -1 ? k : first[p.i][p.j]);
          q.push(Position(ii, jj));
        }
      }
    }
    return -1;
  }

  void play_soldier(int id) {
    Data d = data(id);
    int i = d.pos.i, j = d.pos.j;
    for (int k = 0; k < 8; ++k) {
      int ii = i + I[k], jj = j + J[k];
      if (pos_ok(ii, jj)) {
        int id2 = which_soldier(ii, jj);
        if (id2 > 0 and data(id2).player != me()) {
          command_soldier(id, ii, jj);
          return;
        }
      }
    }
    if (post_owner(i, j) == me()) return; // guard it
    int k = step_to_post(i, j);
    if (k >= 0) {
      int ii = i + I[k], jj = j + J[k];
      if (which_soldier(ii, jj) == 0) command_soldier(id, ii, jj);
    }
  }

  void play_helicopter(int id) {
    if (data(id).napalm == 0) {
      command_helicopter(id, NAPALM);
      return;
    }
    command_helicopter(id, random(1, 5) == 1 ? COUNTER_CLOCKWISE : FORWARD2);
  }

  // Throws the helicopter's parachuters onto random free cells below it
  // (never two onto one cell).
  void throw_parachuters(int id, int& jumps, VVI& taken) {
    Data h = data(id);
    int n = h.parachuters.size();
    for (int t = 0; t < 20 and n > 0 and jumps < MAX_JUMP; ++t) {
      int ii = h.pos.i + random(-2, 2);
      int jj = h.pos.j + random(-2, 2);
      if (free_land(ii, jj) and which_soldier(ii, jj) == 0 and not taken[ii][jj]) {
        command_parachuter(ii, jj);
        taken[ii][jj] = true;
        --n; ++jumps;
      }
    }
  }

  virtual void play () {
    VI H = helicopters(me());
    VI S = soldiers(me());
    int jumps = 0;
    VVI taken(MAX, VI(MAX, false));
    for (int id : H) throw_parachuters(id, jumps, taken);
    for (int id : H) play_helicopter(id);
    for (int id : S) play_soldier(id);
  }

};

constexpr int PLAYER_NAME::I[8];
constexpr int PLAYER_NAME::J[8];

RegisterPlayer(PLAYER_NAME);
