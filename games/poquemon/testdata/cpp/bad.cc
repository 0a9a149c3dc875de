// Bad arguments, one case per match (the environment's POQ_CASE says
// which), to check that the SDK answers them as the original does
// (cpp_test.go, TestCppBadArguments).
#include "Player.hh"

#define PLAYER_NAME Bad

struct PLAYER_NAME : public Player {
  static Player* factory() { return new PLAYER_NAME; }

  string which = getenv("POQ_CASE") ? getenv("POQ_CASE") : "";

  // A direction to an empty cell next to p.
  Dir free_dir(const Poquemon& p) {
    Dir ds[4] = {Top, Bottom, Left, Right};
    for (Dir d : ds)
      if (cell_type(dest(p.pos, d)) == Empty and cell_id(dest(p.pos, d)) == -1) return d;
    return None;
  }

  virtual void play() {
    const Poquemon& p = poquemon(me());
    if (round() != 2) return;
    cerr << "case " << which << endl;
    if (which == "status") cerr << status(nb_players()) << endl;
    if (which == "poquemon") cerr << poquemon(-1).id << endl;
    if (which == "cell_type") cerr << cell_type(-1, 0) << endl;
    if (which == "cell_type_pos") cerr << cell_type(Pos(rows(), 0)) << endl;
    if (which == "cell_id") cerr << cell_id(Pos(0, cols())) << endl;
    if (which == "randomize") cerr << randomize(3, 2) << endl;
    if (which == "outside") {
      cerr << "outside: " << points_value(Pos(-1, -1)) << " " << ghost_wall(Pos(-1, -1)) << " "
           << points_value(Pos(0, 0)) << " " << ghost_wall(Pos(rows(), cols())) << endl;
    }
    if (which == "twice") {
      Dir d = free_dir(p);
      cerr << "first " << d2c(d) << endl;
      move(d);
      attack(Top);
    }
    if (which == "baddir") {
      move(Dir(9));
      move(free_dir(p));
    }
    if (which == "notyours") move(me() * nb_poquemon() + nb_poquemon(), Top);
    cerr << "alive after " << which << endl;
  }
};

RegisterPlayer(PLAYER_NAME);
