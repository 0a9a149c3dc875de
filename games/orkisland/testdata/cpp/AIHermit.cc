#include <bits/stdc++.h>
#include <unistd.h>
#include "Player.hh"

#define INT_MAX 99999
#define INF 999999;

/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Hermit

// my own counter, a global
int calls = 0;
vector<vector<int>> comp;  // land component of each cell

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  /**
   * Types and attributes for your player can be defined here.
   */
  typedef vector<int> VE;

  int di[4] = {1, 0, -1, 0};
  int dj[4] = {0, 1, 0, -1};

  // flood fill, recursive
  void fill_comp(int i, int j, int k) {
    if (i < 0 or j < 0 or i >= rows() or j >= cols()) return;
    if (comp[i][j] != -1 or cell(i, j).type == WATER) return;
    comp[i][j] = k;
    for (int d = 0; d < 4; ++d) fill_comp(i + di[d], j + dj[d], k);
  }

  // bfs to the closest city cell not of mine, returns first direction
  Dir bfs(Pos start) {
    vector<vector<int>> dist(rows(), vector<int>(cols(), INT_MAX));
    vector<vector<Dir>> first(rows(), vector<Dir>(cols(), NONE));
    queue<Pos> q;
    dist[start.i][start.j] = 0;
    q.push(start);
    while (!q.empty()) {
      Pos p = q.front(); q.pop();
      for (int d = 0; d < 4; ++d) {
        Pos n = p + Dir(d);
        if (!pos_ok(n)) continue;
        Cell c = cell(n);
        if (c.type == WATER or dist[n.i][n.j] != INT_MAX) continue;
        if (c.unit_id != -1) continue;
        dist[n.i][n.j] = dist[p.i][p.j] + 1;
        first[n.i][n.j] = (p == start ? Dir(d) : first[p.i][p.j]);
        if (c.type == CITY and city_owner(c.city_id) != me()) return first[n.i][n.j];
        q.push(n);
      }
    }
    return NONE;
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    ++calls;
    if (round() == 0) {
      comp = vector<vector<int>>(rows(), vector<int>(cols(), -1));
      int k = 0;
      for (int i = 0; i < rows(); ++i)
        for (int j = 0; j < cols(); ++j)
          if (comp[i][j] == -1 and cell(i, j).type != WATER) fill_comp(i, j, k++);
      cerr << "Hermit cerr: " << k << " land component(s)" << endl;
    }
    VE v = orks(me());
    int best = INF
    int stay = 0;
    for (int id : v) {
      Unit u = unit(id);
      Cell here = cell(u.pos);
      // stay on a city that is not mine yet
      if (here.type == CITY and city_owner(here.city_id) != me()) { ++stay; continue; }
      // attack weak neighbours first
      for (int d = 0; d < 4; ++d) {
        Pos n = u.pos + Dir(d);
        if (!pos_ok(n)) continue;
        int e = cell(n).unit_id;
        if (e != -1 and unit(e).player != me() and unit(e).health < u.health - cost(cell(n).type)) {
          execute(Command(id, Dir(d)));
          goto next_ork;
        }
      }
      if (u.health < best) best = u.health;
      execute(Command(id, bfs(u.pos)));
    next_ork:;
    }
    if (round() % 40 == 0) {
      cout << "Hermit cout: round " << round() << " calls " << calls << " staying " << stay
           << " weakest " << best << endl;
    }
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
