#include "Player.hh"

using namespace std;


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Demo


/**
 * The Demo: if its Poquémon is alive, it picks a random direction and
 * attacks that way when an opponent it can kill (defense at most its
 * attack) is within its scope before any wall; otherwise it moves that
 * way. It plays exactly as the Go Demo (bots/demo.go).
 */
struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }


  /**
   * Play method, invoked once per round.
   */
  virtual void play () {
    const Poquemon& p = poquemon(me());
    if (p.alive) {
      Dir d = rand_dir();
      int dist = search(p, d);
      if (dist <= p.scope) attack(d);
      else move(d);
    }
  }

  /**
   * A random direction: Top, Bottom, Left or Right.
   */
  Dir rand_dir () {
    Dir DIRS[] = {Top, Bottom, Left, Right};
    return DIRS[randomize(0, 3)];
  }

  /**
   * The distance, within p's scope in direction d and before a wall, of
   * the first opponent p can kill; p.scope+1 if there is none.
   */
  int search (const Poquemon& p, Dir d) {
    Pos q = p.pos;
    for (int dist = 1; dist <= p.scope; ++dist) {
      q = dest(q, d);
      if (cell_type(q) == Wall) return p.scope + 1;
      int id = cell_id(q);
      if (id != -1) {
        const Poquemon& o = poquemon(id);
        if (o.player != p.player and o.defense <= p.attack) return dist;
      }
    }
    return p.scope + 1;
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
