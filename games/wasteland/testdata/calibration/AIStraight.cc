#include "Player.hh"

using namespace std;

/**
 * Write the name of your player and save this file
 * as AI<name>.cc
 */
#define PLAYER_NAME Straight

// A cautious driver: it takes a bonus next to the car when it sees one, and
// otherwise keeps its lane, changing lane only to avoid what is right ahead.

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  bool dangerous(CType t) {
    return t == TYRE or t == CAR or t == MISSILE;
  }

  bool bonus(CType t) {
    return t == WATER_BONUS or t == GAS_BONUS or t == MISSILE_BONUS;
  }

  bool ok(Pos p) {
    return within_window(p, round() + 1) and not dangerous(cell(p).type);
  }

  virtual void play () {
    for (Car_Id id = begin(me()); id < end(me()); ++id) {
      Car c = car(id);
      if (not c.alive) continue;
      Pos p = c.pos;
      // a bonus just ahead or beside
      if (ok(p + DEFAULT) and bonus(cell(p + DEFAULT).type)) { move(id, DEFAULT); continue; }
      if (ok(p + SLOW_UP) and bonus(cell(p + SLOW_UP).type)) { move(id, SLOW_UP); continue; }
      if (ok(p + SLOW_DOWN) and bonus(cell(p + SLOW_DOWN).type)) { move(id, SLOW_DOWN); continue; }
      // keep going if the way is clear
      if (ok(p + DEFAULT)) continue;
      // else change lane
      if (ok(p + SLOW_UP)) move(id, SLOW_UP);
      else if (ok(p + SLOW_DOWN)) move(id, SLOW_DOWN);
      else move(id, SLOW);
    }
  }
};

/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
