#include "Player.hh"


/**
 * Write the name of your player and save this file
 * as AI<name>.cc
 */
#define PLAYER_NAME Demo


// The Demo only shows how to use the API; it is not a good player.
// Start yours from AINull.cc.

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  /**
   * Attributes for your player can be defined here.
   */

  // The nine directions, in the statement's order.
  vector<Dir> dirs = {UP,      DEFAULT, DOWN,
                      SLOW_UP, SLOW,    SLOW_DOWN,
                      FAST_UP, FAST,    FAST_DOWN};

  static bool is_bonus (CType t) {
    return t == WATER_BONUS or t == MISSILE_BONUS or t == GAS_BONUS;
  }

  // Moves car c onto a bonus one move away, trying the directions in
  // order, if the move ends in the next round's window. Returns whether
  // it found one.
  bool take_bonus (const Car& c) {
    for (Dir d : dirs) {
      Pos target = c.pos + d;
      if (within_window(target, round() + 1) and is_bonus(cell(target).type)) {
        move(c.cid, d);
        return true;
      }
    }
    return false;
  }

  /**
   * Play method, invoked once per round.
   */
  virtual void play () {
    for (Car_Id cid = begin(me()); cid != end(me()); ++cid) {
      Car c = car(cid);
      if (not c.alive) continue;

      // A car right ahead: shoot it if it is somebody else's, leave it
      // alone if it is ours.
      Cell ahead = cell(c.pos + DEFAULT);
      if (c.nb_miss > 0 and ahead.type == CAR) {
        if (player_of(ahead.cid) != me()) shoot(cid);
        continue;
      }

      if (take_bonus(c)) continue;

      // Otherwise, away from the top and bottom rows, a random direction
      // if it stays in the window.
      int row = first(c.pos);
      if (row != 0 and row != number_rows() - 1) {
        Dir d = dirs[randomize(0, dirs.size() - 1)];
        if (within_window(c.pos + d, round() + 1)) move(cid, d);
      }
    }
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
