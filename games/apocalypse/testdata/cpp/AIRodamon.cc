#include "Player.hh"

using namespace std;


/**
 * Un jugador a l'estil dels estudiants de Redux: només Player.hh, un BFS
 * cap als posts amb queue<Posicio>, els typedefs VE i MEE, un atzar propi,
 * missatges per cerr i per cout.
 */
#define PLAYER_NAME Rodamon


const int X[8] = { 1, 1, 0, -1, -1, -1,  0,  1 };
const int Y[8] = { 0, 1, 1,  1,  0, -1, -1, -1 };


struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  atzar dau;
  MEE objectiu;  // soldat -> índex del post on va

  bool caminable (int x, int y) {
    return valid(x, y) and (que(x, y) == BOSC or que(x, y) == GESPA) and temps_foc(x, y) == 0;
  }

  // Distàncies des de (x0, y0) a totes les caselles.
  VVE bfs (int x0, int y0) {
    VVE dist(MAX, VE(MAX, -1));
    queue<Posicio> q;
    q.push(Posicio(x0, y0));
    dist[x0][y0] = 0;
    while (not q.empty()) {
      Posicio p = q.front(); q.pop();
      for (int k = 0; k < 8; ++k) {
        int x = p.x + X[k], y = p.y + Y[k];
        if (caminable(x, y) and dist[x][y] < 0) {
          dist[x][y] = dist[p.x][p.y] + 1;
          q.push(Posicio(x, y));
        }
      }
    }
    return dist;
  }

  void juga_soldats (int equip) {
    VP2 ps = posts();
    vector<VVE> dist;
    for (int k = 0; k < (int)ps.size(); ++k) dist.push_back(bfs(ps[k].pos.x, ps[k].pos.y));
    VE S = soldats(equip);
    VE ordre = permutacio(S.size());
    for (int r = 0; r < (int)S.size(); ++r) {
      int id = S[ordre[r]];
      Info in = dades(id);
      bool fet = false;
      for (int k = 0; k < 8 and not fet; ++k) {
        int x = in.pos.x + X[k], y = in.pos.y + Y[k];
        int altre = quin_soldat(x, y);
        if (altre > 0 and dades(altre).equip != equip) {
          ordena_soldat(id, x, y);
          fet = true;
        }
      }
      if (fet or de_qui_post(in.pos.x, in.pos.y) == equip) continue;
      int millor = -1, d = 1 << 30;
      for (int k = 0; k < (int)ps.size(); ++k) {
        int dk = dist[k][in.pos.x][in.pos.y];
        if (ps[k].equip != equip and dk >= 0 and dk < d) d = dk, millor = k;
      }
      if (millor < 0) continue;
      objectiu[id] = millor;
      for (int k = 0; k < 8; ++k) {
        int x = in.pos.x + X[k], y = in.pos.y + Y[k];
        if (caminable(x, y) and quin_soldat(x, y) == 0 and dist[millor][x][y] >= 0 and dist[millor][x][y] < d) {
          ordena_soldat(id, x, y);
          break;
        }
      }
    }
  }

  void juga_helis (int equip) {
    int saltats = 0;
    for (int id : helis(equip)) {
      Info h = dades(id);
      for (int i = 0; i < (int)h.paraca.size() and saltats < MAX_BAIXEN; ++i) {
        int x = h.pos.x + dau.uniforme(-ABAST, ABAST);
        int y = h.pos.y + dau.uniforme(-ABAST, ABAST);
        if (caminable(x, y) and quin_soldat(x, y) == 0) {
          ordena_paracaigudista(x, y);
          ++saltats;
        }
      }
      if (probabilitat(0.2)) ordena_helicopter(id, RELLOTGE);
      else ordena_helicopter(id, AVANCA2);
    }
  }

  virtual void play () {
    int equip = qui_soc();
    cout << "cout: round " << quin_torn() << endl;
    if (quin_torn() % 50 == 0)
      cerr << "cerr: " << nom(equip) << " te " << soldats(equip).size() << " soldats i " << puntuacio(equip) << " punts" << endl;
    juga_helis(equip);
    juga_soldats(equip);
  }
};


RegisterPlayer(PLAYER_NAME);
