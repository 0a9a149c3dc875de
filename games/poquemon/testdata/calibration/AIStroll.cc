#include "Player.hh"

using namespace std;


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Stroll


// The Demo, with one thing fixed: it does not walk into walls. It keeps
// going one way and, when it cannot, or now and then, turns at random. It
// attacks as the Demo does, when an opponent it can kill is in reach.
struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  Dir d = Bottom;

  bool can_go (Pos p) {
    return cell_type(p) != Wall and cell_id(p) == -1;
  }

  int search (const Poquemon& p, Dir dir) {
    Pos q = p.pos;
    for (int dist = 1; dist <= p.scope; ++dist) {
      q = dest(q, dir);
      if (cell_type(q) == Wall) return p.scope + 1;
      int id = cell_id(q);
      if (id != -1) {
        if (poquemon(id).defense <= p.attack) return dist;
        return p.scope + 1;
      }
    }
    return p.scope + 1;
  }

  /**
   * Play method, invoked once per round.
   */
  virtual void play () {
    const Poquemon& p = poquemon(me());
    if (not p.alive) return;
    Dir DIRS[] = {Top, Bottom, Left, Right};
    for (int k = 0; k < 4; ++k)
      if (search(p, DIRS[k]) <= p.scope) {
        attack(DIRS[k]);
        return;
      }
    int tries = 0;
    while ((not can_go(dest(p.pos, d)) or randomize() % 6 == 0) and tries < 20) {
      d = DIRS[randomize() % 4];
      ++tries;
    }
    move(d);
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
