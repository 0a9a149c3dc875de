// want: reply ^ok$
// Prints every round on cout, stderr, cerr, printf and puts in turn, then
// half a line that the next round ends; then, as the frame "ACTION N"
// says (N lines), answers (ok), aborts, writes past its memory (wild),
// exits (exit: after an unflushed cout; _exit: after a raw write), spins
// forever (spin) or floods (N bytes). guestlog_test.go checks its log.
//
// stdout is buffered (by libc, as natively), stderr is not: cout's endl
// and cerr (tied to cout) flush stdout, so the order above is the log's.
// Before a crash or a _exit, which lose what stdout holds (as natively),
// it says so on cerr.
#include <unistd.h>
#include <cstdlib>
#include "Player.hh"

static int rounds = 0;

std::string reply(const std::string& frame) {
  int r = rounds++;
  size_t sp = frame.find(' ');
  std::string action = frame.substr(0, sp);
  int n = sp == std::string::npos ? 0 : std::atoi(frame.c_str() + sp + 1);
  if (action == "flood") {
    std::cout << std::string(n, 'x');
    return "ok";
  }
  for (int k = 0; k < n; ++k) {
    switch (k % 5) {
      case 0: std::cout << "r " << r << " line " << k << " cout" << std::endl; break;
      case 1: std::fprintf(stderr, "r %d line %d stderr\n", r, k); break;
      case 2: std::cerr << "r " << r << " line " << k << " cerr\n"; break;
      case 3: std::printf("r %d line %d printf\n", r, k); break;
      case 4: std::printf("r %d line %d ", r, k), std::puts("puts"); break;
    }
  }
  std::cout << "partial " << r << ' ';
  if (action == "abort" || action == "wild" || action == "_exit" || action == "spin") std::cerr << action << '\n';
  if (action == "abort") std::abort();
  if (action == "wild") *reinterpret_cast<volatile int*>(0xfffff000u) = 1;
  if (action == "exit") {
    std::cout << "unflushed";
    std::exit(3);
  }
  if (action == "_exit") {
    write(1, "raw\n", 4);
    _Exit(4);
  }
  if (action == "spin")
    for (volatile unsigned i = 0;; i = i + 1) {}
  return "ok";
}
