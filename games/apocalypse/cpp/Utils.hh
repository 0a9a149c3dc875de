// Utils.hh: the system headers and small utilities every player file of
// Apocalypse Now 2018 gets through Player.hh, as in the original (plus
// <climits>, <functional>, <list> and <limits>, which students expect).
#ifndef Utils_hh
#define Utils_hh

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
#include <list>
#include <limits>
#include <functional>
#include <utility>
#include <algorithm>

using namespace std;

// Assert with a message on cerr.
#define _my_assert(b, s) { if (not (b)) { cerr << "error: " << s << endl; assert(b); } }

// Marks code that cannot be reached.
#define _unreachable() { _my_assert(false, "Unreachable code reached."); }

inline string int_to_string(int i) {
  ostringstream out;
  out << i;
  return out.str();
}

inline string double_to_string(double d) {
  ostringstream out;
  out << d;
  return out.str();
}

inline int string_to_int(const string& s) {
  istringstream in(s);
  int i = 0;
  in >> i;
  return i;
}

#endif
