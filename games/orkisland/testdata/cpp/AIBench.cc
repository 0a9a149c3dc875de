// AIBench: a complete Ork Island player of the kind students hand in,
// about 500 lines: breadth-first and Dijkstra searches, a plan per city
// and path, fights it is sure to win. It is also the C++ compile
// benchmark of the sandbox (a realistic player file).
#include "Player.hh"


/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Bench


// Rounds played so far, for the debug lines (a global, as students do).
int rounds_seen = 0;

struct PLAYER_NAME : public Player {

  /**
   * Factory: returns a new instance of this class.
   * Do not modify this function.
   */
  static Player* factory () {
    return new PLAYER_NAME;
  }

  /**
   * Types and attributes for your player can be defined here.
   */

  typedef vector<int> VI;
  typedef vector<VI> VVI;
  typedef pair<int, int> PII;

  // What sits on a cell this round.
  enum Occupant { EMPTY, MINE, ENEMY };

  // A structure is a city (0 .. nb_cities()-1) or a path (nb_cities() + path id).
  struct Structure {
    int size;          // cells
    bool is_city;
    int a, b;          // for a path: the cities it joins
    VI cells;          // cell indices
  };

  bool ready = false;
  int R, C, N;                     // rows, columns, rows*columns
  int NS;                          // number of structures
  vector<Structure> st;
  VI struct_of;                    // cell -> structure or -1
  vector<CellType> type_of;        // cell -> terrain
  VVI adj;                         // cell -> land neighbours
  VVI city_paths;                  // city -> its paths (structure ids)

  // Per round.
  vector<Occupant> occ;
  VI unit_at;                      // cell -> unit id or -1
  VVI count;                       // structure -> orks of each player on it
  VI need;                         // structure -> orks we still need there
  VI keep;                         // structure -> orks of ours that must stay
  vector<bool> moved;              // unit -> already has a command
  vector<bool> reserved;           // cell -> some ork of ours goes there
  VI threat;                       // cell -> health an enemy next to it has, -1 if none
  VI dist, from, wave;             // search scratch
  map<int, int> orders_by_kind;    // statistics for the debug lines

  int idx (Pos p) const { return p.i*C + p.j; }
  Pos pos_of (int c) const { return Pos(c/C, c%C); }

  // Direction of the step from cell a to the neighbouring cell b.
  Dir dir_to (int a, int b) const {
    if (b == a + C) return BOTTOM;
    if (b == a + 1) return RIGHT;
    if (b == a - C) return TOP;
    if (b == a - 1) return LEFT;
    return NONE;
  }

  // Health lost stepping onto cell c.
  int step_cost (int c) const { return cost(type_of[c]); }

  /**
   * Round 0: the static board.
   */
  void init () {
    R = rows(), C = cols(), N = R*C;
    type_of.assign(N, WATER);
    struct_of.assign(N, -1);
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j) {
        Cell c = cell(i, j);
        type_of[i*C + j] = c.type;
        if (c.city_id != -1) struct_of[i*C + j] = c.city_id;
        else if (c.path_id != -1) struct_of[i*C + j] = nb_cities() + c.path_id;
      }
    adj.assign(N, VI());
    for (int c = 0; c < N; ++c) {
      if (type_of[c] == WATER) continue;
      Pos p = pos_of(c);
      for (int d = 0; d < 4; ++d) {
        Pos q = p + Dir(d);
        if (pos_ok(q) and type_of[idx(q)] != WATER) adj[c].push_back(idx(q));
      }
    }
    NS = nb_cities() + nb_paths();
    st.assign(NS, Structure());
    city_paths.assign(nb_cities(), VI());
    for (int k = 0; k < nb_cities(); ++k) {
      City cc = city(k);
      st[k].is_city = true;
      st[k].a = st[k].b = k;
      for (Pos p : cc) st[k].cells.push_back(idx(p));
      st[k].size = cc.size();
    }
    for (int k = 0; k < nb_paths(); ++k) {
      Path pp = path(k);
      Structure& s = st[nb_cities() + k];
      s.is_city = false;
      s.a = pp.first.first;
      s.b = pp.first.second;
      for (Pos p : pp.second) s.cells.push_back(idx(p));
      s.size = pp.second.size();
      city_paths[s.a].push_back(nb_cities() + k);
      city_paths[s.b].push_back(nb_cities() + k);
    }
    occ.assign(N, EMPTY);
    unit_at.assign(N, -1);
    dist.assign(N, -1);
    from.assign(N, -1);
    wave.assign(N, -1);
    reserved.assign(N, false);
    threat.assign(N, -1);
    ready = true;
    cerr << "Bench: " << R << "x" << C << " board, " << nb_cities() << " cities, " << nb_paths() << " paths" << endl;
  }

  int owner (int s) const {
    return s < nb_cities() ? city_owner(s) : path_owner(s - nb_cities());
  }

  /**
   * Who is where, and how many orks each structure needs.
   */
  void survey () {
    fill(occ.begin(), occ.end(), EMPTY);
    fill(unit_at.begin(), unit_at.end(), -1);
    fill(reserved.begin(), reserved.end(), false);
    count.assign(NS, VI(nb_players(), 0));
    moved.assign(nb_units(), false);
    for (int id = 0; id < nb_units(); ++id) {
      Unit u = unit(id);
      if (not pos_ok(u.pos)) continue;
      int c = idx(u.pos);
      occ[c] = u.player == me() ? MINE : ENEMY;
      unit_at[c] = id;
      if (struct_of[c] != -1) ++count[struct_of[c]][u.player];
    }
    // The strongest enemy next to each cell: it may attack whoever
    // stands there next round.
    fill(threat.begin(), threat.end(), -1);
    for (int c = 0; c < N; ++c)
      if (occ[c] == ENEMY) {
        int h = unit(unit_at[c]).health;
        for (int n : adj[c]) threat[n] = max(threat[n], h);
      }
    need.assign(NS, 0);
    keep.assign(NS, 0);
    for (int s = 0; s < NS; ++s) {
      int enemies = 0;
      for (int pl = 0; pl < nb_players(); ++pl)
        if (pl != me()) enemies = max(enemies, count[s][pl]);
      int mine = count[s][me()];
      if (owner(s) == me()) {
        keep[s] = enemies;                 // a tie keeps it ours
        need[s] = max(0, enemies - mine);
      }
      else {
        need[s] = max(0, enemies + 1 - mine);
        // Stay while winning it, or when a couple more orks would do;
        // outnumbered, standing there only feeds the enemy.
        keep[s] = need[s] <= 2 ? mine : 0;
        if (keep[s] == 0) need[s] = 0;
      }
      need[s] = min(need[s], st[s].size - mine);  // no more than free cells
      if (need[s] < 0) need[s] = 0;
    }
  }

  /**
   * What holding structure s is worth to us per round, roughly: its
   * cells, plus what it adds to our groups of linked cities.
   */
  int value (int s) {
    const Structure& x = st[s];
    int v = x.size * (x.is_city ? bonus_per_city_cell() : bonus_per_path_cell());
    if (x.is_city) {
      for (int p : city_paths[s]) {
        const Structure& y = st[p];
        int other = y.a == s ? y.b : y.a;
        if (owner(p) == me() and city_owner(other) == me()) v += 4*factor_connected_component();
      }
    }
    else if (city_owner(x.a) == me() and city_owner(x.b) == me())
      v += 4*factor_connected_component();
    return v;
  }

  /**
   * The order to ork u: the step that wins a fight for sure, if any.
   * Enemies on cities and paths first.
   */
  bool fight (const Unit& u) {
    int c = idx(u.pos);
    int best = -1, best_score = -1;
    for (int n : adj[c]) {
      if (occ[n] != ENEMY) continue;
      Unit e = unit(unit_at[n]);
      if (u.health - step_cost(n) <= e.health) continue;  // not sure to win
      int score = (struct_of[n] != -1 ? 1000 : 0) + (u.health - e.health);
      if (score > best_score) best = n, best_score = score;
    }
    if (best == -1) return false;
    order(u.id, c, best, 'f');
    return true;
  }

  void order (int id, int c, int target, char kind) {
    execute(Command(id, dir_to(c, target)));
    moved[id] = true;
    reserved[target] = true;
    ++orders_by_kind[kind];
  }

  /**
   * Breadth-first search from the free cells of every structure that
   * still needs orks, all at once, the most valuable first: each cell is
   * labelled with the structure whose wave reached it first. An ork of
   * ours that may walk and is reached by the wave of a structure that
   * still needs orks gets the step back along the wave. Returns how many
   * it sent; the caller repeats while some are sent.
   */
  int assign (const vector<PII>& by_value) {
    queue<int> q;
    VI touched;
    for (const PII& x : by_value) {
      int s = x.second;
      if (need[s] <= 0) continue;
      for (int c : st[s].cells)
        if (occ[c] == EMPTY and not reserved[c] and dist[c] == -1) {
          dist[c] = 0, from[c] = s;  // from: the structure, for sources
          q.push(c);
          touched.push_back(c);
        }
    }
    // wave[c]: the structure whose wave reached c.
    for (int c : touched) wave[c] = from[c];
    int sent = 0;
    while (not q.empty()) {
      int c = q.front();
      q.pop();
      int s = wave[c];
      for (int n : adj[c]) {
        if (dist[n] != -1) continue;
        dist[n] = dist[c] + 1;
        wave[n] = s;
        touched.push_back(n);
        if (occ[n] == MINE) {
          int id = unit_at[n];
          if (need[s] > 0 and may_walk(id, n, dist[n]) and not reserved[c]) {
            order(id, n, c, 'w');
            --need[s];
            ++sent;
          }
          continue;  // our orks do not let the search through
        }
        if (occ[n] == ENEMY) continue;
        q.push(n);
      }
    }
    for (int c : touched) dist[c] = -1, wave[c] = -1;
    return sent;
  }

  // Whether ork id, on cell c, may leave to walk d steps.
  bool may_walk (int id, int c, int d) {
    if (moved[id]) return false;
    if (struct_of[c] != -1 and keep[struct_of[c]] > 0) return false;
    Unit u = unit(id);
    // Sand is the dearest terrain; a third of the way on it is typical.
    return u.health >= d*cost_sand()/3;
  }

  /**
   * Dijkstra from every cell of a structure we do not hold, weighted by
   * the health a step costs, for the orks nobody has sent anywhere:
   * each takes the first step of its cheapest way.
   */
  void roam (const VI& walkers) {
    if (walkers.empty()) return;
    const int INF = numeric_limits<int>::max();
    VI d(N, INF);
    priority_queue<PII, vector<PII>, greater<PII> > pq;
    for (int s = 0; s < NS; ++s) {
      if (owner(s) == me() and count[s][me()] > 0) continue;
      for (int c : st[s].cells)
        if (occ[c] != ENEMY) d[c] = 0, pq.push(PII(0, c));
    }
    while (not pq.empty()) {
      PII top = pq.top();
      pq.pop();
      int c = top.second;
      if (top.first > d[c]) continue;
      for (int n : adj[c]) {
        if (occ[n] == ENEMY) continue;
        // Walking from n onto c costs c's terrain, plus one per step.
        int nd = d[c] + step_cost(c) + 1;
        if (nd < d[n]) {
          d[n] = nd;
          pq.push(PII(nd, n));
        }
      }
    }
    for (int id : walkers) {
      Unit u = unit(id);
      int c = idx(u.pos);
      int best = -1;
      for (int n : adj[c])
        if (occ[n] == EMPTY and not reserved[n] and d[n] != INF and safe(u.health, n) and
            (best == -1 or d[n] + step_cost(n) < d[best] + step_cost(best)))
          best = n;
      if (best != -1 and d[best] < d[c]) order(id, c, best, 'r');
    }
  }

  /**
   * Whether an ork with health h that steps onto cell c is safe there
   * from the enemies around: one attacking pays c's cost and must then
   * have more health than ours after our step.
   */
  bool safe (int h, int c) const {
    if (threat[c] < 0) return true;
    return threat[c] - step_cost(c) <= h - step_cost(c);
  }

  /**
   * An ork off the cities and paths that would lose against an enemy
   * next to it steps away to a safe free cell, the cheapest one.
   */
  bool flee (const Unit& u) {
    int c = idx(u.pos);
    if (struct_of[c] != -1 or threat[c] < 0 or threat[c] - step_cost(c) <= u.health) return false;
    int best = -1;
    for (int n : adj[c]) {
      if (occ[n] != EMPTY or reserved[n] or not safe(u.health, n)) continue;
      if (best == -1 or step_cost(n) < step_cost(best)) best = n;
    }
    if (best == -1) return false;
    order(u.id, c, best, 'x');
    return true;
  }

  /**
   * Orks low on health go back to a city or path of ours (free to stand
   * on) and wait there.
   */
  bool rest (const Unit& u) {
    if (u.health > 5) return false;
    int c = idx(u.pos);
    if (struct_of[c] != -1) {
      moved[u.id] = true;  // stay
      return true;
    }
    for (int n : adj[c])
      if (struct_of[n] != -1 and occ[n] == EMPTY and not reserved[n]) {
        order(u.id, c, n, 'h');
        return true;
      }
    return false;
  }

  /**
   * Recursively counts the cities in our group containing city k, through
   * paths we hold (for the debug lines).
   */
  int group_size (int k, vector<bool>& seen) {
    if (seen[k] or city_owner(k) != me()) return 0;
    seen[k] = true;
    int n = 1;
    for (int p : city_paths[k]) {
      if (owner(p) != me()) continue;
      int other = st[p].a == k ? st[p].b : st[p].a;
      n += group_size(other, seen);
    }
    return n;
  }

  // The points our groups are worth this round, 64 bits (see the rules).
  long long group_points () {
    vector<bool> seen(nb_cities(), false);
    long long pts = 0;
    for (int k = 0; k < nb_cities(); ++k) {
      int g = group_size(k, seen);
      if (g > 0) pts += (long long)factor_connected_component() << g;
    }
    return pts;
  }

  void debug () {
    ++rounds_seen;
    if (round() % 50 != 0 and round() != nb_rounds() - 1) return;
    int held = 0;
    for (int s = 0; s < NS; ++s) held += owner(s) == me();
    cerr << "Bench cerr: round " << round() << ": " << orks(me()).size() << " orks, score " << total_score(me()) << ", holds " << held << "/" << NS
         << ", groups worth " << group_points() << ", cpu " << fixed << setprecision(3) << status(me()) << endl;
    // Some students print to cout: it goes to the debug log too.
    cout << "Bench cout: orders so far";
    for (map<int, int>::iterator it = orders_by_kind.begin(); it != orders_by_kind.end(); ++it)
      cout << " " << char(it->first) << "=" << it->second;
    cout << endl;
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    if (not ready) init();
    if (status(me()) > 0.95) return;  // nearly out of time
    survey();

    VI my_orks = orks(me());
    // Keepers: enough of ours stay on each city and path.
    VI left = keep;
    for (int id : my_orks) {
      Unit u = unit(id);
      int s = struct_of[idx(u.pos)];
      if (s != -1 and left[s] > 0) {
        --left[s];
        moved[id] = true;
      }
    }
    // Sure fights, then the tired ones.
    for (int id : my_orks)
      if (not moved[id]) {
        Unit u = unit(id);
        if (not fight(u) and not flee(u)) rest(u);
      }

    // Structures by value, highest first; each gets the orks it needs.
    vector<PII> order_s;
    for (int s = 0; s < NS; ++s)
      if (need[s] > 0) order_s.push_back(PII(-value(s), s));
    sort(order_s.begin(), order_s.end());
    for (int tries = 0; tries < 4 and assign(order_s) > 0; ++tries) { }

    // The others go to whatever we do not hold yet.
    VI walkers;
    for (int id : my_orks)
      if (not moved[id]) walkers.push_back(id);
    roam(walkers);

    debug();
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
