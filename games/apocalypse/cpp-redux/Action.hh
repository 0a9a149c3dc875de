// Action.hh: the orders a team gives in a round. Player redeclares the
// three with the original's checks; these record an order unchecked (the
// host checks it anyway).
#ifndef Action_hh
#define Action_hh

#include "Utils.hh"
#include "Board.hh"

using namespace std;

class Action {
 public:
  // Soldier id moves to (x, y).
  void ordena_soldat(int id, int x, int y) { arena_orders_.soldier(id, x, y, true); }

  // Helicopter id follows the order codi.
  void ordena_helicopter(int id, int codi) { arena_orders_.helicopter(id, codi, true); }

  // A parachuter jumps onto (x, y).
  void ordena_paracaigudista(int x, int y) { arena_orders_.jump(x, y, true); }

  Action() {}

 private:
  friend class Player;
  friend struct arena::apocalypse::Session;
  arena::apocalypse::Orders arena_orders_;
};

#endif
