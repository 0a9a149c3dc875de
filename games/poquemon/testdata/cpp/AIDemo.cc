#include "Player.hh"

using namespace std;

// A student's own Demo: same name as the reference one.
#define PLAYER_NAME Demo

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  int seen[100][100];

  // Size of the open region around (i, j), by recursion over every cell.
  int flood (int i, int j) {
    if (not pos_ok(i, j) or seen[i][j] or cell_type(i, j) == Wall) return 0;
    seen[i][j] = 1;
    return 1 + flood(i - 1, j) + flood(i + 1, j) + flood(i, j - 1) + flood(i, j + 1);
  }

  virtual void play () {
    // A big local array, as students declare them (about 140 KB).
    int scratch[36000];
    for (int k = 0; k < 36000; ++k) scratch[k] = k % 7;
    memset(seen, 0, sizeof seen);
    const Poquemon& p = poquemon(me());
    int region = flood(p.pos.i, p.pos.j);
    if (round() % 100 == 0) {
      cout << "AIDemo cout: region " << region << " scratch " << scratch[round() % 36000] << endl;
      cerr << "AIDemo cerr: round " << round() << endl;
    }
    if (not p.alive) return;

    Dir choice = None;
    Dir order[4] = {Left, Top, Right, Bottom};
    for (int r = 1; r <= p.scope; ++r) {
      for (int k = 0; k < 4; ++k) {
        Pos q = p.pos;
        for (int s = 0; s < r; ++s) q = q + order[k];
        if (not pos_ok(q) or cell_type(q) == Wall) continue;
        int id = cell_id(q);
        if (id != -1 and poquemon(id).defense <= p.attack) {
          choice = order[k];
          goto found;
        }
      }
    }
    move(order[randomize(0, 3)]);
    return;
  found:
    attack(choice);
  }

};

RegisterPlayer(PLAYER_NAME);
