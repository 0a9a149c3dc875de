// api.cc calls every public name of the original Mad Max 2020 player API
// (cpp-api.md §3) for cpp_test.go. Each round it writes on cerr a digest of
// everything it reads ("view ROUND HASH"), which the test recomputes from
// the engine's state; it checks the helpers' values once, gives a few bad
// instructions (refused with warnings), and, when ARENA_WASTELAND_BAD names
// an accessor, calls it with a bad argument in round 1.
#include "Player.hh"

#define PLAYER_NAME Api

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  Random_generator own;
  unsigned long long h = 0;

  void mix (long long v) {
    h ^= (unsigned long long)v;
    h *= 1099511628211ULL;
  }

  void expect (bool ok, const char* what) {
    if (not ok) {
      cerr << "api: " << what << " failed" << endl;
      exit(1);
    }
  }

  // The digest of this round's view; cpp_test.go computes the same.
  void digest (int draw, int ranged) {
    h = 14695981039346656037ULL;
    mix(round());
    mix(me());
    int params[] = {number_players(), number_rounds(), number_rows(), number_universe_columns(),
                    number_window_columns(), number_cars_per_player(), number_rounds_to_regenerate(),
                    number_missile_bonuses(), number_water_bonuses(), number_gas_bonuses(),
                    bonus_missiles(), bonus_gas(), water_points(), kill_points(), initial_gas()};
    for (int v : params) mix(v);
    int u = number_universe_columns();
    for (int i = 0; i < number_rows(); ++i)
      for (int j = 0; j < u; ++j) {
        Cell c = cell(Pos(i, j + u * ((i + j) % 3 - 1)));  // columns wrap
        mix(c.type);
        mix(c.cid);
        mix(c.mid);
      }
    for (Car_Id id = 0; id < number_cars(); ++id) {
      Car c = car(id);
      mix(c.cid);
      mix(first(c.pos));
      mix(second(c.pos));
      mix(c.nb_miss);
      mix(c.gas);
      mix(c.alive);
      mix(c.time);
    }
    map<Missile_Id, Missile> ms = missiles();
    mix(ms.size());
    for (const auto& x : ms) {
      mix(x.first);
      mix(x.second.mid);
      mix(x.second.cid);
      mix(first(x.second.pos));
      mix(second(x.second.pos));
    }
    for (Player_Id p = 0; p < number_players(); ++p) {
      mix(score(p));
      mix(llround(status(p) * 1e6));
    }
    mix(draw);
    mix(ranged);
    cerr << "view " << round() << " " << h << endl;
  }

  // The helpers and the view agree with each other and with the original.
  void check () {
    expect(number_cars() == number_players() * number_cars_per_player(), "number_cars");
    for (Player_Id p = 0; p < number_players(); ++p) {
      expect(player_ok(p) and player_of(begin(p)) == p and end(p) - begin(p) == number_cars_per_player(), "begin/end");
    }
    expect(not player_ok(-1) and not player_ok(number_players()), "player_ok");
    expect(not car_ok(-1) and not car_ok(number_cars()) and car_ok(0), "car_ok");
    expect(not within_universe(Pos(-1, 0)) and not within_universe(Pos(number_rows(), 0)) and
               within_universe(Pos(0, -1000)),
           "within_universe");
    for (Car_Id id = 0; id < number_cars(); ++id) {
      Car c = car(id);
      if (c.alive) {
        Cell x = cell(c.pos);
        expect(x.type == CAR and x.cid == id and x.mid == -1, "a car's cell");
        expect(within_window(c.pos, round()), "a car in the window");
      }
    }
    map<Missile_Id, Missile> ms = missiles();
    for (const auto& x : ms) expect(cell(x.second.pos).type == MISSILE and cell(x.second.pos).mid == x.first, "a missile's cell");
    expect(within_window(Pos(0, round()), round()) and not within_window(Pos(0, round() - 1), round()) and
               within_window(Pos(0, round() + number_window_columns() - 1 + number_universe_columns()), round()),
           "within_window");

    vector<Dir> nine = {UP, DEFAULT, DOWN, SLOW_UP, SLOW, SLOW_DOWN, FAST_UP, FAST, FAST_DOWN};
    for (Dir d : nine) expect(dir_ok(d), "dir_ok");
    expect(not dir_ok(Dir(0, 3)) and not dir_ok(Dir(-2, 1)) and not dir_ok(Dir(0, -1)), "dir_ok of a bad one");
    expect(dir2all.size() == 9 and dir2all.at(SLOW).empty() and dir2all.at(FAST).size() == 2 and
               dir2all.at(FAST_DOWN).size() == 5 and dir2all.at(UP)[1] == Dir(-1, 0),
           "dir2all");
    for (Dir d : nine)
      if (d != SLOW) expect(dir2all.at(d).back() == d, "dir2all ends at the target");
    expect(Cmp()(UP, DEFAULT) and not Cmp()(DEFAULT, UP) and Cmp()(SLOW, DEFAULT), "Cmp");
    expect(first(Pos(3, 4)) == 3 and second(Pos(3, 4)) == 4 and Pos(3, 4) + FAST_UP == Pos(2, 6), "first/second");

    expect(i2c(MOVE) == 'm' and i2c(SHOOT) == 's' and i2c(UNDEFINED) == 'u', "i2c");
    expect(c2i('m') == MOVE and c2i('s') == SHOOT and c2i('?') == UNDEFINED, "c2i");
    Instruction ins = {0, MOVE, UP};
    expect(ins.cid == 0 and ins.type == MOVE and ins.dir == UP, "Instruction");

    ostringstream os;
    os << EMPTY << " " << TYRE << " " << CAR << " " << MISSILE << " " << WATER_BONUS << " " << MISSILE_BONUS << " " << GAS_BONUS;
    expect(os.str() == "EMPTY TYRE CAR MISSILE WATER_BONUS MISSILE_BONUS GAS_BONUS", "operator<< of CType");

    Random_generator g, d1, d2;
    g.srandomize(1);
    expect(g.randomize() == 96541, "Random_generator from seed 1");  // 2 * 48271 - 1
    d2.srandomize();
    expect(d1.randomize() == d2.randomize(), "the default seed");
    g.srandomize(-7);
    d1.srandomize(7);
    expect(g.randomize(3, 9) == d1.randomize(3, 9) and g.randomize(5, 5) == 5, "srandomize of a negative seed");

    set<int> s = {1, 2};
    map<Missile_Id, Missile> none;
    expect(s.contains(2) == 1 and s.contains(3) == 0 and none.contains(0) == 0, "contains");
    my_assert(s.size() == 2);

    Board b;
    Action a, a2;
    a.move(0, UP);
    a2.shoot(1);
    Player_Id pid = me();
    Missile_Id mid = -1;
    Car_Id cid = begin(pid);
    expect(b.round() == 0 and mid == -1 and cid >= 0, "types");
    cout << "api on cout: checks passed" << endl;
  }

  // Instructions the player API refuses, with the original's warnings.
  void bad_instructions () {
    Player_Id other = (me() + 1) % number_players();
    move(number_cars() + 91, UP);
    move(begin(me()), Dir(0, 3));
    move(begin(other), DEFAULT);
    shoot(-5);
    shoot(begin(other));
    move(begin(me()), DEFAULT);
    move(begin(me()), FAST);  // a second instruction for the car: refused
  }

  // A bad argument to an accessor, named by ARENA_WASTELAND_BAD.
  void bad_argument (const string& what) {
    cerr << "calling " << what << " with a bad argument" << endl;
    if (what == "cell") cell(Pos(number_rows(), 0));
    if (what == "car") car(number_cars());
    if (what == "player_of") player_of(-1);
    if (what == "begin") begin(number_players());
    if (what == "end") end(-1);
    if (what == "score") score(7);
    if (what == "status") status(-2);
    cerr << "still alive after " << what << endl;
  }

  virtual void play () {
    int draw = randomize();
    int ranged = randomize(0, 8);
    digest(draw, ranged);
    if (round() == 0) {
      check();
      bad_instructions();
      own.srandomize(me());
    }
    const char* bad = getenv("ARENA_WASTELAND_BAD");
    if (bad and round() == 1) bad_argument(bad);

    vector<Dir> dirs = {UP, DEFAULT, DOWN, SLOW_UP, SLOW, SLOW_DOWN, FAST_UP, FAST, FAST_DOWN};
    for (Car_Id id = begin(me()); id != end(me()); ++id) {
      Car c = car(id);
      if (not c.alive) continue;
      if (c.nb_miss > 0 and own.randomize(0, 9) == 0) {
        shoot(id);
      } else {
        Dir d = dirs[own.randomize(0, 8)];
        if (within_window(c.pos + d, round() + 1)) move(id, d);
      }
    }
  }
};

RegisterPlayer(PLAYER_NAME);
