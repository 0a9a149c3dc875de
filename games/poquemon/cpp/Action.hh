// Action.hh: what a player asks its Poquémon to do in a round, as in the
// original Poquémon: one action per round, a move or an attack.
#ifndef Action_hh
#define Action_hh

#include "Utils.hh"
#include "PosDir.hh"

using namespace std;

// Kinds of action.
enum AType { Undefined, Moving, Attacking };

inline bool ok(AType a) { return a == Undefined or a == Moving or a == Attacking; }

// Conversions between AType and char.
inline char a2c(AType a) {
  switch (a) {
    case Undefined: return 'u';
    case Moving: return 'm';
    case Attacking: return 'a';
  }
  _unreachable();
}

inline AType c2a(char c) {
  switch (c) {
    case 'm': return Moving;
    case 'a': return Attacking;
  }
  return Undefined;
}

namespace arena {
namespace poq {

class Session;

// An action asked for Poquémon id.
struct Asked {
  int id;
  AType type;
  Dir dir;
};

// The actions of a round, kept in one member of Action.
struct ActionData {
  int first = 0, count = 0;  // your Poquémon's ids
  vector<Asked> asked;       // this round's actions, in the order given
};

}  // namespace poq
}  // namespace arena

// The actions asked in a round. Player inherits move and attack.
class Action {
 public:
  Action() {}

  // Moves your Poquémon one cell in direction d (None: stays).
  void move(Dir d) { arena_ask(arena_action_.first, Moving, d); }

  // Attacks in direction d: the closest opponent within your scope that
  // way, with no wall between, is hit.
  void attack(Dir d) { arena_ask(arena_action_.first, Attacking, d); }

  // Not in the original, whose players have one Poquémon: when the match
  // gives you several (setting nb_pokemon), your Poquémon id is one of
  // me()*nb_poquemon() ... me()*nb_poquemon()+nb_poquemon()-1, and these
  // give it its action. move(d) and attack(d) command the first one.
  void move(int id, Dir d) {
    if (arena_mine(id)) arena_ask(id, Moving, d);
  }
  void attack(int id, Dir d) {
    if (arena_mine(id)) arena_ask(id, Attacking, d);
  }

 private:
  friend class arena::poq::Session;

  arena::poq::ActionData arena_action_;

  bool arena_mine(int id) {
    if (id >= arena_action_.first and id < arena_action_.first + arena_action_.count) return true;
    cerr << "warning: poquémon " << id << " is not yours." << endl;
    return false;
  }

  void arena_ask(int id, AType type, Dir d) {
    if (not ok(d)) return;  // not a direction: ignored, as in the original
    for (const arena::poq::Asked& a : arena_action_.asked) {
      if (a.id == id) {
        cerr << "warning: another action already requested for this poquémon." << endl;
        return;
      }
    }
    arena_action_.asked.push_back(arena::poq::Asked{id, type, d});
  }
};

#endif
