// Player.hh: the C++ player API of Race, the framework's test game, over
// arena/wire.hh. It mirrors the Go SDK (games/gametest/fake/sdk) in the
// style of the original games' headers: a player file includes it, derives
// a struct from Player, writes play() and ends with RegisterPlayer.
//
//   #include "Player.hh"
//   #define PLAYER_NAME Foo
//   struct PLAYER_NAME : public Player {
//     static Player* factory() { return new PLAYER_NAME; }
//     virtual void play() { step(random(0, max_step())); }
//   };
//   RegisterPlayer(PLAYER_NAME);
#ifndef Player_hh
#define Player_hh

#include "arena/wire.hh"

using namespace std;

class Player {
 public:
  virtual ~Player() {}

  // play is called once per round: give a step with step(n).
  virtual void play() = 0;

  // me is this player's number.
  int me() const { return me_; }
  // nb_rounds is the number of rounds.
  int nb_rounds() const { return rounds_; }
  // max_step is the longest step; it cannot be taken twice in a row.
  int max_step() const { return max_step_; }
  // round is the round being played, from 0.
  int round() const { return round_; }
  // pos is player p's cell on the track.
  int pos(int p) const { return p >= 0 && p < 4 ? pos_[p] : -1; }
  // status is the fraction of its CPU budget player p used, or -1 if frozen.
  double status(int p) const { return p >= 0 && p < 4 ? status_[p] : -1; }
  // step asks to move n cells forward this round; only the first counts.
  void step(int n) { steps_.push_back(n); }
  // random returns a uniform integer in [l, u], seeded by the match.
  int random(int l, int u) { return l + rng_.intn(u - l + 1); }

 private:
  friend struct RaceSession;
  int me_ = 0, rounds_ = 0, max_step_ = 0, round_ = 0;
  int pos_[4] = {0, 0, 0, 0};
  double status_[4] = {0, 0, 0, 0};
  arena::Rand rng_;
  vector<int> steps_;
};

// RaceSession decodes the host's frames into the player (docs/protocol.md;
// the layouts are the engine's, games/gametest/fake/game.go).
struct RaceSession : arena::State {
  Player* p;
  explicit RaceSession(Player* player) : p(player) {}
  void setup(arena::Reader& r) {
    r.version(1);
    p->me_ = r.below(4, "player");
    p->rng_.seed(r.uint64(), 0);
    p->rounds_ = r.uint();
    p->max_step_ = r.uint();
  }
  void update(arena::Reader& r) {
    r.version(1);
    p->round_ = r.uint();
    for (int q = 0; q < 4; ++q) {
      int v = r.uint();
      p->status_[q] = v == 0 ? -1 : double(v - 1) / 1e6;
    }
    for (int n = r.count(); n > 0; --n) {
      int q = r.below(4, "player");
      p->pos_[q] = r.uint();
    }
  }
  void play(arena::Writer& w) {
    p->steps_.clear();
    p->play();
    w.uint(int(p->steps_.size()));
    for (size_t i = 0; i < p->steps_.size(); ++i) w.uint(p->steps_[i]);
  }
};

#define RegisterPlayer(x) static int x##_registered = arena::Registry<Player>::add(#x, x::factory)

int main() {
  RaceSession s(arena::Registry<Player>::make());
  return arena::serve(s);
}

#endif
