// Player.hh: the base of a Poquémon player, as in the original. A player
// file includes it, defines
//
//   #define PLAYER_NAME Foo
//   struct PLAYER_NAME : public Player {
//     static Player* factory() { return new PLAYER_NAME; }
//     virtual void play() { ... }
//   };
//   RegisterPlayer(PLAYER_NAME);
//
// and is built with this SDK into a bot that speaks Arena's protocol: this
// file also defines main(). What the player prints, on cout or cerr, goes
// to its debug log.
#ifndef Player_hh
#define Player_hh

#include "Utils.hh"
#include "PosDir.hh"
#include "Board.hh"
#include "Action.hh"
#include "Registry.hh"

using namespace std;

class Player : public Board, public Action {
 public:
  virtual ~Player() {}

  // The number of your player.
  int me() { return arena_me_; }

  // Called once per round: read the board and give your action.
  virtual void play() {}

 private:
  friend class arena::poq::Session;

  int arena_me_ = 0;
};

inline int Registry::Register(const char* name, Factory factory) {
  return arena::Registry<Player>::add(name, factory);
}

namespace arena {
namespace poq {

// Session is the player's side of a match: it decodes the host's frames
// (games/poquemon/proto) into the player's Board, exactly as the Go SDK's
// session.go does, calls play() and encodes the actions asked.
class Session : public State {
 public:
  explicit Session(Player& p) : p_(p), b_(p.arena_board_), a_(p.arena_action_) {}

  void setup(Reader& r) {
    r.version(version);
    p_.arena_me_ = r.uint();
    uint64_t seed = r.uint64();
    b_.rng.seed(seed, seed_stream);
    for (int k = 0; k < NbParams; ++k) b_.param[k] = r.uint();
    if (not r.ok()) return;
    int rows = b_.param[Rows], cols = b_.param[Cols], np = b_.param[NbPlayers], per = b_.param[NbPokemon];
    if (rows < 1 or cols < 1 or rows > max_side or cols > max_side or np < 1 or np > max_players or
        p_.arena_me_ >= np or per < 1 or np * per > max_units)
      return r.fail("bad dimensions");
    int n = rows * cols;
    const unsigned char* cells = r.bytes(size_t(n));
    if (not r.ok()) return;
    b_.wall.assign(n, false);
    b_.ghost_at.assign(n, -1);
    b_.bonus_at.assign(n, -1);
    b_.id_at.assign(n, -1);
    for (int c = 0; c < n; ++c) {
      if (cells[c] == setup_wall)
        b_.wall[c] = true;
      else if (cells[c] != setup_floor and cells[c] != setup_ghost)
        return r.fail("bad cell code");
    }
    int ghosts = b_.param[NbGhostWall];
    int bonuses = b_.param[NbPoint] + b_.param[NbStone] + b_.param[NbScope] + b_.param[NbAttack] + b_.param[NbDefense];
    if (ghosts > n or bonuses > n) return r.fail("more items than cells");
    b_.ghosts.assign(ghosts, GhostWall());
    for (int k = 0; k < ghosts; ++k) {
      int c = r.below(n, "ghost wall cell");
      if (not r.ok()) return;
      if (cells[c] != setup_ghost or b_.ghost_at[c] >= 0) return r.fail("ghost wall on a wrong cell");
      b_.ghost_at[c] = k;
      b_.ghosts[k].pos = Pos(c / cols, c % cols);
      b_.ghosts[k].present = false;
      b_.ghosts[k].time = 0;
    }
    b_.bonuses.assign(bonuses, Bonus());
    for (int k = 0; k < bonuses; ++k) {
      unsigned char kind = r.byte();
      if (r.ok() and (kind < first_bonus or kind > last_bonus)) return r.fail("bad bonus kind");
      b_.bonuses[k].kind = CType(kind);
      b_.bonuses[k].cell = -1;
      b_.bonuses[k].value = 0;
    }
    b_.poq.assign(np * per, Poquemon());
    b_.seen.assign(np * per, false);
    for (int id = 0; id < np * per; ++id) {
      b_.poq[id] = Poquemon{id, id / per, Pos(0, 0), 0, 0, 0, 0, false, 0, 0};
      b_.seen[id] = id / per == p_.arena_me_;
    }
    b_.status.assign(np, 0.0);
    b_.type.resize(n);
    for (int c = 0; c < n; ++c) retype(c);
    a_.first = p_.arena_me_ * per;
    a_.count = per;
    touched_.reserve(2 * size_t(bonuses) + 1);
  }

  void update(Reader& r) {
    r.version(version);
    b_.round = r.uint();
    for (size_t p = 0; p < b_.status.size(); ++p) b_.status[p] = decode_status(r.uint());
    int n = int(b_.wall.size()), cols = b_.param[Cols], per = b_.param[NbPokemon];
    for (int m = r.count(); m > 0; --m) {
      int k = r.below(int(b_.ghosts.size()), "ghost wall");
      bool present = r.boolean();
      int time = r.uint();
      if (not r.ok()) return;
      b_.ghosts[k].present = present;
      b_.ghosts[k].time = time;
      const Pos& g = b_.ghosts[k].pos;
      retype(g.i * cols + g.j);
    }
    touched_.clear();
    for (int m = r.count(); m > 0; --m) {
      int k = r.below(int(b_.bonuses.size()), "bonus");
      int c = r.below(n + 1, "bonus cell") - 1;
      int value = r.uint();
      if (not r.ok()) return;
      Bonus& x = b_.bonuses[k];
      if (x.cell >= 0 and b_.bonus_at[x.cell] == k) {
        b_.bonus_at[x.cell] = -1;
        touched_.push_back(x.cell);
      }
      x.cell = c;
      x.value = value;
      if (c >= 0) touched_.push_back(c);
    }
    // Place after all removals, so that a bonus moving onto a cell another
    // one left in the same frame is not cleared by mistake.
    for (size_t k = 0; k < b_.bonuses.size(); ++k)
      if (b_.bonuses[k].cell >= 0) b_.bonus_at[b_.bonuses[k].cell] = int(k);
    for (size_t t = 0; t < touched_.size(); ++t) retype(touched_[t]);

    // The cells that showed a Poquémon, from the positions of last round.
    for (const Poquemon& q : b_.poq)
      if (q.alive and b_.seen[q.id]) b_.id_at[q.pos.i * cols + q.pos.j] = -1;
    for (int m = r.count(); m > 0; --m) {
      int id = r.below(int(b_.poq.size()), "Poquémon");
      bool alive = r.boolean();
      int c = r.below(n, "cell");
      int attack = r.uint(), defense = r.uint(), scope = r.uint(), stones = r.uint(), points = r.uint(), time = r.uint();
      if (not r.ok()) return;
      Poquemon& q = b_.poq[id];
      q.alive = alive;
      q.pos = Pos(c / cols, c % cols);
      q.attack = attack;
      q.defense = defense;
      q.scope = scope;
      q.stones = stones;
      q.points = points;
      q.time = time;
    }
    int me = p_.arena_me_;
    for (int id = 0; id < int(b_.poq.size()); ++id) b_.seen[id] = id / per == me;
    for (int m = r.count(); m > 0; --m) {
      int id = r.below(int(b_.poq.size()), "Poquémon");
      if (not r.ok()) return;
      if (id / per == me) return r.fail("own Poquémon among the opponents");
      b_.seen[id] = true;
    }
    if (not r.end()) return;
    for (const Poquemon& q : b_.poq)
      if (q.alive and b_.seen[q.id]) b_.id_at[q.pos.i * cols + q.pos.j] = q.id;
  }

  void play(Writer& w) {
    a_.asked.clear();
    p_.play();
    w.uint(int(a_.asked.size()));
    for (const Asked& x : a_.asked) {
      w.uint(x.id);
      w.byte(x.type == Attacking ? act_attack : act_move);
      w.byte(wire_dir(x.dir));
    }
  }

 private:
  Player& p_;
  BoardData& b_;
  ActionData& a_;
  vector<int> touched_;  // cells whose bonus changed this round

  // retype recomputes what cell c holds.
  void retype(int c) {
    CType t = Empty;
    int g = b_.ghost_at[c], k = b_.bonus_at[c];
    if (b_.wall[c] or (g >= 0 and b_.ghosts[g].present))
      t = Wall;
    else if (k >= 0)
      t = b_.bonuses[k].kind;
    b_.type[c] = t;
  }
};

}  // namespace poq
}  // namespace arena

// The bot: the first registered player plays the match.
int main() {
  Player* p = arena::Registry<Player>::make();
  arena::poq::Session s(*p);
  return arena::serve(s);
}

#endif
