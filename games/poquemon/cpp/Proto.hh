// Proto.hh: Poquémon's bot protocol for the C++ SDK, the twin of the Go
// package games/poquemon/proto (frame layouts are documented there). Part
// of the platform's runtime: a player file never needs it.
#ifndef Proto_hh
#define Proto_hh

#include "arena/wire.hh"

namespace arena {
namespace poq {

// The first byte of setup and round frames.
const unsigned char version = 2;

// The second word of the generator's PCG seed: the SDKs seed it once, from
// the setup frame, as rand.NewPCG(seed, seed_stream).
const uint64_t seed_stream = 0x706f71;

// Parameter indices, in the setup frame's order (proto.ParamNames).
enum Param {
  NbPlayers, NbPokemon, NbRounds, NbGhostWall, NbPoint, NbStone, NbScope, NbAttack, NbDefense,
  PlayerRegen, WallChange, PointRegen, StoneRegen, ScopeRegen, AttackRegen, DefenseRegen,
  BattleReward, MaxScope, MaxStone, Rows, Cols, NbParams
};

// Static cell codes of the setup frame.
const unsigned char setup_floor = 0, setup_wall = 1, setup_ghost = 2;

// Cell types travel with the original's CType codes (Empty 0 ... Defense 6);
// bonus kinds are 2 (Stone) to 6 (Defense).
const unsigned char first_bonus = 2, last_bonus = 6;

// Action kinds in commands.
const unsigned char act_move = 0, act_attack = 1;

// Directions in commands: Top 0, Bottom 1, Left 2, Right 3, None 4. The
// original's enum Dir is None 0, Top 1, Bottom 2, Left 3, Right 4.
inline unsigned char wire_dir(int d) { return (unsigned char)((d + 4) % 5); }

// Status of a player in a round frame: 0 when frozen, else 1 + the used
// fraction of its CPU budget in millionths.
inline double decode_status(int s) { return s == 0 ? -1 : double(s - 1) / 1e6; }

// Limits that keep a forged setup frame from making the SDK allocate much
// (as in the Go SDK).
const int max_side = 1000, max_players = 16, max_units = 64;

// Random draws, as the Go SDK draws them. randomize(l, u) is Go's
// Random(l, u), lo + IntN(hi-lo+1); randomize() has no Go twin and draws
// IntN(2147483646) on the same stream, the range of the original's
// randomize() ([0, 2^31-3]).
inline int draw(Rand& r) { return int(r.uint64n(2147483646)); }
inline int draw(Rand& r, int l, int u) {
  if (u < l) {
    std::fprintf(stderr, "Error: randomize(%d, %d): empty range.\n", l, u);
    std::exit(EXIT_FAILURE);
  }
  return int(int64_t(l) + int64_t(r.uint64n(uint64_t(int64_t(u) - int64_t(l) + 1))));
}

}  // namespace poq
}  // namespace arena

#endif
