#include "Player.hh"

using namespace std;


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Wander


// A first attempt, a little better than the Demo: it never walks into a
// wall, picks up a bonus next to it, and otherwise keeps going the same
// way for a while before it turns at random.
struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  Dir dir = Top;

  bool free_cell (Pos p) {
    return pos_ok(p) and cell_type(p) != Wall and cell_id(p) == -1;
  }

  /**
   * Play method, invoked once per round.
   */
  virtual void play () {
    const Poquemon& p = poquemon(me());
    if (not p.alive) return;
    Dir dirs[4] = {Top, Bottom, Left, Right};

    // attack whoever is in reach and dies, like the Demo
    for (int k = 0; k < 4; ++k) {
      Pos q = p.pos;
      for (int s = 0; s < p.scope; ++s) {
        q = dest(q, dirs[k]);
        if (cell_type(q) == Wall) break;
        int id = cell_id(q);
        if (id != -1) {
          if (poquemon(id).defense <= p.attack) {
            attack(dirs[k]);
            return;
          }
          break;
        }
      }
    }

    // a bonus next to us
    for (int k = 0; k < 4; ++k) {
      Pos q = dest(p.pos, dirs[k]);
      if (free_cell(q) and cell_type(q) != Empty) {
        move(dirs[k]);
        return;
      }
    }

    if (not free_cell(dest(p.pos, dir)) or randomize() % 6 == 0) {
      vector<Dir> ok;
      for (int k = 0; k < 4; ++k)
        if (free_cell(dest(p.pos, dirs[k]))) ok.push_back(dirs[k]);
      if (ok.empty()) return;
      dir = ok[randomize() % ok.size()];
    }
    move(dir);
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
