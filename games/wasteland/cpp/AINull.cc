#include "Player.hh"


/**
 * Write the name of your player and save this file
 * as AI<name>.cc
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
   */

  /**
   * Play method, invoked once per round.
   *
   * Read the board with the accessors of Board.hh (car(), cell(),
   * within_window()...) and give your cars instructions with move(cid, dir)
   * and shoot(cid). A car without an instruction moves DEFAULT.
   */
  virtual void play () {
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
