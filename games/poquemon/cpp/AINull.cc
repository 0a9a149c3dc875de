#include "Player.hh"

using namespace std;


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Null


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
   * They keep their values from one round to the next.
   */


  /**
   * Play method.
   *
   * This method is invoked once per round. Read the board here
   * (poquemon(me()), cell_type, cell_id, ...) and give your
   * Poquémon its action for this round: move(dir) or attack(dir).
   * Debug output goes to cerr (cout works too): it is kept in
   * your bot's log.
   */
  virtual void play () {
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
