#include "Player.hh"

using namespace std;

#define PLAYER_NAME Bfs
#define INF 999999;

// Rounds played so far (a mutable global, as students keep them).
int rounds_played = 0;

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef pair<int,int> P;

  vector<Dir> dirs = {Top, Bottom, Left, Right};

  // Is there an opponent we can kill along d within our scope?
  bool can_kill (const Poquemon& p, Dir d) {
    Pos q = p.pos;
    for (int k = 0; k < p.scope; ++k) {
      q = dest(q, d);
      if (not pos_ok(q) or cell_type(q) == Wall) return false;
      int id = cell_id(q);
      if (id != -1 and id != me()) return poquemon(id).defense <= p.attack;
    }
    return false;
  }

  // First step of a shortest path to the closest bonus, None if none.
  Dir bfs (Pos from) {
    vector<vector<int>> dist(rows(), vector<int>(cols(), INT_MAX));
    vector<vector<Dir>> first(rows(), vector<Dir>(cols(), None));
    queue<P> q;
    dist[from.i][from.j] = 0;
    q.push(P(from.i, from.j));
    while (not q.empty()) {
      P c = q.front(); q.pop();
      Pos here(c.first, c.second);
      CType t = cell_type(here);
      if (dist.at(c.first).at(c.second) > 0 and t != Empty and t != Wall) return first[c.first][c.second];
      for (Dir d : dirs) {
        Pos n = dest(here, d);
        if (not pos_ok(n) or cell_type(n) == Wall or dist[n.i][n.j] != INT_MAX) continue;
        if (cell_id(n) != -1) continue;
        int g = ghost_wall(n);
        if (g != -1 and g <= dist[c.first][c.second] + 1) continue;
        dist[n.i][n.j] = dist[c.first][c.second] + 1;
        first[n.i][n.j] = (dist[c.first][c.second] == 0 ? d : first[c.first][c.second]);
        q.push(P(n.i, n.j));
      }
    }
    return None;
  }

  virtual void play () {
    ++rounds_played;
    const Poquemon& p = poquemon(me());
    if (round() % 50 == 0) {
      cout << "AIBfs cout: round " << round() << " points " << p.points << endl;
      cerr << "AIBfs cerr: played " << rounds_played << endl;
    }
    if (not p.alive) return;
    for (Dir d : dirs) {
      if (can_kill(p, d)) {
        attack(d);
        return;
      }
    }
    int best = INF
    Dir d = bfs(p.pos);
    if (d == None) {
      for (Dir e : dirs) {
        Pos n = dest(p.pos, e);
        int free = (cell_type(n) != Wall and cell_id(n) == -1) ? randomize(0, 10) : best;
        if (free < best) { best = free; d = e; }
      }
    }
    move(d);
  }

};

RegisterPlayer(PLAYER_NAME);
