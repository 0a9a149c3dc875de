#include <bits/stdc++.h>
#include <unistd.h>
#include "Player.hh"

#define INT_MAX 99999
#define INF 999999;

using namespace std;

// A student-style player: <bits/stdc++.h> and <unistd.h>, a Dijkstra with
// priority_queue and greater<>, numeric_limits, macros redefined after the
// includes, goto out of nested loops.
#define PLAYER_NAME Heap

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef pair<int, int> P;

  int cost (int i, int j) {
    int t = what(i, j);
    if (t == GRASS) return 1;
    if (t == FOREST) return 2;
    return -1;
  }

  // Dijkstra from the soldier at (si, sj) to the nearest post not ours;
  // returns the first step, or (-1, -1).
  P first_step (int si, int sj) {
    int n = MAX;
    vector<int> dist(n * n, numeric_limits<int>::max());
    vector<int> from(n * n, -1);
    priority_queue<P, vector<P>, greater<P>> pq;
    int start = si * n + sj;
    dist[start] = 0;
    pq.push(P(0, start));
    int goal = -1;
    while (not pq.empty()) {
      P top = pq.top();
      pq.pop();
      int d = top.first, c = top.second;
      if (d > dist[c]) continue;
      int i = c / n, j = c % n;
      if (c != start and post_owner(i, j) != -2 and post_owner(i, j) != me()) {
        goal = c;
        goto found;
      }
      for (int a = -1; a <= 1; ++a)
        for (int b = -1; b <= 1; ++b) {
          int ii = i + a, jj = j + b;
          if (not pos_ok(ii, jj) or cost(ii, jj) < 0 or fire_time(ii, jj) > 0) continue;
          int nd = d + cost(ii, jj);
          if (nd < dist[ii * n + jj]) {
            dist[ii * n + jj] = nd;
            from[ii * n + jj] = c;
            pq.push(P(nd, ii * n + jj));
          }
        }
    }
    return P(-1, -1);
  found:
    int c = goal;
    while (from[c] != start) c = from[c];
    return P(c / n, c % n);
  }

  virtual void play () {
    int best = INT_MAX;
    int unused = INF
    (void)unused;
    cout << "cout: round " << round() << endl;
    vector<int> mine = soldiers(me());
    for (int id : mine) {
      Data s = data(id);
      if (post_owner(s.pos.i, s.pos.j) == me()) continue;
      P step = first_step(s.pos.i, s.pos.j);
      if (step.first >= 0) {
        int other = which_soldier(step.first, step.second);
        if (other == 0 or data(other).player != me()) command_soldier(id, step.first, step.second);
      }
      best = min(best, (int)mine.size());
    }
    for (int id : helicopters(me())) {
      Data h = data(id);
      if (h.napalm == 0) {
        int enemies = 0;
        for (int a = -2; a <= 2; ++a)
          for (int b = -2; b <= 2; ++b) {
            int other = which_soldier(h.pos.i + a, h.pos.j + b);
            if (other > 0 and data(other).player != me()) ++enemies;
            else if (other > 0) goto skip;
          }
        if (enemies >= 2) {
          command_helicopter(id, NAPALM);
          continue;
        }
      }
    skip:
      command_helicopter(id, random(1, 4) == 1 ? COUNTER_CLOCKWISE : FORWARD2);
    }
    if (round() == 0) cerr << "cerr: best " << best << endl;
  }
};

RegisterPlayer(PLAYER_NAME);
