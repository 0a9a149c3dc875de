// Random.hh: the player's random generator.
#ifndef Random_hh
#define Random_hh

#include "Utils.hh"

namespace arena { class OrkSession; }

/**
 * Random numbers seeded by the match, so that a match replays exactly.
 * They are the very numbers the Go SDK's Random and RandomPermutation
 * draw (Go's math/rand/v2 PCG), not the original's generator's.
 */
class Random_generator {

public:

  /**
   * Returns a random integer in [l..u]. u - l + 1 must be between 1 and
   * 10^6; otherwise it returns l, as the original does.
   */
  int random (int l, int u);

  /**
   * Returns a random permutation of [0..n-1]. n must be between 0 and 10^6;
   * otherwise it returns an empty vector, as the original does.
   */
  vector<int> random_permutation (int n);

private:

  friend class arena::OrkSession;

  arena::Rand rng_;
};

inline int Random_generator::random (int l, int u) {
  long long m = (long long)u - (long long)l + 1;
  if (m < 1 or m > 1000000) return l;
  return l + rng_.intn(int(m));
}

inline vector<int> Random_generator::random_permutation (int n) {
  if (n < 0 or n > 1000000) return vector<int>();
  return rng_.perm(n);
}

#endif
