// Player.hh: the base class of a player, and the bot's main program.
//
// A player file is the original's:
//
//   #include "Player.hh"
//   #define PLAYER_NAME Foo
//   struct PLAYER_NAME : public Player {
//     static Player* factory () { return new PLAYER_NAME; }
//     virtual void play () { ... }
//   };
//   RegisterPlayer(PLAYER_NAME);
//
// Everything it prints, on cout or cerr, goes to the bot's debug log.
#ifndef Player_hh
#define Player_hh

#include "Info.hh"
#include "Action.hh"
#include "Random.hh"
#include "Registry.hh"

/**
 * The base class of players: read the match through Info, draw random
 * numbers with Random_generator, give commands with Action.
 */
class Player : public Info, public Random_generator, public Action {

public:

  /**
   * Plays a round: called once per round. Players override it.
   */
  virtual void play () { }

  /**
   * This player's number, from 0 to nb_players() - 1.
   */
  int me ();

  Player () : me_(0) { }
  virtual ~Player () { }

private:

  friend class arena::OrkSession;

  int me_;
};

inline int Player::me () {
  return me_;
}

namespace arena {

// OrkSession decodes the host's frames into the Player's base classes and
// encodes its commands: the C++ twin of games/orkisland/sdk/session.go,
// with the frame layouts of games/orkisland/proto.
class OrkSession : public State {
 public:
  explicit OrkSession(Player& p) : p_(p) {}

  void setup(Reader& r) {
    Player& p = p_;
    r.version(1);
    p.me_ = r.uint();
    uint64_t seed = r.uint64();
    p.rng_.seed(seed, 0x6f726b);
    for (int k = 0; k < 14; ++k) p.param_[k] = r.uint();
    if (!r.ok()) return;
    int rows = p.rows(), cols = p.cols(), np = p.nb_players();
    long long area = (long long)rows * cols;
    if (rows <= 0 || cols <= 0 || area > (1 << 22) || np <= 0 || np > 64 || p.me_ >= np || p.nb_orks() > area)
      return r.fail("bad dimensions");
    int n = rows * cols;
    const unsigned char* terrain = r.bytes(n);
    if (!r.ok()) return;
    p.grid_rows_ = rows, p.grid_cols_ = cols;
    p.grid_.assign(n, Cell());
    for (int c = 0; c < n; ++c) {
      if (terrain[c] >= CELL_TYPE_SIZE) return r.fail("bad terrain");
      p.grid_[c].type = CellType(terrain[c]);
    }
    p.city_.assign(r.count(), ::State::City());
    for (int id = 0; id < int(p.city_.size()); ++id) {
      int k = r.count();
      for (int i = 0; i < k; ++i) {
        int c = r.below(n, "cell");
        if (!r.ok()) return;
        p.city_[id].push_back(Pos(c / cols, c % cols));
        p.grid_[c].city_id = id;
      }
    }
    p.path_.assign(r.count(), ::State::Path());
    for (int id = 0; id < int(p.path_.size()); ++id) {
      ::State::Path& path = p.path_[id];
      path.first.first = r.below(p.city_.size(), "city");
      path.first.second = r.below(p.city_.size(), "city");
      int k = r.count();
      for (int i = 0; i < k; ++i) {
        int c = r.below(n, "cell");
        if (!r.ok()) return;
        path.second.push_back(Pos(c / cols, c % cols));
        p.grid_[c].path_id = id;
      }
    }
    p.city_owner_.assign(p.city_.size(), -1);
    p.path_owner_.assign(p.path_.size(), -1);
    int orks = p.nb_orks();
    p.unit_.resize(np * orks);
    for (int id = 0; id < int(p.unit_.size()); ++id) p.unit_[id] = Unit(id, id / std::max(1, orks), Pos(-1, -1), 0);
    p.orks_.assign(np, std::vector<int>());
    p.total_score_.assign(np, 0);
    p.cpu_status_.assign(np, 0.0);
  }

  void update(Reader& r) {
    Player& p = p_;
    r.version(1);
    p.round_ = r.uint();
    for (int& s : p.total_score_) s = r.uint();
    for (double& s : p.cpu_status_) {
      int v = r.uint();
      s = v == 0 ? -1 : double(v - 1) / 1e6;
    }
    int cols = p.grid_cols_;
    int n = r.count();
    for (int i = 0; i < n; ++i) {
      int id = r.below(p.unit_.size(), "ork");
      int player = r.below(p.total_score_.size(), "player");
      int c = r.below(p.grid_.size(), "cell");
      int health = r.uint();
      if (!r.ok()) return;
      Unit& u = p.unit_[id];
      if (u.pos.i >= 0 && p.grid_[u.pos.i * cols + u.pos.j].unit_id == id) p.grid_[u.pos.i * cols + u.pos.j].unit_id = -1;
      u = Unit(id, player, Pos(c / cols, c % cols), health);
    }
    // Place after all removals, so that swapped cells are not cleared.
    for (const Unit& u : p.unit_)
      if (u.pos.i >= 0) p.grid_[u.pos.i * cols + u.pos.j].unit_id = u.id;
    std::vector<int>* owners[2] = {&p.city_owner_, &p.path_owner_};
    for (std::vector<int>* o : owners) {
      int k = r.count();
      for (int i = 0; i < k; ++i) {
        int id = r.below(o->size(), "owner change");
        int owner = r.uint() - 1;
        if (!r.ok()) return;
        (*o)[id] = owner;
      }
    }
    for (std::vector<int>& ids : p.orks_) ids.clear();
    for (const Unit& u : p.unit_) p.orks_[u.player].push_back(u.id);
  }

  void play(Writer& w) {
    Player& p = p_;
    p.q_ = 0;
    p.v_.clear();
    p.play();
    w.uint(p.v_.size());
    for (const Command& c : p.v_) {
      w.uint(c.id);
      // A value that is no direction stays one on the wire.
      w.byte(c.dir >= BOTTOM && c.dir <= NONE ? c.dir : DIR_SIZE);
    }
  }

 private:
  Player& p_;
};

}  // namespace arena

int main () {
  arena::OrkSession session(*arena::Registry<Player>::make());
  return arena::serve(session);
}

#endif
