// Utils.hh: the system headers every player file gets, the original's
// helper macros and functions, and `using namespace std;`.
//
// Arena's C++ SDK for Ork Island: our own implementation of the original
// player API (Player.hh and what it includes), over Arena's bot protocol.
#ifndef Utils_hh
#define Utils_hh

// The original's headers...
#include <cassert>
#include <cstdlib>
#include <climits>
#include <cmath>
#include <getopt.h>
#include <string.h>

#include <iostream>
#include <iomanip>
#include <sstream>
#include <fstream>
#include <string>
#include <queue>
#include <stack>
#include <vector>
#include <map>
#include <set>
#include <algorithm>

// ... and more that player files use without including them.
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <list>
#include <numeric>
#include <utility>

// The protocol runtime; included before Defs.hh so its macros touch no
// system header.
#include "arena/wire.hh"

#include "Defs.hh"

using namespace std;

/**
 * Assert with message: prints it to cerr and aborts if b is false.
 */
#define _my_assert(b, s) { if (not (b)) { cerr << "error: " << s << endl; assert(b); } }

/**
 * Marks code that cannot be reached.
 */
#define _unreachable() { _my_assert(false, "Unreachable code reached."); }

/**
 * Returns i in decimal.
 */
inline string int_to_string (int i) {
  ostringstream os;
  os << i;
  return os.str();
}

/**
 * Returns the integer written at the start of s (0 if none).
 */
inline int string_to_int (const string& s) {
  istringstream is(s);
  int i = 0;
  is >> i;
  return i;
}

#endif
