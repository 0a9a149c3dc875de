// Action.hh: the commands a player gives in a round.
#ifndef Action_hh
#define Action_hh

#include "Structs.hh"

/**
 * A command: ork id moves one step in direction dir (NONE: stays).
 */
struct Command {

  int id;
  Dir dir;

  Command (int id, Dir dir) : id(id), dir(dir) { }
};

/**
 * The commands given so far this round.
 */
class Action {

public:

  /**
   * Adds a command. A second command to the same ork in a round is
   * ignored with a warning on cerr; more than 1000 calls in a round abort
   * the player (the original's "Too many commands.").
   */
  void execute (Command m);

  Action () : q_(0) { }

private:

  friend class arena::OrkSession;

  static const int MAX_COMMANDS = 1000;

  int q_;               // calls to execute this round
  vector<Command> v_;   // the commands kept, in order
};

inline void Action::execute (Command m) {
  if (++q_ > MAX_COMMANDS) {
    // The original asserts; abort() does not depend on NDEBUG.
    cerr << "error: Too many commands." << endl;
    abort();
  }
  // At most 1000 commands: a scan costs less than a set.
  for (const Command& c : v_)
    if (c.id == m.id) {
      cerr << "warning: command already requested for unit " << m.id << endl;
      return;
    }
  v_.push_back(m);
}

#endif
