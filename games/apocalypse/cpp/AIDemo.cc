#include "Player.hh"


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Demo


// The Demo only shows how to use the API: it plays at random. It makes
// exactly the choices of Arena's Demo in Go (the same random draws in the
// same order), so the two play the same game. Take AINull.cc as your start.

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

  // The eight steps of a soldier: south first, then round counter-clockwise.
  static constexpr int DI[8] = { 1, 1, 0, -1, -1, -1,  0,  1 };
  static constexpr int DJ[8] = { 0, 1, 1,  1,  0, -1, -1, -1 };

  // A soldier attacks the first enemy next to it, else takes a random step
  // (maybe none).
  void move_soldier (int id) {
    Data s = data(id);
    for (int k = 0; k < 8; ++k) {
      int i = s.pos.i + DI[k];
      int j = s.pos.j + DJ[k];
      if (pos_ok(i, j)) {
        int other = which_soldier(i, j);
        if (other > 0 and data(other).player != s.player) {
          command_soldier(id, i, j);
          return;
        }
      }
    }
    int i = s.pos.i + random(-1, 1);
    int j = s.pos.j + random(-1, 1);
    if (pos_ok(i, j)) command_soldier(id, i, j);
  }

  // A helicopter throws napalm when it can, else turns counter-clockwise
  // one time in five and otherwise flies two cells forward.
  void move_helicopter (int id) {
    if (data(id).napalm == 0) command_helicopter(id, NAPALM);
    else if (random(1, 5) == 1) command_helicopter(id, COUNTER_CLOCKWISE);
    else command_helicopter(id, FORWARD2);
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    VI H = helicopters(me());
    VI S = soldiers(me());

    // One parachuter from a random helicopter, onto a random cell below it.
    if (not H.empty()) {
      Data h = data(H[random(0, H.size() - 1)]);
      if (not h.parachuters.empty()) {
        int i = h.pos.i + random(-2, 2);
        int j = h.pos.j + random(-2, 2);
        if (pos_ok(i, j)) command_parachuter(i, j);
      }
    }
    for (int id : H) move_helicopter(id);
    for (int id : S) move_soldier(id);
  }

};

constexpr int PLAYER_NAME::DI[8];
constexpr int PLAYER_NAME::DJ[8];


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
