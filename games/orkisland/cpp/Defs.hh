// Defs.hh: the game's name and version, as in the original.
#ifndef Defs_hh
#define Defs_hh

#define GAME_NAME "OrkIsland"
#define VERSION   "1.0"

#endif
