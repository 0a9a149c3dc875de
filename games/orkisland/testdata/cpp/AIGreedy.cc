#include "Player.hh"

/**
 * Write the name of your player and save this file
 * with the same name and .cc extension.
 */
#define PLAYER_NAME Greedy


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
  typedef pair<int, Pos> DP;   // (health spent, position)

  map<Pos, int> target_of;     // cell -> the ork that goes there this round
  set<Pos> structure_cells;    // every city and path cell
  long long total = 0;         // my score summed over the rounds

  bool is_target(const Pos& p) {
    Cell c = cell(p);
    if (c.type == CITY) return city_owner(c.city_id) != me();
    if (c.type == PATH) return path_owner(c.path_id) != me();
    return false;
  }

  // Dijkstra by health spent, from ork u to the cheapest target cell.
  Dir cheapest(const Unit& u) {
    map<Pos, int> dist;
    map<Pos, Dir> first;
    priority_queue<DP, vector<DP>, greater<DP>> pq;
    dist[u.pos] = 0;
    pq.push(DP(0, u.pos));
    int limit = numeric_limits<int>::max();
    Dir ans = NONE;
    while (!pq.empty()) {
      DP top = pq.top(); pq.pop();
      int d = top.first;
      Pos p = top.second;
      if (d > dist[p] or d >= limit) continue;
      if (p != u.pos and is_target(p) and target_of.count(p) == 0) {
        limit = d;
        ans = first[p];
        target_of[p] = u.id;
        break;
      }
      for (int k = 0; k < 4; ++k) {
        Pos n = p + Dir(k);
        if (!pos_ok(n)) continue;
        Cell c = cell(n);
        if (c.type == WATER) continue;
        if (c.unit_id != -1 and unit(c.unit_id).player == me()) continue;
        int nd = d + cost(c.type) + 1;
        if (nd > 60) continue;              // not too far
        if (!dist.count(n) or nd < dist[n]) {
          dist[n] = nd;
          first[n] = (p == u.pos ? Dir(k) : first[p]);
          pq.push(DP(nd, n));
        }
      }
    }
    return ans;
  }

  /**
   * Play method, invoked once per each round.
   */
  virtual void play () {
    if (round() == 0) {
      for (int k = 0; k < nb_cities(); ++k)
        for (Pos p : city(k)) structure_cells.insert(p);
      for (int k = 0; k < nb_paths(); ++k)
        for (Pos p : path(k).second) structure_cells.insert(p);
      cerr << "Greedy cerr: " << structure_cells.size() << " city and path cells" << endl;
    }
    total += total_score(me());
    target_of.clear();
    vector<int> mine = orks(me());
    sort(mine.begin(), mine.end(), [&](int a, int b) { return unit(a).health > unit(b).health; });
    int moving = 0;
    for (int id : mine) {
      Unit u = unit(id);
      if (structure_cells.count(u.pos) and is_target(u.pos)) continue;  // hold it
      Dir d = cheapest(u);
      if (d != NONE) {
        execute(Command(id, d));
        ++moving;
      }
    }
    if (round() % 50 == 49)
      cout << "Greedy cout: round " << round() << " moving " << moving << " sum of scores " << total << endl;
  }

};


/**
 * Do not modify the following line.
 */
RegisterPlayer(PLAYER_NAME);
