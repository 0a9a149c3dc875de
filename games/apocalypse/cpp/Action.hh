// Action.hh: the commands a player gives in a round. Player redeclares the
// three with the original's checks; these record a command unchecked (the
// host checks it anyway).
#ifndef Action_hh
#define Action_hh

#include "Structs.hh"
#include "arena/apocalypse.hh"

class Action {
 public:
  void command_soldier(int id, int i, int j) { arena_orders_.soldier(id, i, j, true); }
  void command_helicopter(int id, int code) { arena_orders_.helicopter(id, code, true); }
  void command_parachuter(int i, int j) { arena_orders_.jump(i, j, true); }

  Action() {}

 private:
  friend class Player;
  friend struct arena::apocalypse::Session;
  arena::apocalypse::Orders arena_orders_;
};

#endif
