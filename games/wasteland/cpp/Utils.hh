// Utils.hh: the types, directions and random generator of the original
// Mad Max 2020 player API (Wasteland), for Arena's C++ bots. A player file
// includes Player.hh, which includes this.
#ifndef Utils_hh
#define Utils_hh

// Every header of the SDK is included here, before `contains` is defined
// at the end of this file, so that the macro cannot reach a standard
// header: one a player includes later has been included already. The
// original's list comes first, then what players use without including it.
#include <complex>
#include <map>
#include <set>
#include <vector>
#include <iostream>
#include <fstream>
#include <sstream>
#include <string>
#include <queue>
#include <limits>
#include <cassert>
#include <cstdlib>
#include <cerrno>
#include <time.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <functional>
#include <iomanip>
#include <iterator>
#include <list>
#include <numeric>
#include <stack>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "arena/wire.hh"

using namespace std;

//////////////////// identifiers ////////////////////

typedef int Player_Id;
typedef int Car_Id;
typedef int Missile_Id;

//////////////////// positions and directions ////////////////////

// A position or a direction: the row is the real part, the column the
// imaginary part. Rows grow downwards, columns to the right and wrap round
// the universe.
typedef complex<int> Pos;
typedef complex<int> Dir;

// The nine directions a car may move in.
const Dir UP        = {-1, 1};
const Dir DEFAULT   = { 0, 1};
const Dir DOWN      = { 1, 1};
const Dir SLOW_UP   = {-1, 0};
const Dir SLOW      = { 0, 0};
const Dir SLOW_DOWN = { 1, 0};
const Dir FAST_UP   = {-1, 2};
const Dir FAST      = { 0, 2};
const Dir FAST_DOWN = { 1, 2};

// first returns the row of x, second its column.
inline int first(complex<int> x) { return x.real(); }
inline int second(complex<int> x) { return x.imag(); }

// dir_ok reports whether d is one of the nine directions.
inline bool dir_ok(Dir d) {
  return first(d) >= -1 && first(d) <= 1 && second(d) >= 0 && second(d) <= 2;
}

// Cmp orders directions by row, then column, so they can key a map.
struct Cmp {
  bool operator()(Dir a, Dir b) const {
    return make_pair(first(a), second(a)) < make_pair(first(b), second(b));
  }
};

// dir2all maps each direction to the cells a car moving that way passes
// through, as steps from its start, in the order it visits them; the last
// is the target. SLOW passes through none.
inline const map<Dir, vector<Dir>, Cmp> dir2all = {
    {UP, {{0, 1}, {-1, 0}, {-1, 1}}},
    {DEFAULT, {{0, 1}}},
    {DOWN, {{0, 1}, {1, 0}, {1, 1}}},
    {SLOW_UP, {{-1, 0}}},
    {SLOW, {}},
    {SLOW_DOWN, {{1, 0}}},
    {FAST_UP, {{0, 1}, {-1, 0}, {-1, 1}, {0, 2}, {-1, 2}}},
    {FAST, {{0, 1}, {0, 2}}},
    {FAST_DOWN, {{0, 1}, {1, 0}, {1, 1}, {0, 2}, {1, 2}}},
};

//////////////////// random numbers ////////////////////

namespace arena {
namespace wasteland {

// MinStd is the original game's generator (Park and Miller's minimal
// standard with multiplier 48271), drawing exactly what the Go SDK's
// sdk.Generator draws. 64-bit arithmetic keeps it exact on wasm32, where
// long has 32 bits.
struct MinStd {
  int64_t x = 0;
  static const int64_t modulus = 2147483647;  // 2^31 - 1

  void seed(uint64_t s) { x = 1 + int64_t(s % uint64_t(modulus - 1)); }
  // next returns a number in [0, 2^31 - 3].
  int next() {
    if (x == 0) seed(123456789);  // never seeded: the original's default seed
    x = x * 48271 % modulus;
    return int(x - 1);
  }
  // range returns l + next() mod (u - l + 1), or l without drawing when
  // u < l (the original would divide by zero or worse).
  int range(int l, int u) {
    if (u < l) return l;
    return int(l + next() % (int64_t(u) - l + 1));
  }
};

}  // namespace wasteland
}  // namespace arena

// Random_generator is the original's generator as a class of its own, for
// players that want a second stream. Board::randomize draws from the
// player's generator, which the game seeds.
class Random_generator {
 public:
  // srandomize restarts the sequence from s.
  void srandomize(int s = 123456789) { g_.seed(uint64_t(s < 0 ? -int64_t(s) : int64_t(s))); }
  // randomize returns a number in [0, 2^31 - 3].
  int randomize() { return g_.next(); }
  // randomize returns a number in [l, u].
  int randomize(int l, int u) { return g_.range(l, u); }

 private:
  arena::wasteland::MinStd g_;
};

//////////////////// macros ////////////////////

// my_assert ends the program with a message on cerr when X is false, as
// the original does for a bad argument to a Board accessor.
#define my_assert(X)                                                      \
  if (not(X)) {                                                           \
    cerr << "Failed assertion '" << #X << "' in file " << __FILE__        \
         << ", line " << __LINE__ << "\n";                                \
    exit(1);                                                              \
  }

// The original's shorthand: m.contains(k) is m.count(k). Defined last, after
// every standard header the SDK includes.
#define contains count

#endif  // Utils_hh
