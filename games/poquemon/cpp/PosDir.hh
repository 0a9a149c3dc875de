// PosDir.hh: directions and positions, as in the original Poquémon.
#ifndef PosDir_hh
#define PosDir_hh

#include <cstdlib>

#include "Utils.hh"

using namespace std;

// A direction: Top is row-1, Bottom row+1, Left column-1, Right column+1.
enum Dir { None, Top, Bottom, Left, Right };

inline bool ok(Dir d) { return d == None or d == Top or d == Bottom or d == Left or d == Right; }

// Conversions between Dir and char.
inline char d2c(Dir d) {
  switch (d) {
    case None: return 'n';
    case Top: return 't';
    case Bottom: return 'b';
    case Left: return 'l';
    case Right: return 'r';
  }
  _unreachable();
}

inline Dir c2d(char c) {
  switch (c) {
    case 't': return Top;
    case 'b': return Bottom;
    case 'l': return Left;
    case 'r': return Right;
  }
  return None;
}

// A position on the board: i is the row (0 at the top), j the column.
struct Pos {
  int i, j;

  Pos() : i(0), j(0) {}
  Pos(int pi, int pj) : i(pi), j(pj) {}

  friend ostream& operator<<(ostream& os, const Pos& p) { return os << "(" << p.i << "," << p.j << ")"; }

  // Ordered by row, then column.
  friend bool operator<(const Pos& a, const Pos& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; }
  friend bool operator==(const Pos& a, const Pos& b) { return a.i == b.i and a.j == b.j; }
  friend bool operator!=(const Pos& a, const Pos& b) { return not(a == b); }
  friend bool operator<=(const Pos& a, const Pos& b) { return not(b < a); }
  friend bool operator>=(const Pos& a, const Pos& b) { return not(a < b); }
  friend bool operator>(const Pos& a, const Pos& b) { return b < a; }

  // Moves one step in direction d (None, or a value that is no direction,
  // stays).
  Pos& operator+=(Dir d) {
    switch (d) {
      case None: break;
      case Top: --i; break;
      case Bottom: ++i; break;
      case Left: --j; break;
      case Right: ++j; break;
    }
    return *this;
  }

  // The position one step away in direction d.
  Pos operator+(Dir d) const {
    Pos p = *this;
    p += d;
    return p;
  }
};

#endif
