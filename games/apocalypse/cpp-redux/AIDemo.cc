#include "Player.hh"

using namespace std;


/**
 * Escriu el nom del teu jugador i guarda
 * aquest fitxer amb el nom AI*.cc
 */
#define PLAYER_NAME Demo


// El Demo del curs Redux: només mostra com es fa servir l'API. Fa el mateix
// que el Demo d'Arena en Go per a Redux (les mateixes tirades a l'atzar, en
// el mateix ordre), i per tant tots dos juguen la mateixa partida. Per fer
// el vostre jugador, partiu d'AINull.cc.

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

  // Per a cada soldat vist, si és cíclic (si no, és caòtic).
  map<int, bool> ciclic;

  // Pas d'un soldat cíclic en la fase k (de quatre): -1, 0, 1 i 0.
  static int pas_cicle (int k) {
    return k == 3 ? 0 : k - 1;
  }

  // Un soldat, el primer cop que el veiem, és cíclic amb probabilitat 0.4.
  // Ataca el primer enemic del costat; si no n'hi ha cap, el cíclic camina
  // al nord, a l'est, al sud i a l'oest, cinc torns cada cop, i el caòtic fa
  // un pas a l'atzar (potser cap).
  void juga_soldat (int id) {
    if (ciclic.find(id) == ciclic.end()) ciclic[id] = probabilitat(0.4);
    Info s = dades(id);
    for (int k = 0; k < 8; ++k) {
      int x = s.pos.x + DX[k];
      int y = s.pos.y + DY[k];
      if (valid(x, y)) {
        int altre = quin_soldat(x, y);
        if (altre > 0 and dades(altre).equip != s.equip) {
          ordena_soldat(id, x, y);
          return;
        }
      }
    }
    int dx, dy;
    if (ciclic[id]) {
      int fase = quin_torn()/5;
      dx = pas_cicle(fase%4);
      dy = pas_cicle((fase + 1)%4);
    }
    else {
      dx = uniforme(-1, 1);
      dy = uniforme(-1, 1);
    }
    if (valid(s.pos.x + dx, s.pos.y + dy)) ordena_soldat(id, s.pos.x + dx, s.pos.y + dy);
  }

  // Un helicòpter amb tres enemics o més a sota llença napalm si pot; si
  // no, una vegada de cada cinc gira en sentit contrari a les agulles del
  // rellotge, i si no avança dues caselles.
  void juga_heli (int id) {
    Info h = dades(id);
    int enemics = 0;
    for (int x = h.pos.x - ABAST; x <= h.pos.x + ABAST; ++x)
      for (int y = h.pos.y - ABAST; y <= h.pos.y + ABAST; ++y)
        if (valid(x, y)) {
          int altre = quin_soldat(x, y);
          if (altre > 0 and dades(altre).equip != h.equip) ++enemics;
        }
    if (enemics >= 3 and h.napalm == 0) ordena_helicopter(id, NAPALM);
    else if (uniforme(1, 5) == 1) ordena_helicopter(id, CONTRA_RELLOTGE);
    else ordena_helicopter(id, AVANCA2);
  }


  /**
   * Mètode play.
   *
   * Aquest mètode serà invocat una vegada cada torn.
   */
  virtual void play () {
    VE H = helis(qui_soc());
    VE S = soldats(qui_soc());

    // Un paracaigudista d'un helicòpter triat a l'atzar, sobre una casella
    // a l'atzar de sota seu.
    if (not H.empty()) {
      Info h = dades(H[uniforme(0, H.size() - 1)]);
      if (not h.paraca.empty()) {
        int x = h.pos.x + uniforme(-2, 2);
        int y = h.pos.y + uniforme(-2, 2);
        if (valid(x, y)) ordena_paracaigudista(x, y);
      }
    }
    for (int id : H) juga_heli(id);
    for (int id : S) juga_soldat(id);
  }

};

constexpr int PLAYER_NAME::DX[8];
constexpr int PLAYER_NAME::DY[8];


/**
 * No toqueu aquesta línia.
 */
RegisterPlayer(PLAYER_NAME);
