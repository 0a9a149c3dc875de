// Random.hh: the player's random generator, seeded by the match (so a
// match replays exactly) and drawing exactly what the Go SDK's Random and
// RandomPermutation draw.
#ifndef Random_hh
#define Random_hh

#include "Utils.hh"
#include "arena/wire.hh"

namespace arena { namespace apocalypse { struct Session; } }

class Random_generator {
 public:
  // A random integer in [l, u]; u - l + 1 must be between 1 and 10^6,
  // else it returns l, as the original does.
  int random(int l, int u) {
    if (l > u or (long long)u - l + 1 > 1000000) return l;
    return l + arena_rng_.intn(u - l + 1);
  }

  // A random permutation of 0 .. n-1; n must be between 0 and 10^6, else
  // it returns an empty vector, as the original does.
  vector<int> random_permutation(int n) {
    if (n < 0 or n > 1000000) return vector<int>();
    return arena_rng_.perm(n);
  }

 private:
  friend struct arena::apocalypse::Session;
  arena::Rand arena_rng_;
};

#endif
