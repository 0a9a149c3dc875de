// State.hh: what a player sees of the match, decoded from the host's
// frames (arena/apocalypse.hh). Queries with a wrong argument warn on cerr
// and return a default, as in the original.
#ifndef State_hh
#define State_hh

#include "Structs.hh"
#include "arena/apocalypse.hh"

class State {
 public:
  // The round being played, from 0.
  int round() const { return arena_view_.round; }

  // The land at (i, j): FOREST, GRASS, WATER or MOUNTAIN; -1 off the board.
  int what(int i, int j) const {
    if (not arena_view_.pos_ok(i, j)) return arena_bad_cell("what", i, j);
    return arena_view_.land[i * arena_view_.n + j];
  }

  // The rounds fire will (at least) still burn at (i, j): 0 none; -1 off the board.
  int fire_time(int i, int j) const {
    if (not arena_view_.pos_ok(i, j)) return arena_bad_cell("fire_time", i, j);
    return arena_view_.fire[i * arena_view_.n + j];
  }

  // The id of the soldier at (i, j): 0 none; -1 off the board.
  int which_soldier(int i, int j) const {
    if (not arena_view_.pos_ok(i, j)) return arena_bad_cell("which_soldier", i, j);
    return arena_view_.soldier_at[i * arena_view_.n + j];
  }

  // The id of the helicopter centred at (i, j): 0 none; -1 off the board.
  int which_helicopter(int i, int j) const {
    if (not arena_view_.pos_ok(i, j)) return arena_bad_cell("which_helicopter", i, j);
    return arena_view_.heli_at[i * arena_view_.n + j];
  }

  // The player holding the post at (i, j): -2 no post; -1 nobody yet, or off the board.
  int post_owner(int i, int j) const {
    if (not arena_view_.pos_ok(i, j)) return arena_bad_cell("post_owner", i, j);
    int k = arena_view_.post_at[i * arena_view_.n + j];
    return k < 0 ? -2 : arena_view_.posts[k].owner;
  }

  // The value of the post at (i, j): -2 no post; -1 off the board.
  int post_value(int i, int j) const {
    if (not arena_view_.pos_ok(i, j)) return arena_bad_cell("post_value", i, j);
    int k = arena_view_.post_at[i * arena_view_.n + j];
    return k < 0 ? -2 : arena_view_.posts[k].value;
  }

  // The ids of player pl's soldiers, increasing; empty for a wrong player.
  vector<int> soldiers(int pl) const {
    if (pl < 0 or pl >= arena_view_.np) return arena_bad_player("soldiers", pl), vector<int>();
    return arena_view_.soldiers_of[pl];
  }

  // The ids of player pl's helicopters, increasing; empty for a wrong player.
  vector<int> helicopters(int pl) const {
    if (pl < 0 or pl >= arena_view_.np) return arena_bad_player("helicopters", pl), vector<int>();
    return arena_view_.helis_of[pl];
  }

  // Every post: owner, position and value.
  vector<Post> posts() const {
    vector<Post> v;
    v.reserve(arena_view_.posts.size());
    for (const arena::apocalypse::PostInfo& p : arena_view_.posts) v.push_back(Post(p.owner, p.i, p.j, p.value));
    return v;
  }

  // What is known of unit id; NUL (and a warning) if no unit has that id.
  Data data(int id) const {
    const arena::apocalypse::Unit* u = arena_view_.unit(id);
    if (not u) {
      cerr << "warning: data(int id) invoked with id = " << id << endl;
      return NUL;
    }
    return Data(u->id, u->type, u->player, u->i, u->j, u->life, u->orientation, u->napalm, u->para);
  }

  // Player pl's score so far; -1 for a wrong player.
  int total_score(int pl) const {
    if (pl < 0 or pl >= arena_view_.np) return arena_bad_player("total_score", pl), -1;
    return arena_view_.scores[pl];
  }

  // The fraction of its CPU budget player pl has used, from 0 to 1; -1 if
  // it is frozen, or for a wrong player.
  double status(int pl) const {
    if (pl < 0 or pl >= arena_view_.np) return arena_bad_player("status", pl), -1;
    return arena_view_.status[pl];
  }

 private:
  friend class Info;
  friend class Player;
  friend struct arena::apocalypse::Session;

  arena::apocalypse::View arena_view_;

  static int arena_bad_cell(const char* f, int i, int j) {
    cerr << "warning: " << f << "(int i, int j) invoked with i = " << i << " and j = " << j << endl;
    return -1;
  }
  static void arena_bad_player(const char* f, int pl) {
    cerr << "warning: " << f << "(int pl) invoked with pl = " << pl << endl;
  }
};

#endif
