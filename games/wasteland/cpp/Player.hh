// Player.hh: the base class of a Wasteland player (the original Mad Max
// 2020 API, for Arena's C++ bots), and the program that plays it. A player
// file is
//
//   #include "Player.hh"
//   #define PLAYER_NAME Foo
//   struct PLAYER_NAME : public Player {
//     static Player* factory() { return new PLAYER_NAME; }
//     virtual void play() { ... }
//   };
//   RegisterPlayer(PLAYER_NAME);
//
// play() is called once per round; it reads the match through Board's
// accessors and gives instructions with move() and shoot(). Anything the
// player prints, on cerr or cout, goes to its debug log.
#ifndef Player_hh
#define Player_hh

#include "Utils.hh"
#include "Action.hh"
#include "Board.hh"
#include "Registry.hh"

class Player : public Board, public Action {
 public:
  virtual ~Player() {}

  // me is the number of this player.
  int me() const { return arena_me_; }

  // move asks car c to move in direction d; shoot asks it to shoot. A car
  // that is not one of yours or a direction that is not one of the nine
  // is refused with a warning on cerr.
  void move(Car_Id c, Dir d) {
    if (not car_ok(c))
      cerr << "warning: invalid car identifier" << c << endl;
    else if (not dir_ok(d))
      cerr << "warning: invalid direction " << d << " for car " << c << endl;
    else if (player_of(c) != me())
      cerr << "warning: car does not belong to commanding player" << endl;
    else
      Action::move(c, d);
  }

  void shoot(Car_Id c) {
    if (not car_ok(c))
      cerr << "warning: invalid car identifier" << c << endl;
    else if (player_of(c) != me())
      cerr << "warning: car does not belong to commanding player" << endl;
    else
      Action::shoot(c);
  }

  // play is the player's turn, once per round.
  virtual void play() {}

 private:
  friend struct arena::wasteland::Session;
  int arena_me_ = 0;
};

namespace arena {
namespace wasteland {

// Session decodes the host's frames into the player's Board (the layouts
// are in games/wasteland/proto, the Go SDK's session.go does the same) and
// encodes its instructions.
struct Session : arena::State {
  Player* p;
  explicit Session(Player* pl) : p(pl) {}

  void setup(Reader& r) override {
    Board& b = *p;
    r.version(1);
    p->arena_me_ = r.uint();
    uint64_t seed = r.uint64();
    for (int& v : b.arena_params_) v = r.uint();
    if (not r.ok()) return;
    int np = b.number_players(), rows = b.number_rows(), u = b.number_universe_columns();
    int w = b.number_window_columns(), cpp = b.number_cars_per_player();
    if (np <= 0 or np > 64 or p->arena_me_ >= np or cpp <= 0 or cpp > 64 or rows <= 0 or rows > 1000 or
        u <= 0 or u > 1000 or rows * u > (1 << 20) or w <= 0 or w > u) {
      r.fail("bad dimensions");
      return;
    }
    b.arena_rng_.seed(seed);
    b.arena_cells_.assign(rows * u, Cell{EMPTY, -1, -1});
    b.arena_terrain_.assign(rows * u, EMPTY);
    b.arena_cars_.assign(np * cpp, Car{0, Pos(0, 0), 0, 0, false, 0});
    for (int id = 0; id < np * cpp; ++id) b.arena_cars_[id].cid = id;
    b.arena_scores_.assign(np, 0);
    b.arena_status_.assign(np, 0);
  }

  void update(Reader& r) override {
    Board& b = *p;
    r.version(1);
    b.arena_round_ = r.uint();
    for (int& s : b.arena_scores_) s = r.uint();
    for (double& s : b.arena_status_) {
      int v = r.uint();
      s = v == 0 ? -1 : double(v - 1) / 1e6;
    }
    for (int i : b.arena_overlay_) b.arena_cells_[i] = Cell{b.arena_terrain_[i], -1, -1};
    b.arena_overlay_.clear();

    int ncells = int(b.arena_cells_.size()), ncars = int(b.arena_cars_.size());
    int n = r.count();
    for (int k = 0; k < n; ++k) {
      int i = r.below(ncells, "cell");
      int t = r.byte();
      if (not r.ok()) return;
      if (t != EMPTY and t != TYRE and t != WATER_BONUS and t != MISSILE_BONUS and t != GAS_BONUS)
        return r.fail("bad cell content");
      b.arena_terrain_[i] = CType(t);
      b.arena_cells_[i] = Cell{CType(t), -1, -1};
    }

    int rows = b.number_rows(), u = b.number_universe_columns();
    n = r.count();
    for (int k = 0; k < n; ++k) {
      Car c;
      c.cid = r.below(ncars, "car");
      int i = r.below(rows, "row");
      int j = r.below(u, "column");
      c.pos = Pos(i, j);
      c.nb_miss = r.uint();
      c.gas = r.uint();
      c.alive = r.boolean();
      c.time = r.uint();
      if (not r.ok()) return;
      b.arena_cars_[c.cid] = c;
    }

    n = r.count();
    b.arena_missiles_.clear();
    for (int k = 0; k < n; ++k) {
      Missile m;
      m.mid = r.uint();
      m.cid = r.below(ncars, "car");
      int i = r.below(rows, "row");
      int j = r.below(u, "column");
      m.pos = Pos(i, j);
      if (not r.ok()) return;
      if (not b.arena_missiles_.empty() and b.arena_missiles_.rbegin()->first >= m.mid)
        return r.fail("missiles out of order");
      b.arena_missiles_.emplace_hint(b.arena_missiles_.end(), m.mid, m);
    }
    if (not r.end()) return;

    for (const Car& c : b.arena_cars_) {
      if (not c.alive) continue;
      int i = first(c.pos) * u + second(c.pos);
      b.arena_cells_[i] = Cell{CAR, c.cid, -1};
      b.arena_overlay_.push_back(i);
    }
    for (const auto& x : b.arena_missiles_) {
      const Missile& m = x.second;
      int i = first(m.pos) * u + second(m.pos);
      b.arena_cells_[i] = Cell{MISSILE, -1, m.mid};
      b.arena_overlay_.push_back(i);
    }
  }

  // play reseeds the player's generator from its own next number, as the
  // original does before every round, lets the player play and sends its
  // instructions: a direction's index in the statement's order, or 9 for
  // a shot.
  void play(Writer& w) override {
    Board& b = *p;
    b.arena_rng_.seed(uint64_t(b.arena_rng_.next()));
    vector<Instruction>& ins = p->arena_instructs_;
    ins.clear();
    p->play();
    w.uint(int(ins.size()));
    for (const Instruction& i : ins) {
      w.uint(i.cid);
      w.byte(code(i));
    }
  }

  static unsigned char code(const Instruction& i) {
    if (i.type == SHOOT) return 9;
    if (i.type != MOVE or not dir_ok(i.dir)) return 255;
    static const int group[3] = {1, 0, 2};  // slow moves are the second group
    return (unsigned char)(3 * group[second(i.dir)] + first(i.dir) + 1);
  }
};

}  // namespace wasteland
}  // namespace arena

int main() {
  Player* p = arena::Registry<Player>::make();
  arena::wasteland::Session s(p);
  return arena::serve(s);
}

#endif  // Player_hh
