#include <bits/stdc++.h>
#include <unistd.h>
#include "Player.hh"

#define INT_MAX 99999
#define INF 999999;

using namespace std;

// Un jugador a l'estil dels estudiants de Redux: <bits/stdc++.h> i
// <unistd.h>, un Dijkstra amb priority_queue i greater<>, macros després
// dels includes, goto, un vector gran a la pila, recursió i una variable
// global.
#define PLAYER_NAME Foc

int torns_jugats = 0;

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  // Recorre recursivament la terra per on es pot caminar.
  int omple (int x, int y, bool vist[MAX][MAX]) {
    if (not valid(x, y) or vist[x][y] or (que(x, y) != BOSC and que(x, y) != GESPA)) return 0;
    vist[x][y] = true;
    return 1 + omple(x + 1, y, vist) + omple(x - 1, y, vist) + omple(x, y + 1, vist) + omple(x, y - 1, vist);
  }

  // El primer pas cap al post enemic més proper (Dijkstra: el bosc costa 2).
  P primer_pas (int x0, int y0, int equip) {
    int cost[MAX * MAX];
    int des_de[MAX * MAX];
    for (int c = 0; c < MAX * MAX; ++c) cost[c] = numeric_limits<int>::max(), des_de[c] = -1;
    priority_queue<P, vector<P>, greater<P> > cua;
    int inici = x0 * MAX + y0, fi = -1;
    cost[inici] = 0;
    cua.push(P(0, inici));
    while (not cua.empty()) {
      P top = cua.top(); cua.pop();
      int c = top.second;
      if (top.first > cost[c]) continue;
      int x = c / MAX, y = c % MAX;
      if (c != inici and de_qui_post(x, y) != 0 and de_qui_post(x, y) != equip) {
        fi = c;
        goto trobat;
      }
      for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) {
          int xx = x + dx, yy = y + dy;
          if (not valid(xx, yy) or temps_foc(xx, yy) > 0) continue;
          int t = que(xx, yy);
          if (t != BOSC and t != GESPA) continue;
          int nc = top.first + (t == BOSC ? 2 : 1);
          if (nc < cost[xx * MAX + yy]) {
            cost[xx * MAX + yy] = nc;
            des_de[xx * MAX + yy] = c;
            cua.push(P(nc, xx * MAX + yy));
          }
        }
    }
    return P(-1, -1);
  trobat:
    while (des_de[fi] != inici) fi = des_de[fi];
    return P(fi / MAX, fi % MAX);
  }

  virtual void play () {
    ++torns_jugats;
    int equip = qui_soc();
    int lluny = INT_MAX;
    int res = INF
    (void)res;
    int pila[36000];  // uns 140 KB a la pila
    for (int i = 0; i < 36000; ++i) pila[i] = i % 7;
    bool vist[MAX][MAX];
    memset(vist, 0, sizeof vist);
    VE S = soldats(equip);
    int area = S.empty() ? 0 : omple(dades(S[0]).pos.x, dades(S[0]).pos.y, vist);
    cout << "cout: round " << quin_torn() << endl;
    if (quin_torn() == 0) cerr << "cerr: area " << area << " " << lluny << " " << pila[35999] << endl;
    for (int id : S) {
      Info in = dades(id);
      if (de_qui_post(in.pos.x, in.pos.y) == equip) continue;
      P pas = primer_pas(in.pos.x, in.pos.y, equip);
      if (pas.first >= 0) ordena_soldat(id, pas.first, pas.second);
    }
    for (int id : helis(equip)) ordena_helicopter(id, torns_jugats % 9 == 0 ? CONTRA_RELLOTGE : AVANCA1);
  }
};

RegisterPlayer(PLAYER_NAME);
