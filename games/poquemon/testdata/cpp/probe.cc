// The probe: each round it prints everything the C++ SDK lets a player read
// (statuses, every cell, every Poquémon, random draws) to its debug log, and
// gives random actions, so that a test can compare it with what the Go SDK
// decodes from the same frames (visibility_test.go, probeBot).
#include "Player.hh"

#define PLAYER_NAME Probe

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  virtual void play() {
    printf("round %d me %d\nstatus", round(), me());
    for (int pl = 0; pl < nb_players(); ++pl) printf(" %.6f", status(pl));
    printf("\n");
    for (int i = 0; i < rows(); ++i) {
      for (int j = 0; j < cols(); ++j) {
        Pos p(i, j);
        printf("%d,%d,%d,%d ", int(cell_type(i, j)), cell_id(p), points_value(p), ghost_wall(p));
      }
      printf("\n");
    }
    for (int id = 0; id < nb_total_poquemon(); ++id) {
      const Poquemon& q = poquemon(id);
      printf("%d: %d (%d,%d) %d %d %d %d %d %d %d\n", q.id, q.player, q.pos.i, q.pos.j, q.attack, q.defense,
             q.scope, q.stones, int(q.alive), q.points, q.time);
    }
    printf("draw %d\n", randomize());
    int per = nb_poquemon();
    for (int k = 0; k < per; ++k) {
      int id = me() * per + k;
      int a = randomize(0, 2);
      Dir d = Dir(randomize(1, 4));
      printf("action %d %d %d\n", id, a, int(d));
      if (k == 0) {
        if (a == 0) move(d);
        else if (a == 1) attack(d);
        else move(None);
      } else {
        if (a == 0) move(id, d);
        else if (a == 1) attack(id, d);
        else move(id, None);
      }
    }
  }
};

RegisterPlayer(PLAYER_NAME);
