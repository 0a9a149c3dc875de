// Utils.hh: the system headers and small utilities every player file of
// Apocalypse Now Redux gets through Player.hh, as in the original (plus
// <climits>, <cmath>, <functional>, <list> and <stack>, which students
// expect), and class atzar, a random generator of the player's own.
#ifndef Utils_hh
#define Utils_hh

#include <iostream>
#include <fstream>
#include <sstream>
#include <vector>
#include <string>
#include <map>
#include <set>
#include <queue>
#include <stack>
#include <list>
#include <limits>
#include <climits>
#include <cmath>
#include <functional>
#include <utility>
#include <cassert>
#include <cstdlib>
#include <cerrno>
#include <time.h>
#include <algorithm>
#include <sys/time.h>

using namespace std;

// Conversions to and from strings.
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

inline string d2s(double p) {
  ostringstream out;
  out.setf(ios::fixed);
  out.precision(6);
  out << p;
  return out.str();
}

// An error message on cerr: what every call with wrong arguments writes.
inline void error(string s) { cerr << "error: " << s << endl; }

// PRINT(x) writes "x: <the value of x>" on cerr.
#ifndef PRINT
#define PRINT_AUX(ARG, SEP) { string arena_text_(SEP #ARG SEP); \
    cerr << boolalpha << arena_text_.substr(1, arena_text_.size() - 2) << ": " << (ARG) << endl; }
#define PRINT(ARG) PRINT_AUX(ARG, "\"")
#endif

// atzar is a random generator a player may keep of its own, seeded with
// llavor (a 31-bit linear congruential generator: the same seed gives the
// same numbers everywhere). The player's own draws, seeded by the match,
// are Board's uniforme, permutacio and probabilitat.
class atzar {
 public:
  int llavor;

  atzar() : llavor(0) {}
  atzar(int llavor) : llavor(llavor) {}

  // A random real in [0, 1).
  double uniforme() {
    seguent();
    return llavor / 2147483648.0;
  }

  // A random integer in [esquerra, dreta].
  int uniforme(int esquerra, int dreta) {
    if (esquerra > dreta) return esquerra;
    return esquerra + int((double(dreta) - esquerra + 1) * uniforme());
  }

  // A random real in [esquerra, dreta] with dig decimal digits.
  double uniforme(int esquerra, int dreta, int dig) {
    double scale = pow(10.0, dig);
    return esquerra + tria(int((double(dreta) - esquerra) * scale) + 1) / scale;
  }

  // true with probability p.
  bool probabilitat(double p) { return uniforme() < p; }

  // A random permutation of 0 .. n-1.
  vector<int> permutacio(int n) {
    vector<int> v(max(0, n));
    for (int i = 0; i < n; ++i) v[i] = i;
    for (int i = n - 1; i > 0; --i) swap(v[i], v[tria(i + 1)]);
    return v;
  }

  // A random integer in [0, n).
  int tria(int n) { return int(uniforme() * n); }

 private:
  void seguent() { llavor = int((1103515245u * unsigned(llavor) + 12345u) & 0x7fffffffu); }
};

#endif
