// Utils.hh: the system headers, macros and helpers of the original
// Poquémon's Utils.hh, for Arena. Player.hh includes it.
#ifndef Utils_hh
#define Utils_hh

// What the original includes...
#include <iostream>
#include <fstream>
#include <sstream>
#include <vector>
#include <string>
#include <map>
#include <set>
#include <queue>
#include <limits>
#include <cassert>
#include <cstdlib>
#include <cerrno>
#include <time.h>
#include <sys/time.h>
#ifndef __wasi__
#include <sys/resource.h>  // WASI has no process clocks
#endif
// ... and what players use without including it.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <functional>
#include <iomanip>
#include <list>
#include <numeric>
#include <stack>
#include <utility>

#include "BackTrace.hh"
#include "Proto.hh"

using namespace std;

// The file a message names: without the build directory where the compiler
// says which.
#ifdef __FILE_NAME__
#define ARENA_FILE __FILE_NAME__
#else
#define ARENA_FILE __FILE__
#endif

// Error macros (after err.h and error.h): message on stderr, then exit.
#define myerror_at_line(status, error, file, line, ...)     \
  {                                                          \
    fprintf(stderr, "Error at %s:%i: ", file, line);         \
    fprintf(stderr, __VA_ARGS__);                            \
    if (error) perror(" errno");                             \
    fprintf(stderr, "\n");                                   \
    exit(status);                                            \
  }
#define myerr(...) myerror_at_line(EXIT_FAILURE, errno, ARENA_FILE, __LINE__, __VA_ARGS__)
#define myerrx(...) myerror_at_line(EXIT_FAILURE, 0, ARENA_FILE, __LINE__, __VA_ARGS__)

// Hard assertion: the accessors check their arguments with it, and a bad
// one ends the program, as in the original.
#define check(b)                                                                                     \
  {                                                                                                  \
    if (not(b)) {                                                                                    \
      BackTrace::print();                                                                            \
      myerror_at_line(EXIT_FAILURE, errno, ARENA_FILE, __LINE__, "Assertion `" #b "' failed in check()."); \
    }                                                                                                \
  }

// Marks a variable as unused on purpose.
#define _unused(x) ((void)x)

// Marks code that cannot be reached.
#define _unreachable()                     \
  {                                        \
    assert(0);                             \
    myerrx("unreachable code reached.");   \
  }

const double infinite = numeric_limits<double>::infinity();
const int maxint = numeric_limits<int>::max();
const int minint = numeric_limits<int>::min();

// Conversions between strings and ints.
inline int s2i(const string& s) {
  istringstream in(s);
  int i = 0;
  in >> i;
  return i;
}
inline string i2s(int i) {
  ostringstream out;
  out << i;
  return out.str();
}

// Size of a container as an int.
template <typename T>
inline int sze(T& x) {
  return int(x.size());
}

// The implication connective: `a implies b` is `not a or b`.
#define implies % (boolean)

class boolean {
 public:
  boolean(bool b = false) : val(b) {}
  operator bool() { return val; }
  friend boolean operator%(bool a, boolean b);

 private:
  bool val;
};

inline boolean operator%(bool a, boolean b) { return not a or b.val; }

// PRINT(x) writes "x: " and the value of x on cerr.
#ifndef PRINT
#define PRINT_AUX(ARG, SEP)                                                           \
  {                                                                                   \
    string tmpStr(SEP #ARG SEP);                                                      \
    cerr << boolalpha << tmpStr.substr(1, tmpStr.size() - 2) << ": " << ARG << endl;  \
  }
#define PRINT(ARG) PRINT_AUX(ARG, "\"")
#endif

// A random generator of your own. The board's randomize() draws from the
// match's generator; this class is for players that want another stream.
// It draws as the board does (Proto.hh), seeded by srandomize.
class Random_generator {
 public:
  Random_generator() { srandomize(); }

  // Sets the seed.
  void srandomize(int s = 123456789) { rng_.seed(uint64_t(int64_t(s)), arena::poq::seed_stream); }

  // Returns a random number in [0, 2^31-3].
  int randomize() { return arena::poq::draw(rng_); }

  // Returns a random number in [l, u].
  int randomize(int l, int u) { return arena::poq::draw(rng_, l, u); }

 private:
  arena::Rand rng_;
};

#endif
