#include "Player.hh"

/**
 * Reference bot of the calibration (not offered to students): the Demo
 * with soldiers that look around them. A soldier attacks an enemy next to
 * it; otherwise, if a post that is not ours lies within 6 cells, it steps
 * straight towards it (when that cell is land without fire), else it
 * wanders as the Demo's do. Helicopters and parachuters are the Demo's.
 */
#define PLAYER_NAME Wander


struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static constexpr int I[8] = { 1, 1, 0, -1, -1, -1,  0,  1 };
  static constexpr int J[8] = { 0, 1, 1,  1,  0, -1, -1, -1 };

  typedef vector<int> VE;

  int sign(int x) {
    return (x > 0) - (x < 0);
  }

  bool walkable(int i, int j) {
    if (not pos_ok(i, j)) return false;
    int t = what(i, j);
    return (t == FOREST or t == GRASS) and fire_time(i, j) == 0;
  }

  void play_soldier(int id) {
    Data in = data(id);
    int i = in.pos.i;
    int j = in.pos.j;
    for (int k = 0; k < 8; ++k) {
      int ii = i + I[k];
      int jj = j + J[k];
      if (pos_ok(ii, jj)) {
        int id2 = which_soldier(ii, jj);
        if (id2 and data(id2).player != me()) {
          command_soldier(id, ii, jj);
          return;
        }
      }
    }

    // The nearest post that is not mine, if it is close.
    vector<Post> P = posts();
    int best = -1, dist = 7;
    for (int k = 0; k < (int)P.size(); ++k) {
      if (P[k].player == me()) continue;
      int d = max(abs(P[k].pos.i - i), abs(P[k].pos.j - j));
      if (d < dist) {
        dist = d;
        best = k;
      }
    }
    if (best >= 0) {
      int ii = i + sign(P[best].pos.i - i);
      int jj = j + sign(P[best].pos.j - j);
      if (walkable(ii, jj) and which_soldier(ii, jj) == 0) {
        command_soldier(id, ii, jj);
        return;
      }
    }
    int ii = i + random(-1, 1);
    int jj = j + random(-1, 1);
    if (walkable(ii, jj)) command_soldier(id, ii, jj);
  }

  void play_helicopter(int id) {
    if (data(id).napalm == 0) {
      command_helicopter(id, NAPALM);
      return;
    }
    int c = random(1, 5);
    command_helicopter(id, c == 1 ? COUNTER_CLOCKWISE : FORWARD2);
  }

  void throw_parachuter(int helicopter_id) {
    Data in = data(helicopter_id);
    int ii = in.pos.i + random(-2, 2);
    int jj = in.pos.j + random(-2, 2);
    if (ii >= 0 and ii < MAX and jj >= 0 and jj < MAX)
      command_parachuter(ii, jj);
  }

  virtual void play () {
    VE H = helicopters(me());
    VE S = soldiers(me());

    int helicopter_id = H[random(0, H.size()-1)];
    if (not data(helicopter_id).parachuters.empty()) throw_parachuter(helicopter_id);

    for (int i = 0; i < (int)H.size(); ++i) play_helicopter(H[i]);
    for (int i = 0; i < (int)S.size(); ++i) play_soldier(S[i]);
  }

};

constexpr int PLAYER_NAME::I[8];
constexpr int PLAYER_NAME::J[8];

RegisterPlayer(PLAYER_NAME);
