#include "Player.hh"

using namespace std;

/**
 * Write the name of your player and save this file
 * as AI<name>.cc
 */
#define PLAYER_NAME Cautious

// Cada cotxe va al bonus més proper (BFS). Només fa moviments d'una casella
// (res de FAST): els moviments ràpids passen per massa caselles.

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  struct Info {
    int dist;
    Dir first_move;
  };

  vector<Dir> moves;

  int columna(const Pos& p) {
    int u = number_universe_columns();
    int j = second(p) % u;
    if (j < 0) j += u;
    return j;
  }

  bool es_bonus(const Pos& p) {
    CType t = cell(p).type;
    return t == WATER_BONUS or t == GAS_BONUS or t == MISSILE_BONUS;
  }

  bool es_obstacle(const Pos& p) {
    CType t = cell(p).type;
    return t == TYRE or t == CAR or t == MISSILE;
  }

  // Es pot anar de p a p + d sense xocar amb res?
  bool lliure(const Pos& p, Dir d) {
    if (d == SLOW) return true;
    if (d == SLOW_UP or d == SLOW_DOWN) return not es_obstacle(p + d);
    // UP, DEFAULT, DOWN passen per la casella del davant
    if (es_obstacle(p + DEFAULT)) return false;
    if (d == DEFAULT) return true;
    Dir lateral = (d == UP ? SLOW_UP : SLOW_DOWN);
    return not es_obstacle(p + lateral) and not es_obstacle(p + d);
  }

  bool bfs(const Pos& ini, Dir& res) {
    vector<vector<Info>> vis(number_rows(), vector<Info>(number_universe_columns(), {-1, SLOW}));
    queue<Pos> Q;
    Q.push(ini);
    vis[first(ini)][columna(ini)] = {0, SLOW};
    while (not Q.empty()) {
      Pos p = Q.front();
      Q.pop();
      Info inf = vis[first(p)][columna(p)];
      if (inf.dist > 0 and es_bonus(p)) {
        res = inf.first_move;
        return true;
      }
      for (Dir d : moves) {
        if (d == SLOW) continue;
        Pos q = p + d;
        if (not within_window(q, round() + 1 + inf.dist)) continue;
        if (vis[first(q)][columna(q)].dist != -1) continue;
        if (not lliure(p, d)) continue;
        vis[first(q)][columna(q)] = {inf.dist + 1, inf.dist == 0 ? d : inf.first_move};
        Q.push(q);
      }
    }
    return false;
  }

  virtual void play () {
    if (round() == 0) moves = {DEFAULT, UP, DOWN, SLOW_UP, SLOW_DOWN, SLOW};

    for (Car_Id id = begin(me()); id != end(me()); ++id) {
      Car c = car(id);
      if (not c.alive) continue;
      Dir d;
      if (bfs(c.pos, d)) {
        move(id, d);
        continue;
      }
      // cap bonus a l'abast: el primer moviment segur
      for (Dir x : moves)
        if (within_window(c.pos + x, round() + 1) and lliure(c.pos, x)) {
          move(id, x);
          break;
        }
    }
  }
};

/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
