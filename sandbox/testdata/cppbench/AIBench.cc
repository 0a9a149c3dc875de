#include "Player.hh"

// A student-style Ork Island player of about 500 lines, for the compile
// benchmark (BenchmarkCompileCpp): distance maps by BFS and Dijkstra, a
// territory evaluation, target assignment, fights and a little bookkeeping,
// written with the standard library as players write it.

#define PLAYER_NAME Bench

struct PLAYER_NAME : public Player {

  static Player* factory () {
    return new PLAYER_NAME;
  }

  // ---- types ---------------------------------------------------------

  typedef vector<int> VI;
  typedef vector<VI> VVI;
  typedef vector<bool> VB;
  typedef vector<VB> VVB;
  typedef pair<int, int> PII;
  typedef vector<Pos> VP;

  static constexpr int INF = 1e9;

  struct Target {
    Pos pos;
    int value;
    int kind;   // 0 city, 1 path, 2 enemy
    int id;
    bool operator< (const Target& t) const {
      if (value != t.value) return value > t.value;
      return pos < t.pos;
    }
  };

  struct Plan {
    int ork;
    Dir dir;
    int score;
  };

  // ---- state kept between rounds --------------------------------------

  bool initialized = false;
  VVI city_cells_dist;        // distance map to the nearest city cell
  VVI path_cells_dist;        // distance map to the nearest path cell
  map<int, Pos> last_pos;     // where each of my orks was last round
  map<int, int> stuck;        // rounds an ork did not move
  map<int, int> assigned;     // ork -> target index
  VI city_value;
  VI path_value;
  int rounds_seen = 0;
  long long checksum = 0;

  // ---- small helpers ---------------------------------------------------

  static Dir opposite (Dir d) {
    switch (d) {
      case BOTTOM: return TOP;
      case TOP: return BOTTOM;
      case LEFT: return RIGHT;
      case RIGHT: return LEFT;
      default: return NONE;
    }
  }

  bool walkable (Pos p) {
    if (not pos_ok(p)) return false;
    return cell(p).type != WATER;
  }

  int step_cost (Pos p) {
    CellType t = cell(p).type;
    if (t == WATER) return INF;
    return cost(t);
  }

  int manhattan (Pos a, Pos b) {
    return abs(a.i - b.i) + abs(a.j - b.j);
  }

  bool enemy_at (Pos p) {
    if (not pos_ok(p)) return false;
    int id = cell(p).unit_id;
    return id != -1 and unit(id).player != me();
  }

  bool friend_at (Pos p) {
    if (not pos_ok(p)) return false;
    int id = cell(p).unit_id;
    return id != -1 and unit(id).player == me();
  }

  // ---- distance maps -----------------------------------------------------

  // Multi-source BFS over walkable cells from every cell in sources.
  VVI bfs (const VP& sources) {
    VVI dist(rows(), VI(cols(), INF));
    queue<Pos> q;
    for (const Pos& s : sources) {
      if (walkable(s) and dist[s.i][s.j] == INF) {
        dist[s.i][s.j] = 0;
        q.push(s);
      }
    }
    while (not q.empty()) {
      Pos p = q.front();
      q.pop();
      for (int d = 0; d < NONE; ++d) {
        Pos n = p + Dir(d);
        if (walkable(n) and dist[n.i][n.j] == INF) {
          dist[n.i][n.j] = dist[p.i][p.j] + 1;
          q.push(n);
        }
      }
    }
    return dist;
  }

  // Dijkstra from one position, weighted by the health each cell costs.
  VVI dijkstra (Pos src, int limit) {
    VVI dist(rows(), VI(cols(), INF));
    priority_queue<pair<int, PII>, vector<pair<int, PII>>, greater<pair<int, PII>>> pq;
    dist[src.i][src.j] = 0;
    pq.push({0, {src.i, src.j}});
    while (not pq.empty()) {
      auto top = pq.top();
      pq.pop();
      int d = top.first;
      Pos p(top.second.first, top.second.second);
      if (d != dist[p.i][p.j]) continue;
      if (d > limit) break;
      for (int k = 0; k < NONE; ++k) {
        Pos n = p + Dir(k);
        if (not walkable(n)) continue;
        int nd = d + step_cost(n);
        if (nd < dist[n.i][n.j]) {
          dist[n.i][n.j] = nd;
          pq.push({nd, {n.i, n.j}});
        }
      }
    }
    return dist;
  }

  // The first step of a shortest path from src to the nearest cell where
  // goal holds, or NONE.
  template <class Goal>
  Dir first_step (Pos src, Goal goal, int max_depth) {
    if (goal(src)) return NONE;
    VVI seen(rows(), VI(cols(), -1));
    queue<pair<Pos, int>> q;
    seen[src.i][src.j] = NONE;
    for (int d = 0; d < NONE; ++d) {
      Pos n = src + Dir(d);
      if (walkable(n) and not friend_at(n) and seen[n.i][n.j] == -1) {
        seen[n.i][n.j] = d;
        q.push({n, 1});
      }
    }
    while (not q.empty()) {
      auto cur = q.front();
      q.pop();
      Pos p = cur.first;
      if (goal(p)) return Dir(seen[p.i][p.j]);
      if (cur.second >= max_depth) continue;
      for (int d = 0; d < NONE; ++d) {
        Pos n = p + Dir(d);
        if (walkable(n) and seen[n.i][n.j] == -1) {
          seen[n.i][n.j] = seen[p.i][p.j];
          q.push({n, cur.second + 1});
        }
      }
    }
    return NONE;
  }

  // ---- evaluation ------------------------------------------------------------

  void value_territory () {
    city_value.assign(nb_cities(), 0);
    for (int c = 0; c < nb_cities(); ++c) {
      int v = int(city(c).size()) * bonus_per_city_cell();
      int owner = city_owner(c);
      if (owner == me()) v /= 2;
      else if (owner != -1) v += v / 2;
      city_value[c] = v;
    }
    path_value.assign(nb_paths(), 0);
    for (int k = 0; k < nb_paths(); ++k) {
      Path p = path(k);
      int v = int(p.second.size()) * bonus_per_path_cell();
      if (city_owner(p.first.first) == me() or city_owner(p.first.second) == me()) v += v / 3;
      if (path_owner(k) == me()) v /= 2;
      path_value[k] = v;
    }
  }

  // Size of my largest group of connected cities.
  int largest_component () {
    int n = nb_cities();
    VI parent(n);
    iota(parent.begin(), parent.end(), 0);
    function<int(int)> find = [&](int x) {
      return parent[x] == x ? x : parent[x] = find(parent[x]);
    };
    for (int k = 0; k < nb_paths(); ++k) {
      if (path_owner(k) != me()) continue;
      Path p = path(k);
      int a = p.first.first, b = p.first.second;
      if (city_owner(a) == me() and city_owner(b) == me()) parent[find(a)] = find(b);
    }
    map<int, int> size;
    int best = 0;
    for (int c = 0; c < n; ++c)
      if (city_owner(c) == me()) best = max(best, ++size[find(c)]);
    return best;
  }

  vector<Target> targets () {
    vector<Target> out;
    for (int c = 0; c < nb_cities(); ++c) {
      City cc = city(c);
      if (cc.empty()) continue;
      Pos center = cc[cc.size() / 2];
      out.push_back({center, city_value[c], 0, c});
    }
    for (int k = 0; k < nb_paths(); ++k) {
      Path p = path(k);
      if (p.second.empty()) continue;
      Pos mid = p.second[p.second.size() / 2];
      out.push_back({mid, path_value[k], 1, k});
    }
    for (int id = 0; id < nb_units(); ++id) {
      Unit u = unit(id);
      if (u.player == me()) continue;
      out.push_back({u.pos, 5 + (initial_health() - u.health) / 10, 2, id});
    }
    sort(out.begin(), out.end());
    return out;
  }

  // ---- fights ---------------------------------------------------------------------

  // Whether attacking the enemy at p with ork u is a good idea.
  bool good_fight (const Unit& u, Pos p) {
    int id = cell(p).unit_id;
    if (id == -1) return false;
    Unit e = unit(id);
    if (e.player == me()) return false;
    int mine = u.health - step_cost(p);
    int theirs = e.health;
    int helpers = 0;
    for (int d = 0; d < NONE; ++d)
      if (friend_at(p + Dir(d))) ++helpers;
    return mine + 10 * helpers > theirs;
  }

  // Enemies within distance r of p.
  int threats (Pos p, int r) {
    int n = 0;
    for (int di = -r; di <= r; ++di)
      for (int dj = -r; dj <= r; ++dj) {
        if (abs(di) + abs(dj) > r) continue;
        Pos q(p.i + di, p.j + dj);
        if (enemy_at(q)) ++n;
      }
    return n;
  }

  // ---- planning -----------------------------------------------------------------

  Dir towards (Pos from, Pos to) {
    int best = INF;
    Dir out = NONE;
    for (int d = 0; d < NONE; ++d) {
      Pos n = from + Dir(d);
      if (not walkable(n) or friend_at(n)) continue;
      int h = manhattan(n, to) * 4 + step_cost(n);
      if (h < best) best = h, out = Dir(d);
    }
    return out;
  }

  Plan plan_for (int id, const vector<Target>& ts, set<int>& taken) {
    Unit u = unit(id);
    Plan plan = {id, NONE, 0};

    // Weak orks rest on cheap cells.
    if (u.health < initial_health() / 5) {
      Dir best = NONE;
      int cheapest = INF;
      for (int d = 0; d < NONE; ++d) {
        Pos n = u.pos + Dir(d);
        if (walkable(n) and not enemy_at(n) and step_cost(n) < cheapest) {
          cheapest = step_cost(n);
          best = Dir(d);
        }
      }
      plan.dir = threats(u.pos, 2) > 0 ? best : NONE;
      plan.score = 1;
      return plan;
    }

    // Fight next to us when it pays.
    for (int d = 0; d < NONE; ++d) {
      Pos n = u.pos + Dir(d);
      if (pos_ok(n) and good_fight(u, n)) {
        plan.dir = Dir(d);
        plan.score = 100;
        return plan;
      }
    }

    // Otherwise the best free target within reach.
    int best = -INF, best_t = -1;
    for (int t = 0; t < int(ts.size()) and t < 40; ++t) {
      if (taken.count(t)) continue;
      int dist = manhattan(u.pos, ts[t].pos);
      int score = ts[t].value * 10 - dist * 3;
      if (ts[t].kind == 2 and not good_fight(u, ts[t].pos)) score -= 50;
      if (assigned.count(id) and assigned[id] == t) score += 15;  // keep going
      if (score > best) best = score, best_t = t;
    }
    if (best_t >= 0) {
      taken.insert(best_t);
      assigned[id] = best_t;
      plan.dir = towards(u.pos, ts[best_t].pos);
      plan.score = best;
      if (plan.dir == NONE) {
        Pos goal = ts[best_t].pos;
        plan.dir = first_step(u.pos, [&](Pos p) { return p == goal; }, 12);
      }
    }

    // Unstick orks that keep bumping into things.
    if (stuck[id] > 2 and plan.dir != NONE) {
      VI dirs = random_permutation(4);
      for (int d : dirs) {
        Pos n = u.pos + Dir(d);
        if (walkable(n) and not friend_at(n)) {
          plan.dir = Dir(d);
          break;
        }
      }
    }
    return plan;
  }

  // ---- bookkeeping -----------------------------------------------------------------

  void init () {
    VP cities, paths;
    for (int c = 0; c < nb_cities(); ++c)
      for (const Pos& p : city(c)) cities.push_back(p);
    for (int k = 0; k < nb_paths(); ++k)
      for (const Pos& p : path(k).second) paths.push_back(p);
    city_cells_dist = bfs(cities);
    path_cells_dist = bfs(paths);
    initialized = true;
  }

  void track () {
    for (int id : orks(me())) {
      Pos p = unit(id).pos;
      auto it = last_pos.find(id);
      if (it != last_pos.end() and it->second == p) ++stuck[id];
      else stuck[id] = 0;
      last_pos[id] = p;
    }
    // Orks we lost are forgotten.
    set<int> mine;
    for (int id : orks(me())) mine.insert(id);
    for (auto it = last_pos.begin(); it != last_pos.end();) {
      if (mine.count(it->first)) ++it;
      else {
        stuck.erase(it->first);
        assigned.erase(it->first);
        it = last_pos.erase(it);
      }
    }
  }

  string summary () {
    ostringstream os;
    os << "round " << round() << ": " << orks(me()).size() << " orks, score "
       << total_score(me()) << ", component " << largest_component();
    return os.str();
  }

  void checks () {
    for (int id : orks(me())) {
      Unit u = unit(id);
      checksum = checksum * 31 + u.pos.i * cols() + u.pos.j;
      if (city_cells_dist.size() and walkable(u.pos))
        checksum += city_cells_dist[u.pos.i][u.pos.j] + path_cells_dist[u.pos.i][u.pos.j];
    }
  }

  // ---- enemies ---------------------------------------------------------------------

  // Where each enemy ork was seen, its last moves, and a guess at its next.
  struct Track {
    Pos last;
    deque<Dir> moves;
  };
  map<int, Track> enemies;

  static Dir delta_dir (Pos a, Pos b) {
    if (b.i == a.i + 1 and b.j == a.j) return BOTTOM;
    if (b.i == a.i - 1 and b.j == a.j) return TOP;
    if (b.j == a.j + 1 and b.i == a.i) return RIGHT;
    if (b.j == a.j - 1 and b.i == a.i) return LEFT;
    return NONE;
  }

  void watch_enemies () {
    for (int id = 0; id < nb_units(); ++id) {
      Unit u = unit(id);
      if (u.player == me()) {
        enemies.erase(id);
        continue;
      }
      auto it = enemies.find(id);
      if (it == enemies.end()) {
        enemies[id] = Track{u.pos, {}};
        continue;
      }
      Track& t = it->second;
      t.moves.push_back(delta_dir(t.last, u.pos));
      if (t.moves.size() > 8) t.moves.pop_front();
      t.last = u.pos;
    }
  }

  // The direction an enemy took most often lately.
  Dir predicted (int id) {
    auto it = enemies.find(id);
    if (it == enemies.end() or it->second.moves.empty()) return NONE;
    int count[DIR_SIZE] = {0};
    for (Dir d : it->second.moves) ++count[d];
    return Dir(max_element(count, count + NONE + 1) - count);
  }

  // Cells an enemy may step on next round: my weak orks keep off them.
  set<Pos> danger () {
    set<Pos> out;
    for (auto& e : enemies) {
      Pos p = e.second.last;
      out.insert(p + predicted(e.first));
      for (int d = 0; d < NONE; ++d) out.insert(p + Dir(d));
    }
    return out;
  }

  // ---- the round -------------------------------------------------------------------

  virtual void play () {
    if (status(me()) >= 0.95) return;  // nearly out of CPU: rest
    if (not initialized) init();
    ++rounds_seen;
    track();
    watch_enemies();
    value_territory();
    vector<Target> ts = targets();

    VI my = orks(me());
    // The healthiest orks choose first.
    sort(my.begin(), my.end(), [&](int a, int b) {
      return unit(a).health > unit(b).health;
    });

    set<int> taken;
    vector<Plan> plans;
    for (int id : my) plans.push_back(plan_for(id, ts, taken));

    // Two of my orks must not walk into the same cell.
    set<Pos> booked;
    set<Pos> risky = danger();
    for (const Plan& p : plans) {
      if (p.dir == NONE) continue;
      Pos to = unit(p.ork).pos + p.dir;
      if (booked.count(to) and not enemy_at(to)) continue;
      if (risky.count(to) and unit(p.ork).health < initial_health() / 3 and p.score < 100) continue;
      booked.insert(to);
      execute(Command(p.ork, p.dir));
    }

    // A look at the distance maps now and then, as players do to debug.
    if (round() % 50 == 0 and not my.empty()) {
      Unit u = unit(my[0]);
      VVI d = dijkstra(u.pos, 40);
      int reach = 0;
      for (const VI& row : d)
        for (int x : row)
          if (x < INF) ++reach;
      cerr << summary() << ", first ork reaches " << reach << " cells" << endl;
    }
    checks();
  }
};

RegisterPlayer(PLAYER_NAME);
