// arena/apocalypse.hh: the bot side of Apocalypse Now's protocol in C++,
// shared by both C++ SDKs (cpp/ for Apocalypse Now 2018, cpp-redux/ for
// Redux): it decodes the setup and round frames into View and encodes the
// commands, exactly as the Go SDK does (games/apocalypse/sdk/session.go;
// the layouts are in games/apocalypse/proto). A player file never needs it
// directly: Player.hh builds its API on it.
#ifndef ARENA_APOCALYPSE_HH
#define ARENA_APOCALYPSE_HH

#include <algorithm>
#include <cstdint>
#include <vector>

#include "wire.hh"  // arena/wire.hh, next to this file

namespace arena {
namespace apocalypse {

// The proto package's constants.
static const unsigned char frame_version = 1;
static const unsigned char redux_setup = 2;  // Redux's setup: the seed is for ReduxRandom
static const uint64_t seed_stream = 0x61706f63;
static const int max_commands = 1000;
static const int max_id = 1 << 17;  // soldier ids stay below (session.go's maxID)

// Indices of the parameters in the setup frame (proto.ParamNames).
enum Param {
  p_num_players, p_game_rounds, p_max, p_num_soldiers, p_num_helicopters, p_num_posts,
  p_life, p_forest_damage, p_grass_damage, p_rounds_napalm, p_reach, p_forest_burns,
  p_other_burns, p_prob_fire, p_rounds_jump, p_max_jump, p_high_value, p_low_value,
  nb_params
};

// Codes on the wire: lands, unit types, command kinds.
enum { forest = 1, grass = 2, water = 3, mountain = 4 };
enum { unit_soldier = 1, unit_helicopter = 2 };
enum { kind_soldier = 0, kind_helicopter = 1, kind_jump = 2 };

// ReduxRandom is the generator of Redux's original engine (the Go SDK's
// ReduxRandom): x' = (62089911 x + 453816693) mod (2^31 - 1), each draw
// x / (2^31 - 1).
struct ReduxRandom {
  long long x = 0;
  double next() {
    x = (62089911LL * x + 453816693LL) % 2147483647LL;
    return double(x) / 2147483647.0;
  }
  // A number in [l, u] from one draw, as the original draws it.
  int range(int l, int u) { return l + int(double(u - l + 1) * next()); }
};

// Unit is a soldier or a helicopter as the frames tell it.
struct Unit {
  int id = 0, type = 0, player = 0, i = 0, j = 0;
  int life = -1;         // -1 for helicopters
  int orientation = -1;  // 0 south, 1 east, 2 north, 3 west; -1 for soldiers
  int napalm = -1;       // -1 for soldiers
  std::vector<int> para;  // a helicopter's parachuters
};

// PostInfo is a post: its owner (-1 none), cell and value.
struct PostInfo {
  int owner, i, j, value;
};

// Command is one command for the host (proto.Command).
struct Command {
  int kind, id, i, j, instr;
};

// View is everything the host has told the bot, decoded as the Go SDK
// decodes it, with the same random generator.
class View {
 public:
  int me = 0, round = 0, n = 0, np = 0;
  int params[nb_params] = {};
  std::vector<int> land, fire;
  std::vector<int> soldier_at, heli_at;  // cell → unit id, 0 none
  std::vector<int> post_at;              // cell → post index, -1 none
  std::vector<PostInfo> posts;
  std::vector<Unit> soldiers;             // alive, by increasing id
  std::vector<int> slot;                  // soldier id → index in soldiers, -1
  std::vector<Unit> helis;                // by increasing id
  std::vector<std::vector<int> > soldiers_of, helis_of;  // per player, ids increasing
  std::vector<int> scores;
  std::vector<double> status;
  Rand rng;
  bool redux = false;   // Redux's setup: draw from redux_rng instead of rng
  ReduxRandom redux_rng;

  bool pos_ok(int i, int j) const { return i >= 0 && i < n && j >= 0 && j < n; }

  // unit returns the unit with that id, or null.
  const Unit* unit(int id) const {
    if (id > 0 && id < int(slot.size()) && slot[id] >= 0) return &soldiers[slot[id]];
    for (const Unit& h : helis)
      if (h.id == id) return &h;
    return nullptr;
  }

  void setup(Reader& r) {
    unsigned char v = r.byte();
    if (r.ok() && v != frame_version && v != redux_setup)
      return r.fail("version " + std::to_string(v) + ", want 1 or 2");
    me = r.uint();
    uint64_t seed = r.uint64();
    redux = v == redux_setup;
    if (redux)
      redux_rng.x = (long long)(seed % 2147483647ULL);
    else
      rng.seed(seed, seed_stream);
    for (int& p : params) p = r.uint();
    if (!r.ok()) return;
    n = params[p_max], np = params[p_num_players];
    if (n <= 0 || n > 1000 || np <= 0 || np > 64 || me >= np) return r.fail("bad dimensions");
    const unsigned char* l = r.bytes(size_t(n) * n);
    if (!r.ok()) return;
    land.assign(l, l + n * n);
    for (int t : land)
      if (t < forest || t > mountain) return r.fail("bad land");
    fire.assign(n * n, 0);
    soldier_at.assign(n * n, 0);
    heli_at.assign(n * n, 0);
    post_at.assign(n * n, -1);
    posts.resize(r.count());
    for (size_t k = 0; k < posts.size(); ++k) {
      int c = r.below(n * n, "cell");
      posts[k] = PostInfo{-1, c / n, c % n, r.uint()};
      post_at[c] = int(k);
    }
    scores.assign(np, 0);
    status.assign(np, 0.0);
    soldiers_of.assign(np, std::vector<int>());
    helis_of.assign(np, std::vector<int>());
  }

  void update(Reader& r) {
    r.version(frame_version);
    round = r.uint();
    for (int& s : scores) s = r.uint();
    for (double& s : status) {
      int v = r.uint();
      s = v == 0 ? -1 : double(v - 1) / 1e6;
    }
    const int cells = n * n;
    for (int m = r.count(); m > 0; --m) {
      int c = r.below(cells, "cell");
      int v = r.uint();
      if (!r.ok()) return;
      if ((v & 7) < forest || (v & 7) > mountain) return r.fail("bad land");
      land[c] = v & 7, fire[c] = v >> 3;
    }
    for (int m = r.count(); m > 0; --m) {
      int k = r.below(int(posts.size()), "post");
      int owner = r.below(np + 1, "owner") - 1;
      if (!r.ok()) return;
      posts[k].owner = owner;
    }
    // Soldiers come by increasing id: merge them into the list.
    for (const Unit& u : soldiers)
      if (u.id < int(slot.size())) slot[u.id] = -1;
    std::vector<Unit>& old = soldiers;
    spare.clear();
    size_t k = 0;
    int last = 0;
    for (int m = r.count(); m > 0; --m) {
      Unit u;
      u.id = r.uint(), u.type = unit_soldier, u.player = r.below(np, "player");
      int c = r.below(cells, "cell");
      u.i = c / n, u.j = c % n, u.life = r.uint(), u.orientation = -1, u.napalm = -1;
      if (!r.ok()) return;
      if (u.id <= last || u.id > max_id) return r.fail("soldier ids out of order or too large");
      last = u.id;
      for (; k < old.size() && old[k].id < u.id; ++k) spare.push_back(old[k]);
      if (k < old.size() && old[k].id == u.id) vacate(soldier_at, old[k++], u.id);
      spare.push_back(u);
    }
    for (; k < old.size(); ++k) spare.push_back(old[k]);
    soldiers.swap(spare);
    for (int m = r.count(); m > 0; --m) {
      int id = r.uint(), player = r.below(np, "player"), c = r.below(cells, "cell");
      int orientation = r.below(4, "orientation"), napalm = r.uint(), np_ = r.count();
      if (!r.ok()) return;
      if (id == 0) return r.fail("helicopter id 0");
      Unit* h = heli(id);
      if (!h) {
        Unit u;
        u.id = id;
        helis.push_back(u);
        std::sort(helis.begin(), helis.end(), [](const Unit& a, const Unit& b) { return a.id < b.id; });
        h = heli(id);
      } else {
        vacate(heli_at, *h, id);
      }
      h->type = unit_helicopter, h->player = player, h->i = c / n, h->j = c % n;
      h->life = -1, h->orientation = orientation, h->napalm = napalm;
      h->para.clear();
      for (int q = 0; q < np_; ++q) h->para.push_back(r.uint());
    }
    // Gone soldiers come by increasing id too.
    size_t keep = 0;
    k = 0;
    for (int m = r.count(); m > 0; --m) {
      int id = r.uint();
      if (!r.ok()) return;
      for (; k < soldiers.size() && soldiers[k].id < id; ++k) std::swap(soldiers[keep++], soldiers[k]);
      if (k < soldiers.size() && soldiers[k].id == id) vacate(soldier_at, soldiers[k++], id);
    }
    for (; k < soldiers.size(); ++k) std::swap(soldiers[keep++], soldiers[k]);
    soldiers.resize(keep);
    if (!r.end()) return;
    // Mark every unit where it is now: a cell left by one and entered by
    // another in the same round ends up right whatever the order above.
    for (std::vector<int>& ids : soldiers_of) ids.clear();
    for (std::vector<int>& ids : helis_of) ids.clear();
    for (size_t q = 0; q < soldiers.size(); ++q) {
      const Unit& u = soldiers[q];
      soldier_at[u.i * n + u.j] = u.id;
      if (int(slot.size()) <= u.id) slot.resize(u.id + 1, -1);
      slot[u.id] = int(q);
      soldiers_of[u.player].push_back(u.id);
    }
    for (const Unit& h : helis) {
      heli_at[h.i * n + h.j] = h.id;
      helis_of[h.player].push_back(h.id);
    }
  }

  // covers reports whether (i, j) is under the 5×5 square of a helicopter
  // centred at (ci, cj).
  static bool covers(int ci, int cj, int i, int j) {
    return i - ci <= 2 && ci - i <= 2 && j - cj <= 2 && cj - j <= 2;
  }

  // append_commands encodes a commands frame (proto.AppendCommands).
  static void append_commands(Writer& w, const std::vector<Command>& cmds) {
    w.uint(int(cmds.size()));
    for (const Command& c : cmds) {
      w.byte((unsigned char)c.kind);
      if (c.kind == kind_soldier) {
        w.uint64(uint64_t(int64_t(c.id)));
        w.sint(c.i);
        w.sint(c.j);
      } else if (c.kind == kind_helicopter) {
        w.uint64(uint64_t(int64_t(c.id)));
        w.uint(std::max(0, c.instr));
      } else {
        w.sint(c.i);
        w.sint(c.j);
      }
    }
  }

 private:
  std::vector<Unit> spare;  // the other buffer for soldiers

  Unit* heli(int id) {
    for (Unit& h : helis)
      if (h.id == id) return &h;
    return nullptr;
  }
  // vacate clears u's cell in at if u is the one marked there.
  void vacate(std::vector<int>& at, const Unit& u, int id) {
    int& c = at[u.i * n + u.j];
    if (c == id) c = 0;
  }
};

// Orders is what a player commanded this round: every command for the
// host, valid or not (the host counts the invalid ones), and what the
// validity checks need.
struct Orders {
  std::vector<Command> cmds;
  std::vector<int> given;              // units commanded this round
  std::vector<std::pair<int, int> > jumps;  // jumps accepted this round

  void clear() { cmds.clear(), given.clear(), jumps.clear(); }
  bool was_given(int id) const { return std::find(given.begin(), given.end(), id) != given.end(); }

  // The checks are the Go SDK's (and the host's): valid, or why not. Each
  // SDK says why in its own API's words.
  enum Refusal {
    valid, no_unit, not_yours, wrong_type, twice, not_adjacent, unknown_instruction,
    no_parachuters, too_many_jumps, outside
  };

  Refusal check_soldier(const View& v, int id, int i, int j) const {
    const Unit* u = v.unit(id);
    if (!u) return no_unit;
    if (u->player != v.me) return not_yours;
    if (u->type != unit_soldier) return wrong_type;
    if (was_given(id)) return twice;
    if (!v.pos_ok(i, j) || i - u->i > 1 || u->i - i > 1 || j - u->j > 1 || u->j - j > 1) return not_adjacent;
    return valid;
  }
  Refusal check_helicopter(const View& v, int id, int instr) const {
    const Unit* u = v.unit(id);
    if (!u) return no_unit;
    if (u->player != v.me) return not_yours;
    if (u->type != unit_helicopter) return wrong_type;
    if (was_given(id)) return twice;
    if (instr < 1 || instr > 5) return unknown_instruction;
    return valid;
  }
  // In the original's order: enough parachuters in the first of the
  // player's helicopters above (i, j), then the round's jumps, then the
  // board (whatever the order, the same jumps are valid).
  // Redux plays as its original: MAX_JUMP+1 jumps a round, and a jump
  // below none of the team's helicopters is valid.
  Refusal check_jump(const View& v, int i, int j) const {
    bool enough = v.redux;
    for (const Unit& h : v.helis) {
      if (h.player != v.me || !View::covers(h.i, h.j, i, j)) continue;
      size_t used = 0;
      for (const std::pair<int, int>& p : jumps)
        if (View::covers(h.i, h.j, p.first, p.second)) ++used;
      enough = used < h.para.size();
      break;
    }
    if (!enough) return no_parachuters;
    if (int(jumps.size()) >= v.params[p_max_jump] + (v.redux ? 1 : 0)) return too_many_jumps;
    if (!v.pos_ok(i, j)) return outside;
    return valid;
  }

  // The commands, recorded whatever the checks said (as the Go SDK does).
  void soldier(int id, int i, int j, bool ok) {
    if (ok) given.push_back(id);
    cmds.push_back(Command{kind_soldier, id, i, j, 0});
  }
  void helicopter(int id, int instr, bool ok) {
    if (ok) given.push_back(id);
    cmds.push_back(Command{kind_helicopter, id, 0, 0, instr});
  }
  void jump(int i, int j, bool ok) {
    if (ok) jumps.push_back(std::make_pair(i, j));
    cmds.push_back(Command{kind_jump, 0, i, j, 0});
  }
};

}  // namespace apocalypse
}  // namespace arena

#endif
