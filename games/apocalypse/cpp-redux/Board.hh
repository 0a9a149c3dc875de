// Board.hh: the constants, types and queries of Apocalypse Now Redux as the
// original (Catalan) API names them, over Arena's protocol
// (arena/apocalypse.hh). Coordinates (x, y): x the row from the north, y
// the column from the west. Teams are 1 to 4 (players 0 to 3 on the wire).
// Queries with wrong arguments write an error on cerr and return a default,
// as in the original.
#ifndef Board_hh
#define Board_hh

#include "Utils.hh"
#include "arena/apocalypse.hh"

using namespace std;

// Constants whose values matter: this game's defaults. The queries
// (torns_restants(), valid, ...) follow the match, which a tournament may
// set otherwise (the bot then says so on cerr at its start).
const int MAX = 60;            // rows and columns of the board

const int NUM_SOLDATS = 20;    // soldiers per team at the start
const int NUM_HELIS   =  2;    // helicopters per team
const int NUM_POSTS   = 16;    // posts

const int VIDA       = 100;    // a new soldier's life points
const int DANY_BOSC  =  20;    // least damage of an attack in a forest (most: twice)
const int DANY_GESPA =  50;    // least damage of an attack on grass (most: twice)

const int TORNS_NAPALM = 30;   // rounds before napalm is ready again
const int ABAST        =  2;   // napalm burns the (2*ABAST+1)² square below

const int    CREMA_BOSC  = 10;   // rounds a forest cell burns
const int    CREMA_ALTRE =  5;   // rounds any other cell burns
const double PROB_FOC    = 0.1;  // chance that fire spreads to a forest cell

const int TORNS_BAIXAR = 20;   // rounds a parachuter can wait to jump
const int MAX_BAIXEN   =  4;   // jumps per team and round

const int TORNS_JOC = 200;     // rounds of a match

const int VALOR_ALT  = 4000;   // value of the most valuable posts
const int VALOR_BAIX = 1000;   // value of the least valuable posts

// Constants whose values do not matter.
const int BOSC     = 1;
const int GESPA    = 2;
const int AIGUA    = 3;
const int MUNTANYA = 4;

const int SOLDAT = 1;
const int HELI   = 2;

const int AVANCA1         = 1;
const int AVANCA2         = 2;
const int CONTRA_RELLOTGE = 3;
const int RELLOTGE        = 4;
const int NAPALM          = 5;

// A cell: x the row (0 north), y the column (0 west).
struct Posicio {
  int x, y;

  Posicio() {}                            // uninitialised
  Posicio(int x, int y) : x(x), y(y) {}
  Posicio(int) : x(0), y(0) {}            // the origin

  bool operator!=(const Posicio& p) const { return x != p.x or y != p.y; }
};

// The board's size in this match (MAX unless the match says otherwise).
inline int& arena_board_size() {
  static int n = MAX;
  return n;
}

// Whether (x, y) is on the board.
inline bool valid(int x, int y) { return 0 <= x and x < arena_board_size() and 0 <= y and y < arena_board_size(); }
inline bool valid(const Posicio& p) { return valid(p.x, p.y); }

// A post: its team (-1 nobody yet), position and value.
struct Post {
  int equip;
  Posicio pos;
  int valor;

  Post() {}
  Post(int equip, int x, int y, int v) : equip(equip), pos(x, y), valor(v) {}
  Post(int) : equip(0), pos(0), valor(0) {}
  Post(const Post& p) : equip(p.equip), pos(p.pos), valor(p.valor) {}
  Post& operator=(const Post&) = default;

  bool operator!=(const Post& p) const { return equip != p.equip or pos != p.pos or valor != p.valor; }
};

// What the board tells of a soldier or a helicopter.
struct Info {
  int id;
  int tipus;        // SOLDAT or HELI
  int equip;        // 1 to 4
  Posicio pos;      // a soldier's cell, a helicopter's centre
  int vida;         // a soldier's life points; -1 for helicopters
  int orientacio;   // a helicopter's heading: 0 south, 1 east, 2 north, 3 west; -1 for soldiers
  int napalm;       // rounds before a helicopter's napalm is ready (0: now); -1 for soldiers
  vector<int> paraca;  // a helicopter's parachuters: the rounds each can still jump, this
                       // one included, increasing; empty for soldiers

  Info(int id, int tipus, int equip, int x, int y, int vida, int orientacio, int napalm,
       const vector<int>& paraca)
      : id(id), tipus(tipus), equip(equip), pos(x, y), vida(vida), orientacio(orientacio),
        napalm(napalm), paraca(paraca) {}
  Info() : id(0), tipus(0), equip(0), pos(0), vida(0), orientacio(0), napalm(0), paraca() {}

  bool operator!=(const Info& i) const {
    return id != i.id or tipus != i.tipus or equip != i.equip or pos != i.pos or vida != i.vida or
           orientacio != i.orientacio or napalm != i.napalm or paraca != i.paraca;
  }
};

// What dades(id) returns for an id that is no unit: every field -1.
const Info NUL(-1, -1, -1, -1, -1, -1, -1, -1, vector<int>());

typedef vector<atzar>           VA;
typedef vector<int>             VE;
typedef vector<VE>              VVE;
typedef vector<VVE>             VVVE;
typedef vector<Posicio>         VP;
typedef vector<VP>              VVP;
typedef vector<Post>            VP2;
typedef map<int, Info>          MEI;
typedef MEI::iterator           MI;
typedef MEI::const_iterator     MIc;
typedef set<int>                SE;
typedef map<int, Posicio>       MEP;
typedef pair<int, Posicio>      P2;
typedef map<int, int>           MEE;
typedef pair<int, int>          P;

namespace arena { namespace apocalypse { struct Session; } }

class Board {
 public:
  // Your team, 1 to 4.
  int qui_soc() const { return arena_view_.me + 1; }

  // Team e's name ("" and an error for a wrong team). The host does not
  // tell players' names: it is "equip e".
  string nom(int e) const {
    if (not arena_team_ok(e)) return error("nom invocat amb " + i2s(e)), "";
    return "equip " + i2s(e);
  }

  // The round being played: 0 first, 199 last.
  int quin_torn() const { return arena_view_.round; }

  // The rounds left, this one included: 200 in the first, 1 in the last.
  int torns_restants() const { return arena_view_.params[arena::apocalypse::p_game_rounds] - arena_view_.round; }

  // The land at (x, y): BOSC, GESPA, AIGUA or MUNTANYA; -1 off the board.
  int que(int x, int y) const {
    if (not arena_view_.pos_ok(x, y)) return arena_bad_cell("que", x, y);
    return arena_view_.land[x * arena_view_.n + y];
  }

  // The rounds fire will (at least) still burn at (x, y): 0 none; -1 off the board.
  int temps_foc(int x, int y) const {
    if (not arena_view_.pos_ok(x, y)) return arena_bad_cell("temps_foc", x, y);
    return arena_view_.fire[x * arena_view_.n + y];
  }

  // The id of the soldier at (x, y): 0 none; -1 off the board.
  int quin_soldat(int x, int y) const {
    if (not arena_view_.pos_ok(x, y)) return arena_bad_cell("quin_soldat", x, y);
    return arena_view_.soldier_at[x * arena_view_.n + y];
  }

  // The id of the helicopter centred at (x, y): 0 none; -1 off the board.
  int quin_heli(int x, int y) const {
    if (not arena_view_.pos_ok(x, y)) return arena_bad_cell("quin_heli", x, y);
    return arena_view_.heli_at[x * arena_view_.n + y];
  }

  // The team holding the post at (x, y): 0 no post; -1 nobody yet, or off the board.
  int de_qui_post(int x, int y) const {
    if (not arena_view_.pos_ok(x, y)) return arena_bad_cell("de_qui_post", x, y);
    int k = arena_view_.post_at[x * arena_view_.n + y];
    if (k < 0) return 0;
    int owner = arena_view_.posts[k].owner;
    return owner < 0 ? -1 : owner + 1;
  }

  // The value of the post at (x, y) (VALOR_BAIX or VALOR_ALT): 0 no post; -1 off the board.
  int valor_post(int x, int y) const {
    if (not arena_view_.pos_ok(x, y)) return arena_bad_cell("valor_post", x, y);
    int k = arena_view_.post_at[x * arena_view_.n + y];
    return k < 0 ? 0 : arena_view_.posts[k].value;
  }

  // The ids of team e's soldiers, increasing; empty for a wrong team.
  vector<int> soldats(int e) const {
    if (not arena_team_ok(e)) return error("soldats invocat amb " + i2s(e)), VE();
    return arena_view_.soldiers_of[e - 1];
  }

  // The ids of team e's helicopters, increasing; empty for a wrong team.
  vector<int> helis(int e) const {
    if (not arena_team_ok(e)) return error("helis invocat amb " + i2s(e)), VE();
    return arena_view_.helis_of[e - 1];
  }

  // Every post: team, position and value.
  vector<Post> posts() const {
    vector<Post> v;
    v.reserve(arena_view_.posts.size());
    for (const arena::apocalypse::PostInfo& p : arena_view_.posts)
      v.push_back(Post(p.owner < 0 ? -1 : p.owner + 1, p.i, p.j, p.value));
    return v;
  }

  // What is known of unit id; NUL (and an error) if no unit has that id.
  Info dades(int id) const {
    const arena::apocalypse::Unit* u = arena_view_.unit(id);
    if (not u) return error("dades invocat amb " + i2s(id)), NUL;
    return Info(u->id, u->type, u->player + 1, u->i, u->j, u->life, u->orientation, u->napalm, u->para);
  }

  // Team e's points now: the value of every post it holds and one per
  // soldier, as the original counts them (the last round's decide the
  // match); -1 for a wrong team.
  int puntuacio(int e) const {
    if (not arena_team_ok(e)) return error("puntuacio invocat amb " + i2s(e)), -1;
    return arena_view_.scores[e - 1];
  }

  // The fraction of its CPU budget team e has used, from 0 to 1; -1 if it
  // is frozen, or for a wrong team.
  double status(int e) const {
    if (not arena_team_ok(e)) return error("status invocat amb " + i2s(e)), -1;
    return arena_view_.status[e - 1];
  }

  // Random draws of the team, seeded by the match as the original seeds
  // each team's generator, and drawn with the original's generator (as
  // the Go SDK's Random and RandomPermutation draw in Redux).

  // A random integer in [e, d].
  int uniforme(int e, int d) {
    if (e > d) return error("uniforme invocat amb " + i2s(e) + " " + i2s(d)), -1;
    if (arena_view_.redux) return arena_view_.redux_rng.range(e, d);
    return int(e + (long long)arena_view_.rng.uint64n(uint64_t((long long)d - e + 1)));
  }

  // A random permutation of 0 .. n-1.
  vector<int> permutacio(int n) {
    if (n < 0) return error("permutacio invocat amb " + i2s(n)), VE();
    if (not arena_view_.redux) return arena_view_.rng.perm(n);
    VE v(n);
    for (int i = 0; i < n; ++i) v[i] = i;
    for (int i = n - 1; i > 0; --i) swap(v[i], v[arena_view_.redux_rng.range(0, i)]);
    return v;
  }

  // true with probability p.
  bool probabilitat(double p) {
    if (p < 0 or p > 1) return error("probabilitat invocat amb " + d2s(p)), false;
    if (arena_view_.redux) return arena_view_.redux_rng.next() < p;
    return double(arena_view_.rng.uint64() << 11 >> 11) / 9007199254740992.0 < p;
  }

  Board() {}

 private:
  friend class Player;
  friend struct arena::apocalypse::Session;

  arena::apocalypse::View arena_view_;

  bool arena_team_ok(int e) const { return e >= 1 and e <= arena_view_.np; }
  static int arena_bad_cell(const char* f, int x, int y) {
    error(string(f) + " invocat amb " + i2s(x) + " " + i2s(y));
    return -1;
  }
};

#endif
