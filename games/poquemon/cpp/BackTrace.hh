// BackTrace.hh: the original prints the call stack when check() fails. A
// bot compiled to WebAssembly cannot walk its stack, so here print() only
// says so; check() then prints where the failed check is.
#ifndef BackTrace_hh
#define BackTrace_hh

#include <iostream>

struct BackTrace {
  static void print(std::ostream& os = std::cerr) { os << "(no backtrace)" << std::endl; }
};

#endif
