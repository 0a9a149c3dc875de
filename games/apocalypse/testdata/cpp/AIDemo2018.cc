#include "Player.hh"

// A student's player that kept the name Demo: greedy attackers, napalm on
// crowds, parachuters onto free grass.
#define PLAYER_NAME Demo

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  static constexpr int I[8] = { 1, 1, 0, -1, -1, -1,  0,  1 };
  static constexpr int J[8] = { 0, 1, 1,  1,  0, -1, -1, -1 };

  virtual void play () {
    cout << "cout: round " << round() << endl;
    for (int id : soldiers(me())) {
      Data s = data(id);
      int bi = -1, bj = -1, weakest = LIFE + 1;
      for (int k = 0; k < 8; ++k) {
        int i = s.pos.i + I[k], j = s.pos.j + J[k];
        int e = which_soldier(i, j);
        if (e > 0 and data(e).player != me() and data(e).life < weakest) {
          weakest = data(e).life;
          bi = i, bj = j;
        }
      }
      if (bi >= 0) command_soldier(id, bi, bj);
      else {
        int k = random(0, 7);
        command_soldier(id, s.pos.i + I[k], s.pos.j + J[k]);
      }
    }
    for (int id : helicopters(me())) {
      Data h = data(id);
      int n = 0;
      for (int a = -REACH; a <= REACH; ++a)
        for (int b = -REACH; b <= REACH; ++b) {
          int e = which_soldier(h.pos.i + a, h.pos.j + b);
          if (e > 0) n += data(e).player == me() ? -3 : 1;
        }
      if (h.napalm == 0 and n >= 3) command_helicopter(id, NAPALM);
      else command_helicopter(id, random(0, 4) == 0 ? CLOCKWISE : FORWARD2);
      if (not h.parachuters.empty() and what(h.pos.i, h.pos.j) == GRASS and which_soldier(h.pos.i, h.pos.j) == 0)
        command_parachuter(h.pos.i, h.pos.j);
    }
  }
};

constexpr int PLAYER_NAME::I[8];
constexpr int PLAYER_NAME::J[8];

RegisterPlayer(PLAYER_NAME);
