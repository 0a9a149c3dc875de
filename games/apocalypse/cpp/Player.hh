// Player.hh: the base of every player of Apocalypse Now 2018, with the
// original's API (Info for the state and the settings, Random_generator,
// Action), and the bot's main(), which plays the registered player over
// Arena's protocol: a player file written for the original compiles
// unchanged.
#ifndef Player_hh
#define Player_hh

#include "Info.hh"
#include "Action.hh"
#include "Random.hh"
#include "Registry.hh"

class Player : public Info, public Random_generator, public Action {
 public:
  // Called once per round: read the state, give commands.
  virtual void play() {}

  // Your player's number, from 0 to 3.
  int me() { return me_; }

  // Soldier id moves to (i, j), one of the eight cells around it, or
  // attacks the enemy there; its own cell keeps it still. Ignored, with a
  // warning, if id is no soldier of yours, already has a command this
  // round, or (i, j) is not next to it.
  void command_soldier(int id, int i, int j);

  // Helicopter id follows instruction: FORWARD1, FORWARD2,
  // COUNTER_CLOCKWISE, CLOCKWISE or NAPALM. Ignored, with a warning, if id
  // is no helicopter of yours, already has a command this round, or the
  // instruction is none of these.
  void command_helicopter(int id, int instruction);

  // A parachuter jumps onto (i, j), under one of your helicopters. Ignored,
  // with a warning, if that helicopter has no parachuter left for it, if
  // MAX_JUMP jumps were already given this round, or (i, j) is off the board.
  void command_parachuter(int i, int j);

  virtual ~Player() {}

 private:
  friend struct arena::apocalypse::Session;
  int me_ = 0;

  const char* arena_reason(arena::apocalypse::Orders::Refusal r) const;
};

inline const char* Player::arena_reason(arena::apocalypse::Orders::Refusal r) const {
  typedef arena::apocalypse::Orders O;
  switch (r) {
    case O::valid: return "";
    case O::no_unit: return "identifier does not exist";
    case O::not_yours: return "invalid player";
    case O::wrong_type: return "invalid type";
    case O::twice: return "more than one instruction in this round";
    case O::not_adjacent: return "trying to move to a non adjacent cell";
    case O::unknown_instruction: return "unknown instruction";
    case O::no_parachuters: return "too many jump instructions for an helicopter";
    case O::too_many_jumps: return "too many jump instructions in the same round";
    case O::outside: return "position outside the board";
  }
  return "???";
}

// Refused commands go to the host all the same, as the Go SDK's do: the
// host ignores them and counts them in the match log.
inline void Player::command_soldier(int id, int i, int j) {
  arena::apocalypse::Orders::Refusal r = arena_orders_.check_soldier(arena_view_, id, i, j);
  if (r != arena::apocalypse::Orders::valid)
    cerr << "warning: command_soldier(int id, int i, int j) invoked by player " << me() << " with id = " << id
         << " i = " << i << " j = " << j << ": " << arena_reason(r) << endl;
  arena_orders_.soldier(id, i, j, r == arena::apocalypse::Orders::valid);
}

inline void Player::command_helicopter(int id, int instruction) {
  arena::apocalypse::Orders::Refusal r = arena_orders_.check_helicopter(arena_view_, id, instruction);
  if (r != arena::apocalypse::Orders::valid)
    cerr << "warning: command_helicopter(int id, int instruction) invoked by player " << me() << " with id = " << id
         << " instruction = " << instruction << ": " << arena_reason(r) << endl;
  arena_orders_.helicopter(id, instruction, r == arena::apocalypse::Orders::valid);
}

inline void Player::command_parachuter(int i, int j) {
  arena::apocalypse::Orders::Refusal r = arena_orders_.check_jump(arena_view_, i, j);
  if (r != arena::apocalypse::Orders::valid)
    cerr << "warning: command_parachuter(int i, int j) invoked by player " << me() << " with i = " << i
         << " j = " << j << ": " << arena_reason(r) << endl;
  arena_orders_.jump(i, j, r == arena::apocalypse::Orders::valid);
}

namespace arena {
namespace apocalypse {

// Session plays a Player over the protocol (arena::serve), as the Go SDK's
// session does: the setup frame seeds the player's generator, every round
// frame updates its state, then it plays.
struct Session : arena::State {
  Player* p;
  explicit Session(Player* p) : p(p) {}

  void setup(Reader& r) {
    View& v = p->arena_view_;
    v.setup(r);
    if (!r.ok()) return;
    p->me_ = v.me;
    p->arena_rng_ = v.rng;
    p->arena_players_ = v.params[p_num_players];
    p->arena_rounds_ = v.params[p_game_rounds];
    p->arena_max_ = v.params[p_max];
    warn_settings(v);
  }
  void update(Reader& r) { p->arena_view_.update(r); }
  void play(Writer& w) {
    p->arena_orders_.clear();
    p->play();
    View::append_commands(w, p->arena_orders_.cmds);
  }

  // The constants of Settings are the game's defaults: say so if this
  // match sets other values (the methods tell the match's).
  static void warn_settings(const View& v) {
    static const char* const names[nb_params] = {
        "NUM_PLAYERS", "GAME_ROUNDS", "MAX", "NUM_SOLDIERS", "NUM_HELICOPTERS", "NUM_POSTS",
        "LIFE", "FOREST_DAMAGE", "GRASS_DAMAGE", "ROUNDS_NAPALM", "REACH", "FOREST_BURNS",
        "OTHER_BURNS", "PROB_FIRE", "ROUNDS_JUMP", "MAX_JUMP", "HIGH_VALUE", "LOW_VALUE"};
    const int constants[nb_params] = {
        Settings::NUM_PLAYERS, Settings::GAME_ROUNDS, Settings::MAX, Settings::NUM_SOLDIERS,
        Settings::NUM_HELICOPTERS, Settings::NUM_POSTS, Settings::LIFE, Settings::FOREST_DAMAGE,
        Settings::GRASS_DAMAGE, Settings::ROUNDS_NAPALM, Settings::REACH, Settings::FOREST_BURNS,
        Settings::OTHER_BURNS, Settings::PROB_FIRE, Settings::ROUNDS_JUMP, Settings::MAX_JUMP,
        Settings::HIGH_VALUE, Settings::LOW_VALUE};
    for (int k = 0; k < nb_params; ++k)
      if (v.params[k] != constants[k])
        std::cerr << "warning: this match has " << names[k] << " = " << v.params[k] << ", the constant "
                  << names[k] << " says " << constants[k] << endl;
  }
};

}  // namespace apocalypse
}  // namespace arena

int main() {
  arena::apocalypse::Session s(arena::Registry<Player>::make());
  return arena::serve(s);
}

#endif
