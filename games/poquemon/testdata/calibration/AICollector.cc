#include "Player.hh"

using namespace std;


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Collector


// Va a buscar el bonus més proper, sigui del tipus que sigui (les pedres i
// els bonus d'atac i defensa també fan falta), i ataca qui tingui a tret si
// el pot matar.
struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  typedef vector<int> VI;
  typedef vector<VI> VVI;

  const int INF = 1e9;
  Dir DIRS[4] = {Top, Bottom, Left, Right};

  bool es_pot_passar (Pos p) {
    return pos_ok(p) and cell_type(p) != Wall and cell_id(p) == -1;
  }

  // distàncies des de p a totes les caselles
  VVI distancies (Pos p) {
    VVI d(rows(), VI(cols(), INF));
    queue<Pos> Q;
    d[p.i][p.j] = 0;
    Q.push(p);
    while (not Q.empty()) {
      Pos x = Q.front(); Q.pop();
      for (int k = 0; k < 4; ++k) {
        Pos y = dest(x, DIRS[k]);
        if (es_pot_passar(y) and d[y.i][y.j] == INF) {
          d[y.i][y.j] = d[x.i][x.j] + 1;
          Q.push(y);
        }
      }
    }
    return d;
  }

  bool ataca (const Poquemon& p) {
    for (int k = 0; k < 4; ++k) {
      Pos q = p.pos;
      for (int s = 1; s <= p.scope; ++s) {
        q = dest(q, DIRS[k]);
        if (cell_type(q) == Wall) break;
        int id = cell_id(q);
        if (id != -1) {
          if (poquemon(id).defense <= p.attack) {
            attack(DIRS[k]);
            return true;
          }
          break;
        }
      }
    }
    return false;
  }

  /**
   * Play method, invoked once per round.
   */
  virtual void play () {
    const Poquemon& p = poquemon(me());
    if (not p.alive) return;
    if (ataca(p)) return;

    // el bonus més proper
    VVI d = distancies(p.pos);
    Pos objectiu = p.pos;
    int millor = INF;
    for (int i = 0; i < rows(); ++i)
      for (int j = 0; j < cols(); ++j)
        if (cell_type(i, j) != Empty and cell_type(i, j) != Wall and d[i][j] < millor) {
          millor = d[i][j];
          objectiu = Pos(i, j);
        }
    if (millor == INF) {
      move(DIRS[randomize() % 4]);
      return;
    }

    // tornem enrere des de l'objectiu fins al primer pas
    Pos x = objectiu;
    while (d[x.i][x.j] > 1) {
      for (int k = 0; k < 4; ++k) {
        Pos y = dest(x, DIRS[k]);
        if (pos_ok(y) and d[y.i][y.j] == d[x.i][x.j] - 1) {
          x = y;
          break;
        }
      }
    }
    for (int k = 0; k < 4; ++k)
      if (dest(p.pos, DIRS[k]) == x) move(DIRS[k]);
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
