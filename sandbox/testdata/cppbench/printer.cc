// A bot that prints a line for every cell it examines, as students' bots
// do while they debug: each frame is "STREAM N", the answer how many lines
// it wrote. STREAM is cout (lines ended with endl, each a flush), cerr
// (unbuffered: every << is a write), both (alternating) or printf (stdout's
// buffer). BenchmarkPrintCpp also builds it for the host.
#include <cstdlib>
#include "Player.hh"

std::string reply(const std::string& frame) {
  size_t sp = frame.find(' ');
  std::string stream = frame.substr(0, sp);
  int n = std::atoi(frame.c_str() + sp + 1);
  for (int k = 0; k < n; ++k) {
    int i = k / 60, j = k % 60;
    bool err = stream == "cerr" || (stream == "both" && k % 2 == 1);
    if (stream == "printf")
      std::printf("cell %d %d: value %d\n", i, j, (i * 31 + j) % 17);
    else if (err)
      std::cerr << "cell " << i << ' ' << j << ": value " << (i * 31 + j) % 17 << std::endl;
    else
      std::cout << "cell " << i << ' ' << j << ": value " << (i * 31 + j) % 17 << std::endl;
  }
  return std::to_string(n);
}
