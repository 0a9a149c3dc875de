// want: reply ^printed$
// Prints on everything a C++ program prints on: all of it goes to the
// debug log, none of it into the protocol.
#include <unistd.h>
#include "Player.hh"

std::string reply(const std::string& frame) {
  std::cout << "cout " << frame << std::endl;
  printf("printf %s\n", frame.c_str());
  puts("puts");
  std::cerr << "cerr" << std::endl;
  fprintf(stderr, "stderr\n");
  write(1, "write1\n", 7);
  fwrite("fwrite\n", 1, 7, stdout);
  std::cout << "unflushed";
  return "printed";
}
