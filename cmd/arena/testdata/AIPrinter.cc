#include "Player.hh"

// A player that debugs as students do: every round it examines every cell
// and writes a line about each to cout (ended with endl, each a flush),
// then moves its orks toward the first city it saw. BenchmarkPlayPrint
// plays it built to WebAssembly and natively.
#define PLAYER_NAME Printer

struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }

  virtual void play () {
    Pos city(-1, -1);
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j) {
        Cell c = cell(i, j);
        cout << "round " << round() << " cell " << i << " " << j << " type " << int(c.type)
             << " ork " << c.unit_id << endl;
        if (c.type == CITY and city.i < 0) city = Pos(i, j);
      }
    for (int id : orks(me())) {
      Pos p = unit(id).pos;
      Dir d = p.i < city.i ? BOTTOM : p.i > city.i ? TOP : p.j < city.j ? RIGHT : p.j > city.j ? LEFT : NONE;
      execute(Command(id, d));
    }
  }
};

RegisterPlayer(PLAYER_NAME);
