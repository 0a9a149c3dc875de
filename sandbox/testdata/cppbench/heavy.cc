// CPU-bound work for the benchmarks, the C++ twin of testdata/bots/heavy.go
// (same kernels, same checksums): each frame is "KERNEL N", the answer the
// kernel's checksum. BenchmarkHeavyCpp also builds it for the host.
#include <cstdint>
#include <cstdlib>
#include "Player.hh"

// bfs runs n breadth-first searches on a 60x60 grid with walls.
static uint64_t bfs(int n) {
  const int size = 60;
  static bool wall[size * size];
  uint64_t x = 12345;
  for (int i = 0; i < size * size; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    wall[i] = x % 5 == 0;
  }
  std::vector<int32_t> dist(size * size);
  std::vector<int32_t> queue(size * size);
  static const int32_t dirs[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
  uint64_t sum = 0;
  for (int r = 0; r < n; ++r) {
    std::fill(dist.begin(), dist.end(), -1);
    int32_t src = (r * 7919) % (size * size);
    dist[src] = 0;
    size_t head = 0, tail = 0;
    queue[tail++] = src;
    while (head < tail) {
      int32_t c = queue[head++];
      int32_t row = c / size, col = c % size;
      for (const auto& d : dirs) {
        int32_t nr = row + d[0], nc = col + d[1];
        if (nr < 0 || nr >= size || nc < 0 || nc >= size) continue;
        int32_t nb = nr * size + nc;
        if (wall[nb] || dist[nb] >= 0) continue;
        dist[nb] = dist[c] + 1;
        queue[tail++] = nb;
      }
    }
    for (int i = 0; i < size * size; ++i) sum = sum * 31 + uint64_t(int64_t(dist[i])) + uint64_t(i);
  }
  return sum;
}

// arith is a tight integer loop (a xorshift generator).
static uint64_t arith(int n) {
  uint64_t x = 88172645463325252ull, s = 0;
  for (long i = 0; i < long(n) * 100000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    s += x % 1000;
  }
  return s;
}

std::string reply(const std::string& frame) {
  size_t sp = frame.find(' ');
  std::string name = sp == std::string::npos ? "bfs" : frame.substr(0, sp);
  int n = std::atoi(frame.c_str() + (sp == std::string::npos ? 0 : sp + 1));
  uint64_t r = 0;
  if (name == "bfs") r = bfs(n);
  if (name == "arith") r = arith(n);
  return std::to_string(r);
}
