// Player.hh: the base of every player of Apocalypse Now Redux, with the
// original's (Catalan) API: the board's queries (Board) and the orders
// (Action); and the bot's main(), which plays the registered player over
// Arena's protocol: a player file written for the original compiles
// unchanged.
#ifndef Player_hh
#define Player_hh

#include "Utils.hh"
#include "Board.hh"
#include "Action.hh"
#include "Registry.hh"

using namespace std;

class Player : public Board, public Action {
 public:
  // Soldier id moves to (x, y), one of the eight cells around it, or
  // attacks the enemy there. Ignored, with an error, if id is no soldier of
  // your team, already has an order this round, or (x, y) is not next to it.
  void ordena_soldat(int id, int x, int y);

  // Helicopter id follows the order codi: AVANCA1, AVANCA2,
  // CONTRA_RELLOTGE, RELLOTGE or NAPALM. Ignored, with an error, if id is
  // no helicopter of your team, already has an order this round, or codi is
  // none of these.
  void ordena_helicopter(int id, int codi);

  // A parachuter jumps onto (x, y), under one of your helicopters. Ignored,
  // with an error, if that helicopter has no parachuter left for it, if
  // MAX_BAIXEN + 1 jumps were already ordered this round (the original
  // accepts one more than MAX_BAIXEN), or (x, y) is off the board. As in the
  // original, a jump below none of your helicopters is accepted: it lands
  // nobody and hands another team a parachuter.
  void ordena_paracaigudista(int x, int y);

  // Called once per round: read the board, give orders.
  virtual void play() {}

  virtual ~Player() {}

 private:
  static const char* arena_reason(arena::apocalypse::Orders::Refusal r);
};

inline const char* Player::arena_reason(arena::apocalypse::Orders::Refusal r) {
  typedef arena::apocalypse::Orders O;
  switch (r) {
    case O::valid: return "";
    case O::no_unit: return "identificador inexistent";
    case O::not_yours: return "equip incorrecte";
    case O::wrong_type: return "tipus incorrecte";
    case O::twice: return "mes d'una ordre en aquest torn";
    case O::not_adjacent: return "casella massa llunyana";
    case O::unknown_instruction: return "instruccio desconeguda";
    case O::no_parachuters: return "massa instruccions de salt per un helicopter";
    case O::too_many_jumps: return "massa instruccions de salt en un mateix torn";
    case O::outside: return "posicio fora del tauler";
  }
  return "???";
}

// Refused orders go to the host all the same, as the Go SDK's do: the host
// ignores them and counts them in the match log.
inline void Player::ordena_soldat(int id, int x, int y) {
  arena::apocalypse::Orders::Refusal r = arena_orders_.check_soldier(arena_view_, id, x, y);
  if (r != arena::apocalypse::Orders::valid)
    error("ordena_soldat invocat amb " + i2s(id) + " " + i2s(x) + " " + i2s(y) + " : " + arena_reason(r));
  arena_orders_.soldier(id, x, y, r == arena::apocalypse::Orders::valid);
}

inline void Player::ordena_helicopter(int id, int codi) {
  arena::apocalypse::Orders::Refusal r = arena_orders_.check_helicopter(arena_view_, id, codi);
  if (r != arena::apocalypse::Orders::valid)
    error("ordena_helicopter invocat amb " + i2s(id) + " " + i2s(codi) + " : " + arena_reason(r));
  arena_orders_.helicopter(id, codi, r == arena::apocalypse::Orders::valid);
}

inline void Player::ordena_paracaigudista(int x, int y) {
  arena::apocalypse::Orders::Refusal r = arena_orders_.check_jump(arena_view_, x, y);
  if (r != arena::apocalypse::Orders::valid)
    error("ordena_paracaigudista invocat amb " + i2s(x) + " " + i2s(y) + " : " + arena_reason(r));
  arena_orders_.jump(x, y, r == arena::apocalypse::Orders::valid);
}

namespace arena {
namespace apocalypse {

// Session plays a Player over the protocol (arena::serve), as the Go SDK's
// session does: the setup frame seeds the team's generator, every round
// frame updates the board, then the player plays.
struct Session : arena::State {
  Player* p;
  explicit Session(Player* p) : p(p) {}

  void setup(Reader& r) {
    View& v = p->arena_view_;
    v.setup(r);
    if (!r.ok()) return;
    arena_board_size() = v.n;
    warn_settings(v);
  }
  void update(Reader& r) { p->arena_view_.update(r); }
  void play(Writer& w) {
    p->arena_orders_.clear();
    p->play();
    View::append_commands(w, p->arena_orders_.cmds);
  }

  // The constants of Board.hh are the game's defaults: say so if this
  // match sets other values (the queries tell the match's).
  static void warn_settings(const View& v) {
    struct Constant {
      const char* name;
      int value;
    };
    const Constant constants[nb_params] = {
        {"NUM_PLAYERS", 4}, {"TORNS_JOC", TORNS_JOC}, {"MAX", MAX}, {"NUM_SOLDATS", NUM_SOLDATS},
        {"NUM_HELIS", NUM_HELIS}, {"NUM_POSTS", NUM_POSTS}, {"VIDA", VIDA}, {"DANY_BOSC", DANY_BOSC},
        {"DANY_GESPA", DANY_GESPA}, {"TORNS_NAPALM", TORNS_NAPALM}, {"ABAST", ABAST},
        {"CREMA_BOSC", CREMA_BOSC}, {"CREMA_ALTRE", CREMA_ALTRE}, {"PROB_FOC*100", int(PROB_FOC * 100 + 0.5)},
        {"TORNS_BAIXAR", TORNS_BAIXAR}, {"MAX_BAIXEN", MAX_BAIXEN}, {"VALOR_ALT", VALOR_ALT},
        {"VALOR_BAIX", VALOR_BAIX}};
    for (int k = 0; k < nb_params; ++k)
      if (v.params[k] != constants[k].value)
        std::cerr << "warning: this match has " << constants[k].name << " = " << v.params[k]
                  << ", the constant says " << constants[k].value << endl;
  }
};

}  // namespace apocalypse
}  // namespace arena

int main() {
  arena::apocalypse::Session s(arena::Registry<Player>::make());
  return arena::serve(s);
}

#endif
