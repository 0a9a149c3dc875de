#include "Player.hh"


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Demo

// My first version: I started from the Demo and kept its name.

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
#define True 1
#define False 0

  list<int> history;           // my scores, last rounds
  stack<Pos> trail;            // where my first ork went

  // Counts the land cells around p within distance r, on a big local grid.
  int land_around(Pos p, int r) {
    int seen[140][256];        // about 140 KB on the stack
    for (int i = 0; i < 140; ++i)
      for (int j = 0; j < 256; ++j) seen[i][j] = False;
    int n = 0;
    for (int i = max(0, p.i - r); i <= min(rows() - 1, p.i + r); ++i)
      for (int j = max(0, p.j - r); j <= min(cols() - 1, p.j + r); ++j)
        if (abs(i - p.i) + abs(j - p.j) <= r and cell(i, j).type != WATER) {
          seen[i][j] = True;
          ++n;
        }
    int check = 0;
    for (int i = 0; i < 140; ++i)
      for (int j = 0; j < 256; ++j) check += seen[i][j];
    return check == n ? n : -1;
  }

  // The direction with most land around, among those on the board.
  Dir best_dir(const Unit& u) {
    vector<Dir> dirs = {BOTTOM, RIGHT, TOP, LEFT};
    Dir best = NONE;
    int most = -1;
    for (int k = 0; k < 4; ++k) {
      Pos n = u.pos + dirs.at(k);
      if (!pos_ok(n) or cell(n).type == WATER) continue;
      int l = land_around(n, 3);
      if (l > most) most = l, best = dirs.at(k);
    }
    return best;
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    history.push_back(total_score(me()));
    if (history.size() > 10) history.pop_front();

    vector<int> my_orks = orks(me());
    if (my_orks.empty()) return;
    trail.push(unit(my_orks.at(0)).pos);

    if (round() % 25 == 0) {
      cerr << "DemoCopy cerr: round " << round() << " first ork at " << trail.top()
           << ", score went from " << history.front() << " to " << history.back() << endl;
      cout << "DemoCopy cout: trail of " << trail.size() << " positions" << endl;
    }

    // Move a random half of my orks towards land, the rest wait.
    vector<int> perm = random_permutation(my_orks.size());
    for (int k = 0; k < int(perm.size()) / 2; ++k) {
      Unit u = unit(my_orks.at(perm.at(k)));
      execute(Command(u.id, best_dir(u)));
    }
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
