// A test player for the Redux API (cpp_test.go): it calls every public name
// of the original's (Catalan) API, checks what a wrong argument gives
// ("check" lines on cerr), and prints a hash of everything it sees each
// round ("view" lines), mapped to the Go SDK's conventions (players 0 to
// 3, -2 for no post), which a Go twin computes with the Go SDK. Its orders
// are all refused but in the last round, so the match is a Null's until
// then.
#include "Player.hh"

using namespace std;

#define PLAYER_NAME Superficie

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
    Info d = dades(id);
    mix(d.id); mix(d.tipus); mix(d.equip - 1); mix(d.pos.x); mix(d.pos.y);
    mix(d.vida); mix(d.orientacio); mix(d.napalm);
    mix(d.paraca.size());
    for (int r : d.paraca) mix(r);
  }

  void hash_view () {
    h = 1469598103934665603ULL;
    mix(quin_torn()); mix(qui_soc() - 1); mix(4); mix(quin_torn() + torns_restants());
    for (int e = 1; e <= 4; ++e) {
      mix(puntuacio(e));
      mix(status(e) < 0 ? -1 : 0);
    }
    for (int x = 0; x < MAX; ++x)
      for (int y = 0; y < MAX; ++y) {
        mix(que(x, y)); mix(temps_foc(x, y)); mix(quin_soldat(x, y)); mix(quin_heli(x, y));
        int e = de_qui_post(x, y);
        mix(e == 0 ? -2 : e < 0 ? -1 : e - 1);
        int v = valor_post(x, y);
        mix(v == 0 ? -2 : v);
      }
    for (int e = 1; e <= 4; ++e) {
      VE s = soldats(e);
      mix(s.size());
      for (int id : s) mix_unit(id);
      VE hs = helis(e);
      mix(hs.size());
      for (int id : hs) mix_unit(id);
    }
    VP2 ps = posts();
    for (const Post& p : ps) { mix(p.equip < 0 ? -1 : p.equip - 1); mix(p.pos.x); mix(p.pos.y); mix(p.valor); }
    mix(uniforme(0, 999999));
    for (int x : permutacio(5)) mix(x);
    cerr << "view " << quin_torn() << " " << h << endl;
  }

  template <class T> void check (const char* what, T v) {
    cerr << "check " << what << " = " << v << endl;
  }

  void surface () {
    int codes[] = {BOSC, GESPA, AIGUA, MUNTANYA, SOLDAT, HELI,
                   AVANCA1, AVANCA2, CONTRA_RELLOTGE, RELLOTGE, NAPALM};
    int sum = 0;
    for (int x : codes) sum += x;
    check("constants", sum);
    check("TORNS_JOC", TORNS_JOC); check("MAX", MAX); check("NUM_SOLDATS", NUM_SOLDATS);
    check("NUM_HELIS", NUM_HELIS); check("NUM_POSTS", NUM_POSTS); check("VIDA", VIDA);
    check("DANY_BOSC", DANY_BOSC); check("DANY_GESPA", DANY_GESPA); check("TORNS_NAPALM", TORNS_NAPALM);
    check("ABAST", ABAST); check("CREMA_BOSC", CREMA_BOSC); check("CREMA_ALTRE", CREMA_ALTRE);
    check("PROB_FOC", PROB_FOC); check("TORNS_BAIXAR", TORNS_BAIXAR); check("MAX_BAIXEN", MAX_BAIXEN);
    check("VALOR_ALT", VALOR_ALT); check("VALOR_BAIX", VALOR_BAIX);
    check("min(MAX, 100)", min(MAX, 100));

    check("qui_soc", qui_soc());
    check("nom(1)", nom(1));
    check("quin_torn", quin_torn());
    check("torns_restants", torns_restants());
    check("valid(59, 0)", valid(59, 0));
    check("valid(Posicio(60, 0))", valid(Posicio(60, 0)));
    check("de_qui_post(0, 0)", de_qui_post(0, 0));
    check("valor_post(0, 0)", valor_post(0, 0));
    VP2 ps = posts();
    check("de_qui_post(post)", de_qui_post(ps[0].pos.x, ps[0].pos.y));
    check("posts()[0].equip", ps[0].equip);

    Posicio a(3, 4), b(0), c;
    c = a;
    check("Posicio !=", (a != b) + 2 * (a != c));
    Post p(1, 2, 3, 50), q(0), r(p);
    q = p;
    Post buit;
    buit = q;
    check("Post !=", (p != Post(0)) + 2 * (q != r));
    Info d(7, SOLDAT, 2, 3, 4, 100, -1, -1, VE()), e;
    check("Info !=", (d != e) + 2 * (NUL != NUL));
    check("NUL.equip", NUL.equip);

    // The original's typedefs and helpers.
    VVE vve(2, VE(2, 1)); VVVE vvve(1, vve); VP vp(1, a); VVP vvp(1, vp); SE se; se.insert(3);
    MEI mei; mei[7] = d; MI mi = mei.find(7); MIc mic = mei.find(7); MEP mep; mep[1] = a;
    P2 p2(1, a); MEE mee; mee[1] = 2; P pp(1, 2); VA va(2, atzar(5));
    check("typedefs", vve[1][1] + vvve[0][0][0] + vvp[0][0].x + *se.begin() + mi->second.id + mic->second.id +
                      mep[1].y + p2.second.x + mee[1] + pp.second + int(va.size()));
    check("s2i", s2i("17"));
    check("i2s", i2s(-42));
    check("d2s", d2s(0.5));
    error("prova");
    int tres = 3;
    PRINT(tres);

    atzar dau(7), zero;
    int u = dau.uniforme(1, 6);
    check("atzar::uniforme(1, 6) in range", u >= 1 and u <= 6);
    double f = dau.uniforme();
    check("atzar::uniforme() in range", f >= 0 and f < 1);
    double g = dau.uniforme(0, 1, 2);
    check("atzar::uniforme(0, 1, 2) in range", g >= 0 and g <= 1);
    check("atzar::probabilitat(0)", dau.probabilitat(0));
    check("atzar::probabilitat(1)", dau.probabilitat(1));
    VE perm = dau.permutacio(5);
    sort(perm.begin(), perm.end());
    check("atzar::permutacio(5) sorted", perm == VE({0, 1, 2, 3, 4}));
    int t = zero.tria(10);
    check("atzar::tria(10) in range", t >= 0 and t < 10);
    check("atzar::llavor changed", zero.llavor != 0);
    atzar dau2(7);
    check("atzar same seed", dau2.uniforme(1, 6) == u);

    // Wrong arguments: an error and a default.
    check("nom(0)", "[" + nom(0) + "]");
    check("que(-1, 0)", que(-1, 0));
    check("temps_foc(60, 0)", temps_foc(60, 0));
    check("quin_soldat(0, 60)", quin_soldat(0, 60));
    check("quin_heli(-5, -5)", quin_heli(-5, -5));
    check("de_qui_post(70, 1)", de_qui_post(70, 1));
    check("valor_post(1, 70)", valor_post(1, 70));
    check("soldats(0).size()", soldats(0).size());
    check("helis(5).size()", helis(5).size());
    check("dades(0).equip", dades(0).equip);
    check("puntuacio(5)", puntuacio(5));
    check("status(0)", status(0));
    check("uniforme(5, 3)", uniforme(5, 3));
    check("permutacio(-1).size()", permutacio(-1).size());
    check("probabilitat(1.5)", probabilitat(1.5));

    // Refused orders: an error each (and the host counts them).
    int meu = soldats(qui_soc())[0];
    int enemic = soldats(qui_soc() % 4 + 1)[0];
    int heli = helis(qui_soc())[0];
    Info m = dades(meu);
    ordena_soldat(99999, 1, 1);
    ordena_soldat(enemic, 1, 1);
    ordena_soldat(heli, 1, 1);
    ordena_soldat(meu, m.pos.x + 2, m.pos.y);
    ordena_helicopter(99999, AVANCA1);
    ordena_helicopter(meu, AVANCA1);
    ordena_helicopter(heli, 9);
    // Below a helicopter still empty (a jump below none is valid in Redux).
    Info h = dades(heli);
    ordena_paracaigudista(h.pos.x, h.pos.y);
    ordena_paracaigudista(-1, -1);
    // The unchecked orders of Action: no error, the host refuses them.
    Action::ordena_soldat(99998, 0, 0);
    Action::ordena_helicopter(99998, NAPALM);
    Action::ordena_paracaigudista(h.pos.x, h.pos.y);
  }

  virtual void play () {
    hash_view();
    if (quin_torn() == 0) surface();
    if (torns_restants() == 1) {
      // A valid order, then a second one to the same helicopter.
      int heli = helis(qui_soc())[0];
      ordena_helicopter(heli, RELLOTGE);
      ordena_helicopter(heli, RELLOTGE);
    }
  }
};

RegisterPlayer(PLAYER_NAME);
