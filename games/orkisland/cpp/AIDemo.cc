#include "Player.hh"


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Demo


// DISCLAIMER: The following Demo player is *not* meant to do anything
// sensible. It is provided just to illustrate how to use the API.
// Please use AINull.cc as a template for your player.
//
// It plays exactly as the Go Demo (games/orkisland/bots/demo.go): the
// same seeds give the same moves.

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

  typedef vector<int> VI;

  // Returns true if my score is above everybody else's.
  bool winning () {
    for (int pl = 0; pl < nb_players(); ++pl)
      if (pl != me() and total_score(me()) <= total_score(pl))
        return false;
    return true;
  }

  // Moves ork id in the first direction that stays on the board.
  void move (int id) {
    Unit u = unit(id);
    for (int d = 0; d < NONE; ++d) {
      Dir dir = Dir(d);
      if (pos_ok(u.pos + dir)) {
        execute(Command(id, dir));
        return;
      }
    }
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {

    // If more than halfway through, do nothing.
    if (round() > nb_rounds()/2) return;

    // If winning, do nothing.
    if (winning()) return;

    // If nearly out of time, do nothing.
    if (status(me()) >= 0.9) return;

    if (random(0, 3)) { // Do the following with probability 0.75.

      VI my_orks = orks(me()); // The ids of my orks.

      // Move them in random order.
      VI perm = random_permutation(my_orks.size());
      for (int k = 0; k < int(perm.size()); ++k)
        move(my_orks[perm[k]]);
    }
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
