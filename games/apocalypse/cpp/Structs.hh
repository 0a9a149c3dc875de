// Structs.hh: the constants and the Position, Post and Data structs of
// Apocalypse Now 2018, as the original declares them.
#ifndef Structs_hh
#define Structs_hh

#include "Utils.hh"

// Lands.
const int FOREST   = 1;
const int GRASS    = 2;
const int WATER    = 3;
const int MOUNTAIN = 4;

// Unit types.
const int SOLDIER    = 1;
const int HELICOPTER = 2;

// Helicopter instructions.
const int FORWARD1          = 1;
const int FORWARD2          = 2;
const int COUNTER_CLOCKWISE = 3;
const int CLOCKWISE         = 4;
const int NAPALM            = 5;

// A cell: i the row (0 north), j the column (0 west).
struct Position {
  int i, j;

  Position() {}                            // uninitialised
  Position(int i, int j) : i(i), j(j) {}
  Position(int) : i(0), j(0) {}            // the origin

  bool operator!=(const Position& p) const { return i != p.i or j != p.j; }
};

// A post: its owner (-1 nobody yet), position and value.
struct Post {
  int player;
  Position pos;
  int value;

  Post() {}
  Post(int player, int i, int j, int v) : player(player), pos(i, j), value(v) {}
  Post(int) : player(0), pos(0), value(0) {}
  Post(const Post& p) : player(p.player), pos(p.pos), value(p.value) {}
  Post& operator=(const Post&) = default;

  bool operator!=(const Post& p) const { return player != p.player or pos != p.pos or value != p.value; }
};

// What the state tells of a soldier or a helicopter.
struct Data {
  int id;
  int type;         // SOLDIER or HELICOPTER
  int player;       // 0 to 3
  Position pos;     // a soldier's cell, a helicopter's centre
  int life;         // a soldier's life points; -1 for helicopters
  int orientation;  // a helicopter's heading: 0 south, 1 east, 2 north, 3 west; -1 for soldiers
  int napalm;       // rounds before a helicopter's napalm is ready (0: now); -1 for soldiers
  vector<int> parachuters;  // a helicopter's parachuters: the rounds each can still jump, this
                            // one included, increasing; empty for soldiers

  Data(int id, int type, int player, int i, int j, int life, int orientation, int napalm,
       const vector<int>& parachuters)
      : id(id), type(type), player(player), pos(i, j), life(life), orientation(orientation),
        napalm(napalm), parachuters(parachuters) {}
  Data() : id(0), type(0), player(0), pos(0), life(0), orientation(0), napalm(0), parachuters() {}

  bool operator!=(const Data& d) const {
    return id != d.id or type != d.type or player != d.player or pos != d.pos or life != d.life or
           orientation != d.orientation or napalm != d.napalm or parachuters != d.parachuters;
  }
};

// What data(id) returns for an id that is no unit: every field -1.
const Data NUL(-1, -1, -1, -1, -1, -1, -1, -1, vector<int>());

#endif
