#include "Player.hh"

using namespace std;


/**
 * Escriu el nom del teu jugador i guarda
 * aquest fitxer amb el nom AI*.cc
 */
#define PLAYER_NAME Dummy


// El Dummy de Redux, el rival que cal superar per classificar-se: fa el
// mateix que el Dummy d'Arena en Go per a Redux (les mateixes ordres i
// tirades a l'atzar), i per tant tots dos juguen la mateixa partida. Cada
// torn:
//  - un soldat al costat d'un enemic l'ataca (primer el que és a la gespa,
//    on els cops fan més mal, i el més feble);
//  - un soldat sobre un post nostre s'hi queda i el guarda;
//  - els altres caminen (en amplada, evitant aigua, muntanya, foc i bosc
//    al costat de bosc que crema) cap als posts que no són nostres, dos per
//    post, primer els més propers;
//  - els helicòpters llencen paracaigudistes sobre posts lliures que no són
//    nostres (presos de seguida), després sobre posts nostres sense guarda,
//    després prop de posts per prendre; un que està a punt de caducar salta
//    on sigui segur abans que passi a un enemic; tiren napalm sobre dos
//    enemics o més si no hi ha cap soldat nostre a sota; si no, volen com el
//    Demo.

struct PLAYER_NAME : public Player {


  /**
   * Factory: retorna una nova instància d'aquesta classe.
   * No toqueu aquesta funció.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }


  /**
   * Els atributs dels vostres jugadors es poden definir aquí.
   */

  // Els vuit passos d'un soldat: primer al sud, i després en sentit
  // contrari a les agulles del rellotge.
  static constexpr int DX[8] = { 1, 1, 0, -1, -1, -1,  0,  1 };
  static constexpr int DY[8] = { 0, 1, 1,  1,  0, -1, -1, -1 };

  int n = 0;
  vector<bool> obert;       // per casella: un soldat hi pot anar sense perill
  vector<bool> aterra;      // per casella: hi salta un paracaigudista nostre aquest torn
  vector<VE> dist;          // per post: passos des de cada casella, -1 si no s'hi arriba

  // Si un soldat pot estar a (x, y) sense morir ara o aviat: bosc o gespa
  // sense foc, i cap bosc al costat d'un bosc que crema.
  bool segur (int x, int y) const {
    int t = que(x, y);
    if ((t != BOSC and t != GESPA) or temps_foc(x, y) > 0) return false;
    if (t == BOSC) {
      const int dx[4] = { 1, -1, 0, 0 };
      const int dy[4] = { 0, 0, 1, -1 };
      for (int k = 0; k < 4; ++k)
        if (que(x + dx[k], y + dy[k]) == BOSC and temps_foc(x + dx[k], y + dy[k]) > 0) return false;
    }
    return true;
  }

  // Omple d amb els passos des de la casella c fins a cada casella oberta.
  void bfs (int c, VE& d) const {
    d.assign(n*n, -1);
    int x0 = c/n, y0 = c%n;
    if (x0 <= 0 or y0 <= 0 or x0 >= n - 1 or y0 >= n - 1) return;
    d[c] = 0;
    vector<int> cua(1, c);
    for (int h = 0; h < int(cua.size()); ++h) {
      int a = cua[h];
      for (int k = 0; k < 8; ++k) {
        int b = a + DX[k]*n + DY[k];
        if (obert[b] and d[b] < 0) {
          d[b] = d[a] + 1;
          cua.push_back(b);
        }
      }
    }
  }

  // On poden anar els soldats, i les distàncies a cada post.
  void explora () {
    VP2 P = posts();
    n = arena_board_size();
    obert.assign(n*n, false);
    aterra.assign(n*n, false);
    for (int c = 0; c < n*n; ++c) {
      int x = c/n, y = c%n;
      obert[c] = x > 0 and y > 0 and x < n - 1 and y < n - 1 and segur(x, y);
    }
    dist.assign(P.size(), VE());
    for (int k = 0; k < int(P.size()); ++k) bfs(P[k].pos.x*n + P[k].pos.y, dist[k]);
  }

  // El post de (x, y): el seu equip (-1 ningú), o -2 si no n'hi ha.
  int amo (int x, int y) const {
    int e = de_qui_post(x, y);
    return e == 0 ? -2 : e;
  }

  // Si un soldat a la casella c quedaria a 8 passos o menys d'un post que
  // no és nostre.
  bool prop_post (int c, int jo) const {
    VP2 P = posts();
    for (int k = 0; k < int(P.size()); ++k)
      if (P[k].equip != jo and dist[k][c] >= 0 and dist[k][c] <= 8) return true;
    return false;
  }

  // Llença fins a limit paracaigudistes de l'helicòpter h; retorna quants.
  int llenca (const Info& h, int jo, int limit) {
    int queden = min(int(h.paraca.size()), limit);
    int caduquen = 0;
    for (int r : h.paraca)
      if (r <= 1) ++caduquen;
    int saltats = 0;
    for (int pas = 0; pas < 4 and saltats < queden; ++pas)
      for (int x = h.pos.x - 2; x <= h.pos.x + 2 and saltats < queden; ++x)
        for (int y = h.pos.y - 2; y <= h.pos.y + 2 and saltats < queden; ++y) {
          int c = x*n + y;
          if (not obert[c] or aterra[c] or quin_soldat(x, y) != 0) continue;
          int a = amo(x, y);
          bool ok = false;
          if (pas == 0) ok = a != -2 and a != jo;
          else if (pas == 1) ok = a == jo;
          else if (pas == 2) ok = prop_post(c, jo);
          else ok = saltats < caduquen;
          if (ok) {
            ordena_paracaigudista(x, y);
            aterra[c] = true;
            ++saltats;
          }
        }
    return saltats;
  }

  // Napalm sobre dos enemics o més si no hi ha cap soldat nostre a sota; si
  // no, vola com el Demo.
  int vol (const Info& h, int jo) {
    if (h.napalm == 0) {
      int meus = 0, enemics = 0;
      for (int dx = -2; dx <= 2; ++dx)
        for (int dy = -2; dy <= 2; ++dy) {
          int id = quin_soldat(h.pos.x + dx, h.pos.y + dy);
          if (id > 0) {
            if (dades(id).equip == jo) ++meus;
            else ++enemics;
          }
        }
      if (enemics >= 2 and meus == 0) return NAPALM;
    }
    return uniforme(1, 5) == 1 ? CONTRA_RELLOTGE : AVANCA2;
  }

  // L'enemic del costat a atacar (primer a la gespa, i el més feble), o
  // (-1, -1) si no n'hi ha cap.
  Posicio ataca (const Info& s) const {
    Posicio millor(-1, -1);
    int punts = 0;
    for (int k = 0; k < 8; ++k) {
      int x = s.pos.x + DX[k], y = s.pos.y + DY[k];
      int id = quin_soldat(x, y);
      if (id <= 0) continue;
      Info e = dades(id);
      if (e.equip == s.equip) continue;
      int p = 1000 - e.vida + (que(x, y) == GESPA ? 1000 : 0);
      if (millor.x < 0 or p > punts) {
        millor = Posicio(x, y);
        punts = p;
      }
    }
    return millor;
  }

  // Els soldats ataquen, guarden o caminen.
  void soldats_juguen (int jo) {
    VP2 P = posts();
    vector<Info> caminants;
    for (int id : soldats(jo)) {
      Info s = dades(id);
      Posicio a = ataca(s);
      if (a.x >= 0) {
        ordena_soldat(id, a.x, a.y);
        continue;
      }
      if (de_qui_post(s.pos.x, s.pos.y) == jo) continue;  // guarda el post
      caminants.push_back(s);
    }
    // Cobdiciós: el caminant i el post no nostre més propers, dos per post.
    VE carrega(P.size(), 0), meta(caminants.size(), -1);
    for (int vegada = 0; vegada < int(caminants.size()); ++vegada) {
      int millor = -1, mw = 0, mk = 0;
      for (int w = 0; w < int(caminants.size()); ++w) {
        if (meta[w] >= 0) continue;
        int c = caminants[w].pos.x*n + caminants[w].pos.y;
        for (int k = 0; k < int(P.size()); ++k) {
          int d = dist[k][c];
          if (P[k].equip == jo or carrega[k] >= 2 or d < 0) continue;
          if (millor < 0 or d < millor) millor = d, mw = w, mk = k;
        }
      }
      if (millor < 0) break;
      meta[mw] = mk;
      ++carrega[mk];
    }
    for (int w = 0; w < int(caminants.size()); ++w) {
      const Info& s = caminants[w];
      int k = meta[w];
      if (k < 0) {
        // Res per prendre: un pas segur a l'atzar.
        int x = s.pos.x + uniforme(-1, 1);
        int y = s.pos.y + uniforme(-1, 1);
        if (obert[x*n + y] and quin_soldat(x, y) == 0) ordena_soldat(s.id, x, y);
        continue;
      }
      const VE& d = dist[k];
      int md = d[s.pos.x*n + s.pos.y], mx = -1, my = -1;
      for (int q = 0; q < 8; ++q) {
        int x = s.pos.x + DX[q], y = s.pos.y + DY[q];
        int c = x*n + y;
        if (d[c] < 0 or d[c] >= md or not obert[c] or quin_soldat(x, y) != 0) continue;
        md = d[c], mx = x, my = y;
      }
      if (mx >= 0) ordena_soldat(s.id, mx, my);
    }
  }


  /**
   * Mètode play.
   *
   * Aquest mètode serà invocat una vegada cada torn.
   */
  virtual void play () {
    int jo = qui_soc();
    explora();
    int salts = 0;
    for (int id : helis(jo)) {
      Info h = dades(id);
      salts += llenca(h, jo, MAX_BAIXEN - salts);
      ordena_helicopter(id, vol(h, jo));
    }
    soldats_juguen(jo);
  }

};

constexpr int PLAYER_NAME::DX[8];
constexpr int PLAYER_NAME::DY[8];


/**
 * No toqueu aquesta línia.
 */
RegisterPlayer(PLAYER_NAME);
