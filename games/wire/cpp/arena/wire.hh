// arena/wire.hh: the bot side of Arena's protocol for C++ players, the C++
// twin of the Go package games/wire (docs/protocol.md). Every game's
// Player.hh includes it; a player file never needs it directly.
//
// It frames messages on the bot's standard input and output, decodes the
// host's varints, draws random numbers exactly as the Go SDKs do (Go's
// math/rand/v2 PCG), and makes everything a player prints, on cout, cerr,
// printf or write(1, ...), go to the debug log (standard error), so that
// printing can never corrupt the protocol. Under WASI what it prints waits
// in a buffer of the bot's own and goes to the host once a round (see
// arena_debug_log at the end): a crossing into the host per line would cost
// a printing bot more than its printing does natively.
//
// Header only, standard library only: a bot is one translation unit.
#ifndef ARENA_WIRE_HH
#define ARENA_WIRE_HH

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <utility>
#include <vector>
#ifdef __wasi__
#include <wasi/api.h>  // declares only __wasi_ names
#endif

// The POSIX calls the runtime needs are declared under names of our own,
// bound to the libc symbols with asm labels, so that a player file sees no
// POSIX names it did not include itself (a global called `link`, `pause` or
// `write` in a player file must compile, as it does in the original).
extern "C" {
#ifdef __wasi__
// The definitions at the end of this file replace libc's. arena_iovec is
// struct iovec (and WASI's iovec) under a name of our own.
struct arena_iovec {
  void* base;
  size_t len;
};
// arena_debug_log holds what the player printed and has not yet handed to
// the host: len bytes of data, in the order written. The build exports its
// address (-Wl,--export-if-defined=arena_debug_log) so that the host takes
// what is left after the guest ends, by an exit or a crash.
struct arena_log_buffer {
  uint32_t len;
  char data[4096 - sizeof(uint32_t)];
};
extern arena_log_buffer arena_debug_log;
long arena_posix_writev(int fd, const arena_iovec* iov, int n) __asm__("writev");
long arena_posix_write(int fd, const void* b, size_t n) __asm__("write");
long arena_posix_read(int fd, void* b, size_t n) __asm__("read");
long arena_posix_readv(int fd, const arena_iovec* iov, int n) __asm__("readv");
#else
int arena_posix_dup(int fd) __asm__("dup");
int arena_posix_dup2(int fd, int to) __asm__("dup2");
long arena_posix_read(int fd, void* b, size_t n) __asm__("read");
long arena_posix_write(int fd, const void* b, size_t n) __asm__("write");
#endif
}

namespace arena {

// Hello is the first frame a bot writes, once its runtime has started.
static const char hello[] = "arena-bot/1";

// Frames are at most 16 MiB in either direction.
static const uint32_t max_frame = 16u << 20;

// Values read with Reader::uint are at most 2^31-1, the largest int (one
// less than Go's wire.MaxUint, which no host value reaches).
static const uint64_t max_uint = (uint64_t(1) << 31) - 1;

// ---- raw I/O on the protocol's descriptors -------------------------------

namespace io {

#ifdef __wasi__
// Under WASI the protocol goes straight through the WASI imports; the libc
// functions below send descriptor 1 to descriptor 2 instead.
inline bool read_full(void* p, size_t n) {
  uint8_t* b = static_cast<uint8_t*>(p);
  while (n > 0) {
    __wasi_iovec_t v = {b, n};
    size_t got = 0;
    if (__wasi_fd_read(0, &v, 1, &got) != 0 || got == 0) return false;
    b += got, n -= got;
  }
  return true;
}
inline bool write_fd(__wasi_fd_t fd, const void* p, size_t n) {
  const uint8_t* b = static_cast<const uint8_t*>(p);
  while (n > 0) {
    __wasi_ciovec_t v = {b, n};
    size_t put = 0;
    if (__wasi_fd_write(fd, &v, 1, &put) != 0 || put == 0) return false;
    b += put, n -= put;
  }
  return true;
}
inline bool write_full(const void* p, size_t n) { return write_fd(1, p, n); }
// flush_log hands what the player printed to the host, in one write.
inline void flush_log() {
  if (arena_debug_log.len > 0) write_fd(2, arena_debug_log.data, arena_debug_log.len);
  arena_debug_log.len = 0;
}
// append_log appends to the debug log's buffer; what does not fit goes first.
inline void append_log(const void* p, size_t n) {
  const size_t room = sizeof(arena_debug_log.data);
  if (n > room - arena_debug_log.len) flush_log();
  if (n >= room) {
    write_fd(2, p, n);
    return;
  }
  std::memcpy(arena_debug_log.data + arena_debug_log.len, p, n);
  arena_debug_log.len += uint32_t(n);
}
inline void redirect_stdout() {}
#else
// Natively (a student's laptop, the tests) the protocol keeps a copy of
// descriptor 1 and descriptor 1 becomes the debug log.
inline int& out_fd() {
  static int fd = 1;
  return fd;
}
inline void redirect_stdout() {
  int fd = arena_posix_dup(1);
  if (fd >= 0 && arena_posix_dup2(2, 1) >= 0) out_fd() = fd;
}
inline void flush_log() {}
inline bool read_full(void* p, size_t n) {
  char* b = static_cast<char*>(p);
  while (n > 0) {
    long got = arena_posix_read(0, b, n);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    b += got, n -= size_t(got);
  }
  return true;
}
inline bool write_full(const void* p, size_t n) {
  const char* b = static_cast<const char*>(p);
  while (n > 0) {
    long put = arena_posix_write(out_fd(), b, n);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    b += put, n -= size_t(put);
  }
  return true;
}
#endif

// read_frame reads one frame into f; false at the end of input.
inline bool read_frame(std::string& f) {
  unsigned char hdr[4];
  if (!read_full(hdr, 4)) return false;
  uint32_t n = uint32_t(hdr[0]) | uint32_t(hdr[1]) << 8 | uint32_t(hdr[2]) << 16 | uint32_t(hdr[3]) << 24;
  if (n > max_frame) {
    std::fprintf(stderr, "sdk: frame of %u bytes, limit %u\n", n, max_frame);
    std::exit(1);
  }
  f.resize(n);
  if (n > 0 && !read_full(&f[0], n)) {
    std::fprintf(stderr, "sdk: truncated frame\n");
    std::exit(1);
  }
  return true;
}

// write_frame writes one frame, header and payload in one call, after
// what the player printed: a frame ends the bot's round.
inline void write_frame(const std::string& payload) {
  flush_log();
  std::string b(4 + payload.size(), '\0');
  uint32_t n = uint32_t(payload.size());
  b[0] = char(n), b[1] = char(n >> 8), b[2] = char(n >> 16), b[3] = char(n >> 24);
  if (!payload.empty()) std::memcpy(&b[4], payload.data(), payload.size());
  if (!write_full(b.data(), b.size())) std::exit(1);  // the host is gone
}

}  // namespace io

// ---- decoding and encoding -------------------------------------------------

// Reader decodes one frame. It remembers the first error and then returns
// zeros, so a decoder reads a whole record and checks ok() once.
class Reader {
 public:
  explicit Reader(const std::string& f)
      : p_(reinterpret_cast<const unsigned char*>(f.data())), end_(p_ + f.size()) {}

  bool ok() const { return err_.empty(); }
  const std::string& error() const { return err_; }
  size_t len() const { return size_t(end_ - p_); }

  void fail(const std::string& e) {
    if (err_.empty()) err_ = e;
    p_ = end_;
  }

  // uint64 reads an unsigned varint of any size.
  uint64_t uint64() {
    uint64_t v = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      if (p_ == end_) return fail("truncated frame"), 0;
      unsigned char c = *p_++;
      if (shift == 63 && c > 1) return fail("truncated frame"), 0;  // overflow, as Go's Uvarint
      v |= uint64_t(c & 0x7f) << shift;
      if (c < 0x80) return v;
    }
    return fail("truncated frame"), 0;
  }
  // uint reads an unsigned varint of at most max_uint.
  int uint() {
    uint64_t v = uint64();
    if (v > max_uint) return fail("truncated frame"), 0;
    return int(v);
  }
  // sint reads a signed (zigzag) varint within ±max_uint.
  int sint() {
    uint64_t u = uint64();
    int64_t v = int64_t(u >> 1);
    if (u & 1) v = ~v;
    if (v > int64_t(max_uint) || v < -int64_t(max_uint)) return fail("truncated frame"), 0;
    return int(v);
  }
  // below reads an index that must be less than n; what names it in the error.
  int below(int n, const char* what) {
    int v = uint();
    if (ok() && v >= n) {
      fail(std::string(what) + " " + std::to_string(v) + " out of range [0, " + std::to_string(n) + ")");
      return 0;
    }
    return v;
  }
  // count reads the number of items that follow, each at least a byte long.
  int count() {
    int n = uint();
    if (ok() && size_t(n) > len()) return fail("truncated frame"), 0;
    return n;
  }
  unsigned char byte() {
    if (p_ == end_) return fail("truncated frame"), 0;
    return *p_++;
  }
  bool boolean() {
    unsigned char b = byte();
    if (b > 1) fail("bad boolean");
    return b == 1;
  }
  // bytes returns the next n bytes (a pointer into the frame).
  const unsigned char* bytes(size_t n) {
    if (n > len()) return fail("truncated frame"), nullptr;
    const unsigned char* b = p_;
    p_ += n;
    return b;
  }
  void version(unsigned char want) {
    unsigned char v = byte();
    if (ok() && v != want) fail("version " + std::to_string(v) + ", want " + std::to_string(want));
  }
  // end checks that the frame was read to its last byte.
  bool end() {
    if (ok() && p_ != end_) fail("trailing bytes");
    return ok();
  }

 private:
  const unsigned char* p_;
  const unsigned char* end_;
  std::string err_;
};

// Writer encodes a frame.
struct Writer {
  std::string b;
  void uint64(uint64_t v) {
    while (v >= 0x80) b += char(v | 0x80), v >>= 7;
    b += char(v);
  }
  void uint(int v) { uint64(uint64_t(uint32_t(v))); }
  void sint(int v) { uint64((uint64_t(int64_t(v)) << 1) ^ uint64_t(int64_t(v) >> 63)); }
  void byte(unsigned char c) { b += char(c); }
  void boolean(bool v) { b += char(v ? 1 : 0); }
};

// ---- random numbers: exactly Go's math/rand/v2 with a PCG source -----------

// Rand draws what rand.New(rand.NewPCG(seed1, seed2)) draws in Go, so that
// a C++ bot and a Go bot with the same seat seed make the same choices.
class Rand {
 public:
  Rand(uint64_t seed1 = 0, uint64_t seed2 = 0) : hi_(seed1), lo_(seed2) {}
  void seed(uint64_t seed1, uint64_t seed2) { hi_ = seed1, lo_ = seed2; }

  uint64_t uint64() {
    const uint64_t mulHi = 2549297995355413924ull, mulLo = 4865540595714422341ull;
    const uint64_t incHi = 6364136223846793005ull, incLo = 1442695040888963407ull;
    uint64_t hi, lo;
    mul64(lo_, mulLo, hi, lo);
    hi += hi_ * mulLo + lo_ * mulHi;
    uint64_t l = lo + incLo;
    hi += incHi + (l < lo ? 1 : 0);
    lo = l;
    hi_ = hi, lo_ = lo;
    // DXSM output.
    hi ^= hi >> 32;
    hi *= 0xda942042e4dd58b5ull;
    hi ^= hi >> 48;
    hi *= (lo | 1);
    return hi;
  }
  // uint64n is Go's Rand.uint64n: uniform in [0, n), n > 0.
  uint64_t uint64n(uint64_t n) {
    if ((n & (n - 1)) == 0) return uint64() & (n - 1);
    uint64_t hi, lo;
    mul64(uint64(), n, hi, lo);
    if (lo < n) {
      uint64_t thresh = (0 - n) % n;
      while (lo < thresh) mul64(uint64(), n, hi, lo);
    }
    return hi;
  }
  // intn is Go's Rand.IntN: uniform in [0, n); n must be positive.
  int intn(int n) { return int(uint64n(uint64_t(n))); }
  // perm is Go's Rand.Perm: a permutation of 0..n-1.
  std::vector<int> perm(int n) {
    std::vector<int> p(n > 0 ? n : 0);
    for (int i = 0; i < n; ++i) p[i] = i;
    for (int i = n - 1; i > 0; --i) std::swap(p[i], p[intn(i + 1)]);
    return p;
  }

 private:
  static void mul64(uint64_t x, uint64_t y, uint64_t& hi, uint64_t& lo) {
    unsigned __int128 p = (unsigned __int128)x * y;
    hi = uint64_t(p >> 64), lo = uint64_t(p);
  }
  uint64_t hi_, lo_;
};

// ---- the session -------------------------------------------------------------

// State is a game SDK's side of one match, as wire.State in Go: it decodes
// the host's frames into what the player reads and encodes its commands.
// A decoder reports a malformed frame with r.fail (or leaves r not ok).
struct State {
  virtual ~State() {}
  virtual void setup(Reader& r) = 0;  // the setup frame
  virtual void update(Reader& r) = 0; // a round frame
  virtual void play(Writer& w) = 0;   // the player's turn: append its commands frame
};

// serve speaks the protocol until the host closes the input: the hello, an
// empty acknowledgement of the setup, then one commands frame per round. A
// malformed frame ends the bot with status 1, as in the Go SDKs.
inline int serve(State& st) {
  io::redirect_stdout();
  io::write_frame(hello);
  std::string frame;
  bool started = false;
  Writer w;
  while (io::read_frame(frame)) {
    Reader r(frame);
    if (!started) {
      st.setup(r);
      if (!r.end()) {
        std::fprintf(stderr, "sdk: setup frame: %s\n", r.error().c_str());
        std::exit(1);
      }
      started = true;
      io::write_frame(std::string());
      continue;
    }
    st.update(r);
    if (!r.end()) {
      std::fprintf(stderr, "sdk: round frame: %s\n", r.error().c_str());
      std::exit(1);
    }
    w.b.clear();
    st.play(w);
    std::cout.flush();
    std::fflush(stdout);
    io::write_frame(w.b);
  }
  std::cout.flush();
  std::cerr.flush();
  return 0;
}

// ---- the player registry -----------------------------------------------------

// Registry keeps the players a file registers with RegisterPlayer; the
// bot runs the first one. Base is the game's Player class.
template <class Base>
struct Registry {
  typedef Base* (*Factory)();
  static std::vector<std::pair<std::string, Factory> >& players() {
    static std::vector<std::pair<std::string, Factory> > p;
    return p;
  }
  static int add(const char* name, Factory f) {
    players().push_back(std::make_pair(std::string(name), f));
    return int(players().size());
  }
  // make returns a new instance of the first registered player, or ends
  // the bot with a message when the file registered none.
  static Base* make() {
    if (players().empty()) {
      std::fprintf(stderr, "sdk: no player registered: end your file with RegisterPlayer(PLAYER_NAME);\n");
      std::exit(1);
    }
    return players().front().second();
  }
};

}  // namespace arena

#ifdef __wasi__
// Everything libc writes to descriptors 1 and 2 (cout, cerr, printf, puts,
// write) goes to the debug log's buffer, in the order written, and from
// there to descriptor 2 before each frame the bot writes, when the buffer
// is full, or, after the guest ends, taken by the host; only io::write_full
// writes the protocol, and reads of descriptor 0 by the player see an empty
// input. Defining libc's symbols here keeps libc's own copies out of the
// link.
extern "C" arena_log_buffer arena_debug_log = {};
extern "C" long arena_posix_writev(int fd, const arena_iovec* iov, int n) {
  if (fd == 1 || fd == 2) {
    size_t put = 0;
    for (int i = 0; i < n; ++i) {
      arena::io::append_log(iov[i].base, iov[i].len);
      put += iov[i].len;
    }
    return long(put);
  }
  size_t put = 0;
  __wasi_errno_t e = __wasi_fd_write(__wasi_fd_t(fd), reinterpret_cast<const __wasi_ciovec_t*>(iov), size_t(n), &put);
  if (e != 0) {
    errno = e;
    return -1;
  }
  return long(put);
}
extern "C" long arena_posix_write(int fd, const void* b, size_t n) {
  arena_iovec v = {const_cast<void*>(b), n};
  return arena_posix_writev(fd, &v, 1);
}
extern "C" long arena_posix_readv(int fd, const arena_iovec* iov, int n) {
  if (fd == 0) return 0;
  size_t got = 0;
  __wasi_errno_t e = __wasi_fd_read(__wasi_fd_t(fd), reinterpret_cast<const __wasi_iovec_t*>(iov), size_t(n), &got);
  if (e != 0) {
    errno = e;
    return -1;
  }
  return long(got);
}
extern "C" long arena_posix_read(int fd, void* b, size_t n) {
  arena_iovec v = {b, n};
  return arena_posix_readv(fd, &v, 1);
}
#endif

#endif
