// Structs.hh: directions, positions, cell types, cells and units.
#ifndef Structs_hh
#define Structs_hh

#include "Utils.hh"

// The session (Player.hh) fills the classes of the API from the frames.
namespace arena { class OrkSession; }

/**
 * Directions. The first five are the ones an ork can be told.
 */
enum Dir {
  BOTTOM,    // South: row + 1
  RIGHT,     // East: column + 1
  TOP,       // North: row - 1
  LEFT,      // West: column - 1
  NONE,      // Stay
  DIR_SIZE   // Not a direction: for iterating
};

/**
 * Returns whether d is one of the five directions.
 */
inline bool dir_ok (Dir d) {
  return d >= BOTTOM and d <= NONE;
}

/**
 * A position: row i (0 at the top), column j.
 */
struct Pos {

  int i, j;

  Pos () : i(0), j(0) { }                  // (0, 0)
  Pos (int i, int j) : i(i), j(j) { }

  friend ostream& operator<< (ostream& os, const Pos& p);
  friend bool operator== (const Pos& a, const Pos& b);
  friend bool operator!= (const Pos& a, const Pos& b);
  friend bool operator< (const Pos& a, const Pos& b);  // by row, then column

  Pos& operator+= (Dir d);        // one step in direction d
  Pos operator+ (Dir d) const;
  Pos& operator+= (Pos p);        // adds p
  Pos operator+ (Pos p) const;
};

inline ostream& operator<< (ostream& os, const Pos& p) {
  return os << "(" << p.i << ", " << p.j << ")";
}

inline bool operator== (const Pos& a, const Pos& b) {
  return a.i == b.i and a.j == b.j;
}

inline bool operator!= (const Pos& a, const Pos& b) {
  return not (a == b);
}

inline bool operator< (const Pos& a, const Pos& b) {
  return a.i != b.i ? a.i < b.i : a.j < b.j;
}

inline Pos& Pos::operator+= (Dir d) {
  switch (d) {
  case BOTTOM: ++i; break;
  case RIGHT:  ++j; break;
  case TOP:    --i; break;
  case LEFT:   --j; break;
  default:          break;  // NONE and non-directions do not move
  }
  return *this;
}

inline Pos Pos::operator+ (Dir d) const {
  Pos p = *this;
  return p += d;
}

inline Pos& Pos::operator+= (Pos p) {
  i += p.i;
  j += p.j;
  return *this;
}

inline Pos Pos::operator+ (Pos p) const {
  Pos q = *this;
  return q += p;
}

/**
 * The terrain of a cell.
 */
enum CellType {
  WATER,
  GRASS,
  FOREST,
  SAND,
  CITY,
  PATH,
  CELL_TYPE_SIZE  // Not a terrain: for iterating
};

/**
 * A cell of the board and what is on it.
 */
struct Cell {

  CellType type;  // terrain
  int unit_id;    // the ork on the cell, -1 if none
  int city_id;    // the city of a CITY cell, -1 otherwise
  int path_id;    // the path of a PATH cell, -1 otherwise

  Cell () : type(CELL_TYPE_SIZE), unit_id(-1), city_id(-1), path_id(-1) { }
  Cell (CellType t, int unit, int city, int path)
    : type(t), unit_id(unit), city_id(city), path_id(path) { }
};

/**
 * An ork.
 */
struct Unit {

  int id;      // from 0 to nb_units() - 1, for the whole match
  int player;  // who controls it now
  Pos pos;     // where it is
  int health;

  Unit () : id(-1), player(-1), pos(0, 0), health(0) { }
  Unit (int id, int pl, Pos p = Pos(0, 0), int health = 0)
    : id(id), player(pl), pos(p), health(health) { }
};

/**
 * The letters of the terrains in board files.
 */
const char  wATER = 'W';
const char  gRASS = '.';
const char fOREST = 'F';
const char   sAND = 'S';
const char   cITY = 'C';
const char   pATH = 'P';

/**
 * Returns the terrain of letter c; any other letter is an error.
 */
inline CellType char2CellType (char c) {
  switch (c) {
  case  wATER: return WATER;
  case  gRASS: return GRASS;
  case fOREST: return FOREST;
  case   sAND: return SAND;
  case   cITY: return CITY;
  case   pATH: return PATH;
  }
  _my_assert(false, string(1, c) + " in grid definition.");
  return CELL_TYPE_SIZE;
}

/**
 * Returns the letter of terrain t ('X' for none).
 */
inline char CellType2char (CellType t) {
  switch (t) {
  case WATER:  return  wATER;
  case GRASS:  return  gRASS;
  case FOREST: return fOREST;
  case SAND:   return   sAND;
  case CITY:   return   cITY;
  case PATH:   return   pATH;
  default:     return    'X';
  }
}

#endif
