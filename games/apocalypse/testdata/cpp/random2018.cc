// A test player (cpp_test.go): random commands every round, valid or not,
// to check that the SDK refuses, with a warning, exactly the commands the
// host refuses.
#include "Player.hh"

#define PLAYER_NAME Random

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  virtual void play () {
    vector<int> units = soldiers(me());
    vector<int> other = soldiers((me() + 1) % 4);
    for (int k = 0; k < 2 and k < (int)other.size(); ++k) units.push_back(other[k]);
    for (int id : helicopters(me())) units.push_back(id);
    for (int id : helicopters(0)) units.push_back(id);
    units.push_back(0);
    units.push_back(9999);
    vector<int> hs = helicopters(me());
    for (int n = 0; n < 40; ++n) {
      int id = units[random(0, units.size() - 1)];
      Data d = id > 0 and id < 9999 ? data(id) : NUL;
      switch (random(0, 2)) {
        case 0: command_soldier(id, d.pos.i + random(-2, 2), d.pos.j + random(-1, 1)); break;
        case 1: command_helicopter(id, random(0, 6)); break;
        default: {
          Data h = data(hs[random(0, hs.size() - 1)]);
          command_parachuter(h.pos.i + random(-3, 3), h.pos.j + random(-3, 3));
        }
      }
    }
  }
};

RegisterPlayer(PLAYER_NAME);
