#include "Player.hh"

// A student-style player: a big array on the stack, recursion over every
// cell, a mutable global, a macro inside the class.
#define PLAYER_NAME Deep

int rounds_played = 0;

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

#define True 1

  // Recursive flood fill of the land soldiers can walk, from (i, j).
  int fill (int i, int j, bool seen[MAX][MAX]) {
    if (not pos_ok(i, j) or seen[i][j]) return 0;
    int t = what(i, j);
    if (t != FOREST and t != GRASS) return 0;
    seen[i][j] = True;
    int n = 1;
    n += fill(i + 1, j, seen);
    n += fill(i - 1, j, seen);
    n += fill(i, j + 1, seen);
    n += fill(i, j - 1, seen);
    return n;
  }

  virtual void play () {
    ++rounds_played;
    int scratch[200][180];  // about 140 KB on the stack
    for (int i = 0; i < 200; ++i)
      for (int j = 0; j < 180; ++j) scratch[i][j] = i ^ j;
    bool seen[MAX][MAX];
    memset(seen, 0, sizeof seen);
    vector<int> mine = soldiers(me());
    int area = mine.empty() ? 0 : fill(data(mine[0]).pos.i, data(mine[0]).pos.j, seen);
    cout << "cout: round " << round() << endl;
    if (round() == 0) cerr << "cerr: walkable area " << area << " " << scratch[199][179] << endl;
    for (int id : mine) {
      Data s = data(id);
      int i = s.pos.i + random(-1, 1), j = s.pos.j + random(-1, 1);
      if (pos_ok(i, j) and fire_time(i, j) == 0) command_soldier(id, i, j);
    }
    for (int id : helicopters(me())) command_helicopter(id, rounds_played % 7 == 0 ? CLOCKWISE : FORWARD2);
  }
};

RegisterPlayer(PLAYER_NAME);
