#include <bits/stdc++.h>
#include <unistd.h>
#include "Player.hh"

#define INT_MAX 99999

using namespace std;

#define PLAYER_NAME Dijkstra

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef pair<int, Pos> Item;

  int value (Pos p, const Poquemon& me_) {
    switch (cell_type(p)) {
      case Point: return points_value(p);
      case Stone: return me_.stones < max_stone() ? 450 : 0;
      case Attack: return 200;
      case Defense: return 250;
      case Scope: return me_.scope < max_scope() ? 120 : 0;
      default: return 0;
    }
  }

  // Dijkstra where cells next to a seen opponent cost more.
  Dir route (const Poquemon& p) {
    map<Pos, int> dist;
    map<Pos, Dir> first;
    set<Pos> done;
    priority_queue<Item, vector<Item>, greater<Item> > pq;
    dist[p.pos] = 0;
    pq.push(Item(0, p.pos));
    Dir best = None;
    double best_score = -1;
    Dir all[4] = {Top, Bottom, Left, Right};
    while (not pq.empty()) {
      Item it = pq.top(); pq.pop();
      Pos c = it.second;
      if (done.count(c)) continue;
      done.insert(c);
      if (it.first > 0) {
        double s = value(c, p) / double(it.first + 2);
        if (s > best_score and value(c, p) > 0) { best_score = s; best = first[c]; }
      }
      for (Dir d : all) {
        Pos n = c + d;
        if (not pos_ok(n) or cell_type(n) == Wall or done.count(n)) continue;
        int w = 1 + (cell_id(n) != -1 ? 20 : 0);
        int nd = it.first + w;
        if (nd > INT_MAX) continue;
        if (not dist.count(n) or nd < dist[n]) {
          dist[n] = nd;
          first[n] = (c == p.pos ? d : first[c]);
          pq.push(Item(nd, n));
        }
      }
    }
    return best;
  }

  virtual void play () {
    const Poquemon& p = poquemon(me());
    if (round() % 40 == 1) {
      printf("AIDijkstra printf: round %d\n", round());
      cout << "AIDijkstra cout: status " << status(me()) << endl;
      cerr << "AIDijkstra cerr: limit " << numeric_limits<int>::max() << endl;
    }
    if (not p.alive) return;
    Dir d = route(p);
    if (d != None) move(d);
  }

};

RegisterPlayer(PLAYER_NAME);
