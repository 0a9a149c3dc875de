// A student's player: Dijkstra (priority_queue with greater<>) to the
// closest bonus, weighing fast moves, with <bits/stdc++.h> and <unistd.h>
// included after Player.hh and INT_MAX redefined.
#include "Player.hh"
#include <bits/stdc++.h>
#include <unistd.h>

#define INT_MAX 99999

using namespace std;

#define PLAYER_NAME Dijkstra

typedef pair<int, int> PII;
typedef pair<int, PII> Node;

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  const vector<Dir> moves = {DEFAULT, FAST, UP, DOWN, FAST_UP, FAST_DOWN, SLOW, SLOW_UP, SLOW_DOWN};

  int cost (Dir d) {
    if (d == FAST or d == FAST_UP or d == FAST_DOWN) return 3;
    if (d == SLOW or d == SLOW_UP or d == SLOW_DOWN) return 2;
    return 1;
  }

  bool free_path (Pos p, Dir d) {
    if (d == SLOW) return true;
    for (Dir s : dir2all.find(d)->second) {
      CType t = cell(p + s).type;
      if (t == TYRE or t == CAR or t == MISSILE) return false;
    }
    return true;
  }

  int col (int j) {
    int m = number_universe_columns();
    return ((j % m) + m) % m;
  }

  Dir dijkstra (const Car& c) {
    int n = number_rows(), m = number_universe_columns();
    vector<vector<int>> dist(n, vector<int>(m, numeric_limits<int>::max()));
    vector<vector<int>> firstdir(n, vector<int>(m, -1));
    priority_queue<Node, vector<Node>, greater<Node>> pq;
    dist[first(c.pos)][col(second(c.pos))] = 0;
    pq.push(Node(0, PII(first(c.pos), second(c.pos))));
    int steps = 0;
    while (not pq.empty() and steps < INT_MAX) {
      ++steps;
      Node top = pq.top(); pq.pop();
      int d = top.first;
      Pos p(top.second.first, top.second.second);
      if (d > dist[first(p)][col(second(p))]) continue;
      if (d > 0) {
        CType t = cell(p).type;
        if (t == WATER_BONUS or t == GAS_BONUS or t == MISSILE_BONUS) return moves[firstdir[first(p)][col(second(p))]];
      }
      for (int k = 0; k < (int)moves.size(); ++k) {
        Pos q = p + moves[k];
        if (not within_window(q, round() + 1)) continue;
        if (d == 0 and moves[k] == SLOW) continue;
        if (not free_path(p, moves[k])) continue;
        int nd = d + cost(moves[k]);
        int i = first(q), j = col(second(q));
        if (nd < dist[i][j]) {
          dist[i][j] = nd;
          firstdir[i][j] = d == 0 ? k : firstdir[first(p)][col(second(p))];
          pq.push(Node(nd, PII(i, second(q))));
        }
      }
    }
    return DEFAULT;
  }

  virtual void play () {
    for (Car_Id id = begin(me()); id < end(me()); ++id) {
      Car c = car(id);
      if (!c.alive) continue;
      Cell ahead = cell(c.pos + DEFAULT);
      if (c.nb_miss > 0 and ahead.type == CAR and player_of(ahead.cid) != me()) {
        shoot(id);
        continue;
      }
      Dir d = dijkstra(c);
      if (d != DEFAULT) move(id, d);
    }
    if (round() == 299) {
      cout << "Dijkstra on cout: final score " << score(me()) << endl;
      fprintf(stdout, "Dijkstra with printf: done\n");
    }
  }
};

RegisterPlayer(PLAYER_NAME);
