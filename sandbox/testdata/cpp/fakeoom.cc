// want: frozen exit
// Prints the Go runtime's out-of-memory and panic banners and exits with
// Go's code for them: the host saw no memory refused and no Go module.
#include <cstdlib>
#include "Player.hh"

std::string reply(const std::string&) {
  fprintf(stderr, "runtime: out of memory: cannot allocate 8192-byte block\nfatal error: out of memory\npanic: boom\n");
  exit(2);
}
