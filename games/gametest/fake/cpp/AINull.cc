#include "Player.hh"

// The starter: it does nothing. Rename PLAYER_NAME and fill in play().
#define PLAYER_NAME Null

struct PLAYER_NAME : public Player {
  // Factory: returns a new instance of this class. Do not modify.
  static Player* factory() { return new PLAYER_NAME; }

  // play is called once per round: give a step with step(n).
  virtual void play() {}
};

// Do not modify the following line.
RegisterPlayer(PLAYER_NAME);
