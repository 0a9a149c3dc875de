#include "Player.hh"

/**
 * A student-style player: only Player.hh, a BFS from every post, map and
 * set, pairs, INT_MAX, vector::at, debug lines on cerr and cout.
 */
#define PLAYER_NAME Walker

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;
  typedef vector<VI> VVI;
  typedef pair<int, int> PII;

  const int di[8] = { 1, 1, 0, -1, -1, -1,  0,  1 };
  const int dj[8] = { 0, 1, 1,  1,  0, -1, -1, -1 };

  map<int, PII> target;   // soldier -> post it walks to

  bool walkable (int i, int j) {
    int t = what(i, j);
    return (t == FOREST or t == GRASS) and fire_time(i, j) == 0;
  }

  // Distances from (si, sj) to every cell, soldiers' moves.
  VVI bfs (int si, int sj) {
    VVI dist(MAX, VI(MAX, INT_MAX));
    queue<Position> q;
    dist[si][sj] = 0;
    q.push(Position(si, sj));
    while (not q.empty()) {
      Position p = q.front();
      q.pop();
      for (int k = 0; k < 8; ++k) {
        int i = p.i + di[k], j = p.j + dj[k];
        if (pos_ok(i, j) and walkable(i, j) and dist[i][j] == INT_MAX) {
          dist[i][j] = dist[p.i][p.j] + 1;
          q.push(Position(i, j));
        }
      }
    }
    return dist;
  }

  void play_soldiers () {
    vector<Post> ps = posts();
    vector<VVI> dists;
    for (const Post& p : ps) dists.push_back(bfs(p.pos.i, p.pos.j));
    set<PII> taken;
    VI mine = soldiers(me());
    for (int id : mine) {
      Data s = data(id);
      // Attack first.
      bool done = false;
      for (int k = 0; k < 8 and not done; ++k) {
        int i = s.pos.i + di[k], j = s.pos.j + dj[k];
        int other = which_soldier(i, j);
        if (other > 0 and data(other).player != me()) {
          command_soldier(id, i, j);
          done = true;
        }
      }
      if (done) continue;
      if (post_owner(s.pos.i, s.pos.j) == me()) continue;
      int best = INT_MAX, bk = -1;
      for (int k = 0; k < (int)ps.size(); ++k) {
        if (ps.at(k).player == me()) continue;
        int d = dists.at(k).at(s.pos.i).at(s.pos.j);
        if (d < best) best = d, bk = k;
      }
      if (bk < 0) continue;
      target[id] = PII(ps[bk].pos.i, ps[bk].pos.j);
      for (int k = 0; k < 8; ++k) {
        int i = s.pos.i + di[k], j = s.pos.j + dj[k];
        if (not pos_ok(i, j) or not walkable(i, j) or which_soldier(i, j) != 0) continue;
        if (taken.count(PII(i, j))) continue;
        if (dists[bk][i][j] < best) {
          taken.insert(PII(i, j));
          command_soldier(id, i, j);
          break;
        }
      }
    }
  }

  void play_helicopters () {
    VI hs = helicopters(me());
    for (int id : hs) {
      Data h = data(id);
      int thrown = 0;
      for (int a = -2; a <= 2; ++a)
        for (int b = -2; b <= 2; ++b) {
          int i = h.pos.i + a, j = h.pos.j + b;
          if (thrown < (int)h.parachuters.size() and thrown < 2 and walkable(i, j) and which_soldier(i, j) == 0) {
            command_parachuter(i, j);
            ++thrown;
          }
        }
      if (random(0, 3) == 0) command_helicopter(id, CLOCKWISE);
      else command_helicopter(id, FORWARD1);
    }
  }

  virtual void play () {
    cout << "cout: round " << round() << endl;
    if (round() % 50 == 0) cerr << "cerr: " << soldiers(me()).size() << " soldiers, score " << total_score(me()) << endl;
    play_helicopters();
    play_soldiers();
  }
};

RegisterPlayer(PLAYER_NAME);
