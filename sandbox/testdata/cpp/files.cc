// want: reply ^none$
// Looks for files: the guest has none.
#include <cstdio>
#include "Player.hh"

std::string reply(const std::string&) {
  for (const char* f : {"/etc/passwd", "/proc/self/environ", "bot.cc", "Player.hh", "."}) {
    if (FILE* fp = fopen(f, "r")) {
      fclose(fp);
      return f;
    }
  }
  return "none";
}
