#include "Player.hh"

/**
 * Reference bot of the calibration (not offered to students). Soldiers
 * attack an enemy next to them; the others walk (breadth-first search) to
 * the nearest post nobody has conquered yet and stay there; when every
 * post has an owner they go for an enemy's post within 3 steps, or
 * wander. Helicopters fly and burn as the Demo's do; each round one
 * helicopter throws all its parachuters onto land without fire below it.
 */
#define PLAYER_NAME Settler


struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static constexpr int I[8] = { 1, 1, 0, -1, -1, -1,  0,  1 };
  static constexpr int J[8] = { 0, 1, 1,  1,  0, -1, -1, -1 };

  typedef vector<int>  VI;
  typedef vector<VI>   VVI;
  typedef pair<int, int> P;

  static const int DEPTH = 3;

  bool ok_cell(int i, int j) {
    if (not pos_ok(i, j)) return false;
    int t = what(i, j);
    return (t == FOREST or t == GRASS) and fire_time(i, j) == 0;
  }

  // Direction of the first step towards the closest post that nobody (or,
  // with any, nobody but me) has conquered, at most depth steps away; -1
  // if none.
  int bfs(int i0, int j0, bool any, int depth) {
    VVI dir(MAX, VI(MAX, -1));
    VVI seen(MAX, VI(MAX, 0));
    VVI dist(MAX, VI(MAX, 0));
    queue<P> Q;
    Q.push(P(i0, j0));
    seen[i0][j0] = 1;
    while (not Q.empty()) {
      int i = Q.front().first, j = Q.front().second;
      Q.pop();
      int o = post_owner(i, j);
      if ((i != i0 or j != j0) and (o == -1 or (any and o >= 0 and o != me())))
        return dir[i][j];
      if (dist[i][j] == depth) continue;
      for (int k = 0; k < 8; ++k) {
        int ii = i + I[k], jj = j + J[k];
        if (ok_cell(ii, jj) and not seen[ii][jj]) {
          seen[ii][jj] = 1;
          dist[ii][jj] = dist[i][j] + 1;
          dir[ii][jj] = (i == i0 and j == j0) ? k : dir[i][j];
          Q.push(P(ii, jj));
        }
      }
    }
    return -1;
  }

  void play_soldier(int id) {
    Data s = data(id);
    int i = s.pos.i, j = s.pos.j;
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
    if (post_owner(i, j) == me()) return;
    int k = bfs(i, j, false, MAX * MAX);
    if (k == -1) k = bfs(i, j, true, DEPTH);
    if (k != -1) {
      command_soldier(id, i + I[k], j + J[k]);
      return;
    }
    int ii = i + random(-1, 1), jj = j + random(-1, 1);
    if (ok_cell(ii, jj)) command_soldier(id, ii, jj);
  }

  void play_helicopter(int id) {
    if (data(id).napalm == 0) {
      command_helicopter(id, NAPALM);
      return;
    }
    command_helicopter(id, random(1, 5) == 1 ? COUNTER_CLOCKWISE : FORWARD2);
  }

  virtual void play () {
    VI H = helicopters(me());
    VI S = soldiers(me());

    Data h = data(H[random(0, H.size() - 1)]);
    int n = min((int)h.parachuters.size(), MAX_JUMP);
    for (int t = 0; t < 25 and n > 0; ++t) {
      int ii = h.pos.i + random(-2, 2), jj = h.pos.j + random(-2, 2);
      if (ok_cell(ii, jj) and which_soldier(ii, jj) == 0) {
        command_parachuter(ii, jj);
        --n;
      }
    }

    for (int id : H) play_helicopter(id);
    for (int id : S) play_soldier(id);
  }

};

constexpr int PLAYER_NAME::I[8];
constexpr int PLAYER_NAME::J[8];

RegisterPlayer(PLAYER_NAME);
