// Every public name of the original Poquémon player API (cpp-api.md §4),
// used once: this file must compile natively and for wasm32-wasi, and plays
// (each round it moves towards a random open neighbour).
#include "Player.hh"

using namespace std;

#define PLAYER_NAME Surface

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  Random_generator own;

  void utils() {
    check(maxint > 0);
    int unused = 3;
    _unused(unused);
    bool b = (round() >= 0) implies (minint < 0);
    boolean bb(b);
    if (not bool(bb)) _unreachable();
    if (infinite < 0) myerrx("never %d", 1);
    if (round() < 0) myerr("never");
    if (round() < -1) myerror_at_line(EXIT_FAILURE, 0, __FILE__, __LINE__, "never");
    if (round() < -2) BackTrace::print(cerr);
    if (round() < -3) BackTrace::print();
    int x = s2i(i2s(42));
    vector<int> v(x);
    PRINT(sze(v));
    PRINT_AUX(x, "\"");
    own.srandomize(7);
    own.srandomize();
    int r = own.randomize() + own.randomize(1, 6);
    _unused(r);
    boolean c = false % boolean(true);
    _unused(c);
  }

  void posdir() {
    Dir ds[] = {None, Top, Bottom, Left, Right};
    for (Dir d : ds) {
      check(ok(d));
      check(c2d(d2c(d)) == d);
    }
    Pos p, q(1, 2);
    p += Right;
    Pos s = q + Bottom;
    bool cmp = p < q and q <= s and s >= q and s > p and p != q and not(p == q);
    cerr << p << " " << s << " " << cmp << endl;
    AType as[] = {Undefined, Moving, Attacking};
    for (AType a : as) check(ok(a) and c2a(a2c(a)) == a);
    Action act;
    act.move(Top);
    act.attack(Bottom);
  }

  void structs() {
    CType ts[] = {Empty, Wall, Stone, Point, Scope, Attack, Defense};
    for (CType t : ts) cerr << t << ' ';
    cerr << endl;
    Cell cell = {Pos(0, 0), Empty, -1};
    GhostWall g = {Pos(1, 1), true, 3};
    PointBonus pb = {100, Pos(2, 2), true, 0};
    StoneBonus sb = {0, Pos(2, 2), false, 4};
    ScopeBonus scb = {0, Pos(2, 2), false, 4};
    AttackBonus ab = {0, Pos(2, 2), false, 4};
    DefenseBonus db = {0, Pos(2, 2), false, 4};
    cerr << cell.pos << cell.type << cell.id << g.pos << g.present << g.time << pb.value << pb.pos << pb.present
         << pb.time << sb.value << scb.value << ab.value << db.value << endl;
    Board empty;
    _unused(empty);
  }

  int board() {
    int sum = nb_rounds() + nb_players() + nb_poquemon() + nb_total_poquemon() + nb_ghost_wall() + nb_point() +
              nb_stone() + nb_scope() + nb_attack() + nb_defense() + player_regen_time() + wall_change_time() +
              point_regen_time() + stone_regen_time() + scope_regen_time() + attack_regen_time() +
              defense_regen_time() + battle_reward() + max_scope() + max_stone() + rows() + cols() + round();
    for (int pl = 0; pl < nb_players(); ++pl) {
      check(player_ok(pl));
      if (status(pl) > 1) cerr << "status" << endl;
    }
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) {
        Pos p(i, j);
        check(pos_ok(i, j) and pos_ok(p));
        if (pos_ok(i, j, Top) and pos_ok(p, Left) and dest(p, Bottom).i == i + 1) ++sum;
        const CType& t = cell_type(i, j);
        if (t != cell_type(p)) _unreachable();
        sum += cell_id(p) + points_value(p) + ghost_wall(p);
      }
    for (int id = 0; id < nb_total_poquemon(); ++id) {
      const Poquemon& q = poquemon(id);
      sum += q.id + q.player + q.pos.i + q.pos.j + q.attack + q.defense + q.scope + q.stones + q.alive + q.points +
             q.time;
    }
    sum += randomize() % 2;
    return sum;
  }

  virtual void play() {
    if (round() == 0) {
      utils();
      posdir();
      structs();
    }
    int sum = board();
    cout << "round " << round() << " sum " << sum << endl;
    const Poquemon& p = poquemon(me());
    if (not p.alive) return;
    Dir d = Dir(randomize(1, 4));
    if (cell_type(dest(p.pos, d)) == Wall) attack(d);
    else move(d);
  }
};

RegisterPlayer(PLAYER_NAME);
