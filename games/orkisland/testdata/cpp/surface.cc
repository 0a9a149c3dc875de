// The API surface: a player that calls every public name of the original
// Ork Island API (cpp-api.md §1). Every round it writes on cerr a hash of
// all it sees, which the test compares with the engine's state; in round 0
// it also writes its first random draws and what bad arguments return.
// Test lines start with "check " or "round ".
#include "Player.hh"

#define PLAYER_NAME Surface

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  unsigned long long h;

  void mix (long long v) { h = h*1000003ULL + (unsigned long long)v; }

  void check (const string& what, const string& value) {
    cerr << "check " << what << " = " << value << endl;
  }

  string str (const Cell& c) {
    ostringstream os;
    os << int(c.type) << " " << c.unit_id << " " << c.city_id << " " << c.path_id;
    return os.str();
  }

  string str (const Unit& u) {
    ostringstream os;
    os << u.id << " " << u.player << " " << u.pos << " " << u.health;
    return os.str();
  }

  // The hash of everything State shows, in the order the test computes it.
  unsigned long long state_hash () {
    h = 0;
    mix(round());
    for (int pl = 0; pl < nb_players(); ++pl) {
      mix(total_score(pl));
      mix(llround(status(pl)*1e6));
    }
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < (i % 2 ? cols() : columns()); ++j) {
        Cell c = (i + j) % 2 ? cell(i, j) : cell(Pos(i, j));
        mix(c.type), mix(c.unit_id), mix(c.city_id), mix(c.path_id);
      }
    for (int id = 0; id < nb_units(); ++id) {
      Unit u = unit(id);
      mix(u.id), mix(u.player), mix(u.pos.i), mix(u.pos.j), mix(u.health);
    }
    for (int id = 0; id < nb_cities(); ++id) {
      City c = city(id);
      mix(city_owner(id)), mix(c.size());
      for (Pos p : c) mix(p.i), mix(p.j);
    }
    for (int id = 0; id < nb_paths(); ++id) {
      Path p = path(id);
      mix(path_owner(id)), mix(p.first.first), mix(p.first.second), mix(p.second.size());
      for (Pos q : p.second) mix(q.i), mix(q.j);
    }
    for (int pl = 0; pl < nb_players(); ++pl) {
      vector<int> v = orks(pl);
      mix(v.size());
      for (int id : v) mix(id);
    }
    return h;
  }

  // The board in the original's file format, read back with read_grid.
  void check_read_grid () {
    ostringstream os;
    for (int j = 0; j < cols(); ++j) os << j/10;
    os << "\n";
    for (int j = 0; j < cols(); ++j) os << j%10;
    os << "\n";
    for (int i = 0; i < rows(); ++i) {
      os << i << " ";
      for (int j = 0; j < cols(); ++j) os << CellType2char(cell(i, j).type);
      os << "\n";
    }
    os << "cities " << nb_cities() << "\n";
    for (int k = 0; k < nb_cities(); ++k) {
      os << city(k).size();
      for (Pos p : city(k)) os << " " << p.i << " " << p.j;
      os << "\n";
    }
    os << "paths " << nb_paths() << "\n";
    for (int k = 0; k < nb_paths(); ++k) {
      Path p = path(k);
      os << p.first.first << " " << p.first.second << " " << p.second.size();
      for (Pos q : p.second) os << " " << q.i << " " << q.j;
      os << "\n";
    }
    Info copy = *this;
    istringstream is(os.str());
    copy.read_grid(is);
    bool same = copy.nb_cities() == nb_cities() and copy.nb_paths() == nb_paths();
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) {
        Cell a = copy.cell(i, j), b = cell(i, j);
        same = same and a.type == b.type and a.city_id == b.city_id and a.path_id == b.path_id and a.unit_id == -1;
      }
    check("read_grid", same ? "same" : "different");
  }

  void round_zero () {
    // The first draws, before any other: the test draws them in Go.
    ostringstream os;
    for (int k = 0; k < 5; ++k) os << random(0, 99) << " ";
    for (int x : random_permutation(7)) os << x << " ";
    os << random(-3, -3);
    check("draws", os.str());

    os.str("");
    os << Settings::version() << " " << GAME_NAME << " " << VERSION << " " << nb_players() << " " << rows() << " "
       << cols() << " " << nb_rounds() << " " << initial_health() << " " << nb_orks() << " " << cost_grass() << " "
       << cost_forest() << " " << cost_sand() << " " << cost_city() << " " << cost_path() << " "
       << bonus_per_city_cell() << " " << bonus_per_path_cell() << " " << factor_connected_component();
    check("settings", os.str());
    os.str("");
    for (int t = GRASS; t != CELL_TYPE_SIZE; ++t) os << cost(CellType(t)) << " ";
    check("costs", os.str());
    check("me", int_to_string(me()) + " " + int_to_string(string_to_int("42 orks")));
    check("player_ok", int_to_string(player_ok(0)) + int_to_string(player_ok(3)) + int_to_string(player_ok(4)) +
                       int_to_string(player_ok(-1)));
    check("pos_ok", int_to_string(pos_ok(0, 0)) + int_to_string(pos_ok(rows() - 1, cols() - 1)) +
                    int_to_string(pos_ok(rows(), 0)) + int_to_string(pos_ok(Pos(0, -1))));

    // Structs.
    Pos p(3, 4), q = p + BOTTOM;
    q += RIGHT;
    q += Pos(-1, 1);
    Pos r = q + Pos(1, 1) + TOP + LEFT + NONE;
    r += DIR_SIZE;  // not a direction: no move
    os.str("");
    os << p << " " << q << " " << r << " " << Pos() << " " << (p == Pos(3, 4)) << (p != q) << (p < q) << (q < p)
       << " " << dir_ok(NONE) << dir_ok(DIR_SIZE) << dir_ok(BOTTOM);
    check("pos", os.str());
    os.str("");
    string letters = {wATER, gRASS, fOREST, sAND, cITY, pATH};
    for (char c : letters) os << char2CellType(c) << CellType2char(char2CellType(c));
    os << CellType2char(CELL_TYPE_SIZE) << " " << str(Cell()) << " " << str(Cell(SAND, 1, 2, 3)) << " "
       << str(Unit()) << " " << str(Unit(5, 2)) << " " << str(Unit(5, 2, Pos(1, 1), 9));
    check("structs", os.str());
    _my_assert(nb_units() == nb_players()*nb_orks(), "units");
    if (nb_units() < 0) _unreachable();

    // Bad arguments: a warning on cerr and the original's default.
    check("cell(-1, 5)", str(cell(-1, 5)));
    check("cell(Pos(0, cols()))", str(cell(Pos(0, cols()))));
    check("total_score(4)", int_to_string(total_score(4)));
    os.str("");
    os << status(-1);
    check("status(-1)", os.str());
    check("unit(999)", str(unit(999)));
    check("unit(-1)", str(unit(-1)));
    check("city(-1)", int_to_string(city(-1).size()));
    check("city_owner(nb_cities())", int_to_string(city_owner(nb_cities())));
    Path bad = path(1000);
    check("path(1000)", int_to_string(bad.first.first) + " " + int_to_string(bad.first.second) + " " +
                        int_to_string(bad.second.size()));
    check("path_owner(-2)", int_to_string(path_owner(-2)));
    check("orks(7)", int_to_string(orks(7).size()));
    check("cost(WATER)", int_to_string(cost(WATER)));
    check("random(5, 3)", int_to_string(random(5, 3)));
    check("random(0, 2000000)", int_to_string(random(0, 2000000)));
    check("random_permutation(-1)", int_to_string(random_permutation(-1).size()));

    Player* other = Registry::new_player("Surface");
    check("new_player", other != 0 and other != this ? "another" : "none");
    delete other;
    Registry::Factory f = PLAYER_NAME::factory;
    delete f();
    ostringstream names;
    Registry::print_players(names);
    check("players", names.str());
    check_read_grid();
  }

  virtual void play () {
    if (round() == 0) round_zero();
    cerr << "round " << round() << " hash " << state_hash() << " ok " << ok() << endl;
    // Orders: each ork a random step, the first one twice (a warning).
    vector<int> mine = orks(me());
    for (int id : mine) execute(Command(id, Dir(random(0, 4))));
    if (not mine.empty() and round() == 1) execute(Command(mine[0], NONE));
  }
};

RegisterPlayer(PLAYER_NAME);
