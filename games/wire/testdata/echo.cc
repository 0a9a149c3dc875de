// echo.cc exercises arena/wire.hh for cpp_test.go: the setup frame seeds a
// generator (seed1, seed2); each round frame holds a list of requests
// (kind, argument) that the bot answers from its generator or echoes.
#include "arena/wire.hh"

struct Echo : arena::State {
  arena::Rand rng;
  std::vector<std::pair<int, int> > reqs;
  void setup(arena::Reader& r) {
    uint64_t s1 = r.uint64(), s2 = r.uint64();
    rng.seed(s1, s2);
    std::cout << "debug on cout" << std::endl;
    printf("debug on printf\n");
  }
  void update(arena::Reader& r) {
    reqs.clear();
    int n = r.count();
    for (int i = 0; i < n; ++i) {
      int kind = r.byte();
      int arg = kind == 3 ? r.sint() : r.uint();
      reqs.push_back(std::make_pair(kind, arg));
    }
  }
  void play(arena::Writer& w) {
    std::cout << "a line on cout in play" << std::endl;
    for (size_t i = 0; i < reqs.size(); ++i) {
      int kind = reqs[i].first, arg = reqs[i].second;
      switch (kind) {
        case 0: w.uint64(rng.uint64()); break;
        case 1: w.uint(rng.intn(arg)); break;
        case 2: {
          std::vector<int> p = rng.perm(arg);
          for (size_t k = 0; k < p.size(); ++k) w.uint(p[k]);
          break;
        }
        case 3: w.sint(arg); break;
        case 4: w.uint(arg); break;
      }
    }
  }
};

int main() {
  Echo e;
  return arena::serve(e);
}
