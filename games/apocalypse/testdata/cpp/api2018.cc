// A test player for the 2018 API (cpp_test.go): it calls every public name
// of the original's API, checks what a wrong argument gives ("check" lines
// on cerr), and prints a hash of everything it sees each round ("view"
// lines), which a Go twin computes with the Go SDK. Its commands are all
// refused but in the last round, so the match is a Null's until then.
#include "Player.hh"

#define PLAYER_NAME Surface

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  unsigned long long h;

  void mix (long long v) {
    h ^= (unsigned long long)v;
    h *= 1099511628211ULL;
  }

  void mix_unit (int id) {
    Data d = data(id);
    mix(d.id); mix(d.type); mix(d.player); mix(d.pos.i); mix(d.pos.j);
    mix(d.life); mix(d.orientation); mix(d.napalm);
    mix(d.parachuters.size());
    for (int r : d.parachuters) mix(r);
  }

  // The hash of the view: the Go twin mixes the same values in the same order.
  void hash_view () {
    h = 1469598103934665603ULL;
    mix(round()); mix(me()); mix(nb_players()); mix(nb_rounds());
    for (int pl = 0; pl < nb_players(); ++pl) {
      mix(total_score(pl));
      mix(status(pl) < 0 ? -1 : 0);
    }
    for (int i = 0; i < MAX; ++i)
      for (int j = 0; j < MAX; ++j) {
        mix(what(i, j)); mix(fire_time(i, j)); mix(which_soldier(i, j));
        mix(which_helicopter(i, j)); mix(post_owner(i, j)); mix(post_value(i, j));
      }
    for (int pl = 0; pl < nb_players(); ++pl) {
      vector<int> s = soldiers(pl);
      mix(s.size());
      for (int id : s) mix_unit(id);
      vector<int> hs = helicopters(pl);
      mix(hs.size());
      for (int id : hs) mix_unit(id);
    }
    vector<Post> ps = posts();
    for (const Post& p : ps) { mix(p.player); mix(p.pos.i); mix(p.pos.j); mix(p.value); }
    mix(random(0, 999999));
    for (int x : random_permutation(5)) mix(x);
    cerr << "view " << round() << " " << h << endl;
  }

  template <class T> void check (const char* what, T v) {
    cerr << "check " << what << " = " << v << endl;
  }

  // Every other name of the API, once, and the wrong arguments.
  void surface () {
    int lands[] = {FOREST, GRASS, WATER, MOUNTAIN, SOLDIER, HELICOPTER,
                   FORWARD1, FORWARD2, COUNTER_CLOCKWISE, CLOCKWISE, NAPALM};
    int sum = 0;
    for (int x : lands) sum += x;
    check("constants", sum);
    // The parameters' constants, by the statement's names.
    check("NUM_PLAYERS", NUM_PLAYERS); check("GAME_ROUNDS", GAME_ROUNDS); check("MAX", MAX);
    check("NUM_SOLDIERS", NUM_SOLDIERS); check("NUM_HELICOPTERS", NUM_HELICOPTERS);
    check("NUM_POSTS", NUM_POSTS); check("LIFE", LIFE); check("FOREST_DAMAGE", FOREST_DAMAGE);
    check("GRASS_DAMAGE", GRASS_DAMAGE); check("ROUNDS_NAPALM", ROUNDS_NAPALM); check("REACH", REACH);
    check("FOREST_BURNS", FOREST_BURNS); check("OTHER_BURNS", OTHER_BURNS); check("PROB_FIRE", PROB_FIRE);
    check("ROUNDS_JUMP", ROUNDS_JUMP); check("MAX_JUMP", MAX_JUMP); check("HIGH_VALUE", HIGH_VALUE);
    check("LOW_VALUE", LOW_VALUE);
    check("min(MAX, 100)", min(MAX, 100));
    check("Settings::MAX", Settings::MAX);
    check("version", version());
    check("nb_players", nb_players());
    check("player_ok(3)", player_ok(3));
    check("player_ok(4)", player_ok(4));
    check("pos_ok(59, 0)", pos_ok(59, 0));
    check("pos_ok(Position(60, 0))", pos_ok(Position(60, 0)));

    Position a(3, 4), b(0), c;
    c = a;
    check("Position !=", (a != b) + 2 * (a != c));
    Post p(1, 2, 3, 50), q(0), r(p);
    q = p;
    Post u;
    u = q;
    check("Post !=", (p != Post(0)) + 2 * (q != r));
    Data d(7, SOLDIER, 2, 3, 4, 100, -1, -1, vector<int>()), e;
    check("Data !=", (d != e) + 2 * (NUL != NUL));
    check("NUL.id", NUL.id);

    check("Info::code", string(Info::code, 5));
    check("ok", ok());
    istringstream none;
    read_grid(none);

    check("int_to_string", int_to_string(-42));
    check("double_to_string", double_to_string(0.5));
    check("string_to_int", string_to_int("17"));
    _my_assert(round() == 0, "round 0");
    if (round() < 0) _unreachable();

    // Wrong arguments: a warning and a default.
    check("what(-1, 0)", what(-1, 0));
    check("fire_time(60, 0)", fire_time(60, 0));
    check("which_soldier(0, 60)", which_soldier(0, 60));
    check("which_helicopter(-5, -5)", which_helicopter(-5, -5));
    check("post_owner(70, 1)", post_owner(70, 1));
    check("post_value(1, 70)", post_value(1, 70));
    check("soldiers(4).size()", soldiers(4).size());
    check("helicopters(-1).size()", helicopters(-1).size());
    check("data(0).player", data(0).player);
    check("total_score(9)", total_score(9));
    check("status(-2)", status(-2));
    check("random(5, 3)", random(5, 3));
    check("random(0, 2000000)", random(0, 2000000));
    check("random_permutation(-1).size()", random_permutation(-1).size());

    // Refused commands: a warning each (and the host counts them).
    int mine = soldiers(me())[0];
    int enemy = soldiers((me() + 1) % 4)[0];
    int heli = helicopters(me())[0];
    Data m = data(mine);
    command_soldier(99999, 1, 1);
    command_soldier(enemy, 1, 1);
    command_soldier(heli, 1, 1);
    command_soldier(mine, m.pos.i + 2, m.pos.j);
    command_helicopter(99999, FORWARD1);
    command_helicopter(mine, FORWARD1);
    command_helicopter(heli, 9);
    command_parachuter(0, 0);
    command_parachuter(-1, -1);
    // The unchecked commands of Action: no warning, the host refuses them.
    Action::command_soldier(99998, 0, 0);
    Action::command_helicopter(99998, NAPALM);
    Action::command_parachuter(0, 0);
  }

  virtual void play () {
    hash_view();
    if (round() == 0) surface();
    if (round() == nb_rounds() - 1) {
      // A valid command, then a second one to the same helicopter.
      int heli = helicopters(me())[0];
      command_helicopter(heli, CLOCKWISE);
      command_helicopter(heli, CLOCKWISE);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
