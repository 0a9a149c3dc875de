// Action.hh: the instructions a player gives in a round (the original
// Mad Max 2020 API). Player's move and shoot check their arguments, then
// call these.
#ifndef Action_hh
#define Action_hh

#include "Utils.hh"

namespace arena {
namespace wasteland {
struct Session;
}
}  // namespace arena

// The kinds of instruction.
enum IType { UNDEFINED, MOVE, SHOOT };

// i2c and c2i convert an instruction kind to a letter and back.
inline char i2c(IType a) {
  switch (a) {
    case MOVE: return 'm';
    case SHOOT: return 's';
    default: return 'u';
  }
}

inline IType c2i(char c) {
  switch (c) {
    case 'm': return MOVE;
    case 's': return SHOOT;
    default: return UNDEFINED;
  }
}

// An instruction: the car, the kind and, for a move, the direction.
struct Instruction {
  Car_Id cid;
  IType type;
  Dir dir;
};

// Action keeps the instructions of one round, at most one per car.
class Action {
 public:
  Action() {}

  // move asks car c to move in direction d. A second instruction for the
  // same car in a round is dropped with a warning.
  void move(Car_Id c, Dir d) { arena_add_(c, MOVE, d); }

  // shoot asks car c to shoot a missile, then move DEFAULT.
  void shoot(Car_Id c) { arena_add_(c, SHOOT, DEFAULT); }

 private:
  friend struct arena::wasteland::Session;

  vector<Instruction> arena_instructs_;

  void arena_add_(Car_Id c, IType t, Dir d) {
    for (const Instruction& i : arena_instructs_) {
      if (i.cid == c) {
        cerr << "warning: instruction alread requested for car " << c << endl;
        return;
      }
    }
    arena_instructs_.push_back(Instruction{c, t, d});
  }
};

#endif  // Action_hh
