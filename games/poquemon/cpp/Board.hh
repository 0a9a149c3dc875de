// Board.hh: the board a Poquémon player reads, with the original
// Poquémon's names and signatures. It holds what the platform tells your
// bot, which is what the original's board tells a player: every Poquémon in
// full, opponents included, and cell_id showing an opponent only while one
// of your Poquémon sees it.
#ifndef Board_hh
#define Board_hh

#include "Utils.hh"
#include "PosDir.hh"
#include "Action.hh"

using namespace std;

// What a cell holds: Wall for walls and ghost walls that are up.
enum CType { Empty, Wall, Stone, Point, Scope, Attack, Defense };

inline ostream& operator<<(ostream& os, CType t) {
  switch (t) {
    case Empty: return os << "Empty";
    case Wall: return os << "Wall";
    case Stone: return os << "Stone";
    case Point: return os << "Point";
    case Scope: return os << "Scope";
    case Attack: return os << "Attack";
    case Defense: return os << "Defense";
  }
  return os;
}

// A cell: its position, type and the id of the Poquémon on it (-1: none).
struct Cell {
  Pos pos;
  CType type;
  int id;
};

// A ghost wall: where it is, whether it is up, and the rounds before it
// changes.
struct GhostWall {
  Pos pos;
  bool present;
  int time;
};

// Bonuses: value (points of a bag, 0 for the others), position, whether it
// is on the board, and the rounds before it comes back.
struct PointBonus {
  int value;
  Pos pos;
  bool present;
  int time;
};
struct StoneBonus {
  int value;
  Pos pos;
  bool present;
  int time;
};
struct ScopeBonus {
  int value;
  Pos pos;
  bool present;
  int time;
};
struct AttackBonus {
  int value;
  Pos pos;
  bool present;
  int time;
};
struct DefenseBonus {
  int value;
  Pos pos;
  bool present;
  int time;
};

// A Poquémon, yours or an opponent's, known in full as in the original:
// when dead, pos is where it died and time the rounds before it comes back.
struct Poquemon {
  int id;
  int player;
  Pos pos;
  int attack;
  int defense;
  int scope;
  int stones;
  bool alive;
  int points;
  int time;
};

namespace arena {
namespace poq {

// A bonus as the platform tells it: cell -1 while it is off the board.
struct Bonus {
  CType kind;
  int cell;
  int value;
};

// Everything the platform told a player, kept in one member of Board so
// that no name of ours can hide one of the player's.
struct BoardData {
  int param[NbParams] = {};
  int round = 0;
  vector<double> status;
  vector<bool> wall;          // static walls, by cell (i*cols+j)
  vector<int> ghost_at;       // cell → ghost wall index or -1
  vector<int> bonus_at;       // cell → bonus index or -1
  vector<int> id_at;          // cell → id of a Poquémon you see or -1
  vector<bool> seen;          // by id: whether cell_id shows it
  vector<CType> type;         // cell → what it holds now
  vector<GhostWall> ghosts;
  vector<Bonus> bonuses;
  vector<Poquemon> poq;
  Rand rng;
};

}  // namespace poq
}  // namespace arena

class Board {
 public:
  Board() {}

  int nb_rounds() const { return arena_param(arena::poq::NbRounds); }
  int nb_players() const { return arena_param(arena::poq::NbPlayers); }
  // Poquémon per player: 1 in the original, and by default.
  int nb_poquemon() const { return arena_param(arena::poq::NbPokemon); }
  int nb_total_poquemon() const { return nb_poquemon() * nb_players(); }
  int nb_ghost_wall() const { return arena_param(arena::poq::NbGhostWall); }
  int nb_point() const { return arena_param(arena::poq::NbPoint); }
  int nb_stone() const { return arena_param(arena::poq::NbStone); }
  int nb_scope() const { return arena_param(arena::poq::NbScope); }
  int nb_attack() const { return arena_param(arena::poq::NbAttack); }
  int nb_defense() const { return arena_param(arena::poq::NbDefense); }
  int player_regen_time() const { return arena_param(arena::poq::PlayerRegen); }
  int wall_change_time() const { return arena_param(arena::poq::WallChange); }
  int point_regen_time() const { return arena_param(arena::poq::PointRegen); }
  int stone_regen_time() const { return arena_param(arena::poq::StoneRegen); }
  int scope_regen_time() const { return arena_param(arena::poq::ScopeRegen); }
  int attack_regen_time() const { return arena_param(arena::poq::AttackRegen); }
  int defense_regen_time() const { return arena_param(arena::poq::DefenseRegen); }
  // Percentage of the defender's points an attacker wins when it kills.
  int battle_reward() const { return arena_param(arena::poq::BattleReward); }
  int max_scope() const { return arena_param(arena::poq::MaxScope); }
  int max_stone() const { return arena_param(arena::poq::MaxStone); }
  int rows() const { return arena_param(arena::poq::Rows); }
  int cols() const { return arena_param(arena::poq::Cols); }

  // The round being played, from 0 to nb_rounds()-1.
  int round() const { return arena_board_.round; }

  bool player_ok(int player) const { return player >= 0 and player < nb_players(); }
  bool pos_ok(int i, int j) const { return i >= 0 and i < rows() and j >= 0 and j < cols(); }
  bool pos_ok(const Pos& p) const { return pos_ok(p.i, p.j); }
  bool pos_ok(int i, int j, Dir d) const { return pos_ok(Pos(i, j) + d); }
  bool pos_ok(const Pos& p, Dir d) const { return pos_ok(p + d); }

  // The position one step from p in direction d.
  Pos dest(const Pos& p, Dir d) const { return p + d; }

  // The fraction of its CPU budget player id has used, from 0 to 1, or
  // negative when it is frozen.
  double status(int id) const {
    check(player_ok(id));
    return arena_board_.status[id];
  }

  // Poquémon id: in the original (one per player) the id of player p's
  // Poquémon is p, so poquemon(me()) is yours.
  const Poquemon& poquemon(int id) const {
    check(id >= 0 and id < nb_total_poquemon());
    return arena_board_.poq[id];
  }

  // What the cell at (i, j) holds now.
  const CType& cell_type(int i, int j) const {
    check(pos_ok(i, j));
    return arena_board_.type[i * cols() + j];
  }
  const CType& cell_type(const Pos& p) const { return cell_type(p.i, p.j); }

  // The id of the Poquémon at p, or -1 if there is none or it is an
  // opponent none of your Poquémon sees: one of them, alive or where it
  // died, in its row or column with no wall between.
  int cell_id(Pos p) {
    check(pos_ok(p));
    return arena_board_.id_at[p.i * cols() + p.j];
  }

  // The value of the point bag at p, or -1 if there is none.
  int points_value(Pos p) const {
    if (not pos_ok(p)) return -1;
    int k = arena_board_.bonus_at[p.i * cols() + p.j];
    if (k < 0 or arena_board_.bonuses[k].kind != Point) return -1;
    return arena_board_.bonuses[k].value;
  }

  // The rounds before the ghost wall at p appears or vanishes, or -1 if p
  // is not a ghost wall.
  int ghost_wall(Pos p) const {
    if (not pos_ok(p)) return -1;
    int k = arena_board_.ghost_at[p.i * cols() + p.j];
    return k < 0 ? -1 : arena_board_.ghosts[k].time;
  }

  // Random numbers from the match's generator: in [0, 2^31-3], and in
  // [l, u]. The generator is seeded by the match, so a match replays.
  int randomize() { return arena::poq::draw(arena_board_.rng); }
  int randomize(int l, int u) { return arena::poq::draw(arena_board_.rng, l, u); }

  /****************************************************/
  /***************** STOP READING HERE ****************/
  /****************************************************/

 private:
  friend class arena::poq::Session;

  arena::poq::BoardData arena_board_;

  int arena_param(arena::poq::Param p) const { return arena_board_.param[p]; }
};

#endif
