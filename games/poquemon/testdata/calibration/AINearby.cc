#include "Player.hh"
#include <bits/stdc++.h>

using namespace std;

#define PLAYER_NAME Nearby

// Looks for a point bag a few steps away (breadth-first, at most DEPTH
// steps) and goes for the closest; with none that near, it keeps walking
// the same way and turns when it has to. It never fights.
struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static const int DEPTH = 6;

  Dir current = Right;

  bool walkable (Pos p) {
    return pos_ok(p) and cell_type(p) != Wall and cell_id(p) == -1 and ghost_wall(p) != 1;
  }

  virtual void play () {
    const Poquemon& me_ = poquemon(me());
    if (not me_.alive) return;

    vector<Dir> all = {Top, Bottom, Left, Right};
    set<Pos> visited;
    deque<pair<Pos, pair<int, Dir> > > frontier;  // position, (steps, first move)
    visited.insert(me_.pos);
    for (Dir d : all) {
      Pos n = dest(me_.pos, d);
      if (walkable(n)) {
        visited.insert(n);
        frontier.push_back({n, {1, d}});
      }
    }
    while (not frontier.empty()) {
      auto cur = frontier.front();
      frontier.pop_front();
      Pos p = cur.first;
      int steps = cur.second.first;
      Dir first = cur.second.second;
      if (cell_type(p) == Point) {
        move(first);
        return;
      }
      if (steps == DEPTH) continue;
      for (Dir d : all) {
        Pos n = dest(p, d);
        if (walkable(n) and not visited.count(n)) {
          visited.insert(n);
          frontier.push_back({n, {steps + 1, first}});
        }
      }
    }

    // nothing near: keep going, turn at random when blocked
    if (not walkable(dest(me_.pos, current))) {
      vector<Dir> options;
      for (Dir d : all)
        if (walkable(dest(me_.pos, d))) options.push_back(d);
      if (options.empty()) return;
      current = options[randomize(0, options.size() - 1)];
    }
    move(current);
  }
};

RegisterPlayer(PLAYER_NAME);
