#include "Player.hh"

// Demo steps 0, 1 or 2 at random, as the Go Demo does.
#define PLAYER_NAME Demo

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  virtual void play() { step(random(0, 2)); }
};

RegisterPlayer(PLAYER_NAME);
