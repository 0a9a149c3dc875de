package games

import "fmt"

// Roster is a game's built-in bots, weakest first (Null, Demo, Dummy):
// their names in order and how to make each. B is the bot type of the
// game's SDK (its sdk.Bot). A game's bots package declares its roster; the
// game lists its Names in Info.Bots and makes its bots' agents with Agent.
type Roster[B any] struct {
	game    string
	bots    []Builtin[B]
	session func(B) Handler
}

// Builtin is one built-in bot: its name, and New makes a fresh one (a bot
// keeps state between rounds, so every match needs its own).
type Builtin[B any] struct {
	Name string
	New  func() B
}

// NewRoster returns the roster of game (its id, for messages) with bots in
// order; session is the SDK's NewSession, which runs a bot in-process. It
// panics on a name given twice: a mistake in the game's code.
func NewRoster[B any, H Handler](game string, session func(B) H, bots []Builtin[B]) *Roster[B] {
	seen := map[string]bool{}
	for _, b := range bots {
		if seen[b.Name] {
			panic(fmt.Sprintf("games: %s has two built-in bots called %q", game, b.Name))
		}
		seen[b.Name] = true
	}
	return &Roster[B]{game: game, bots: bots, session: func(b B) Handler { return session(b) }}
}

// ReferenceRoster is NewRoster for the three reference bots every game
// has, made by null, demo and dummy (weakest first).
func ReferenceRoster[B any, H Handler](game string, session func(B) H, null, demo, dummy func() B) *Roster[B] {
	return NewRoster(game, session, []Builtin[B]{{Name: "Null", New: null}, {Name: "Demo", New: demo}, {Name: "Dummy", New: dummy}})
}

// Names lists the bots' names, weakest first.
func (r *Roster[B]) Names() []string {
	names := make([]string, len(r.bots))
	for i, b := range r.bots {
		names[i] = b.Name
	}
	return names
}

// New returns a fresh bot by name.
func (r *Roster[B]) New(name string) (B, error) {
	for _, b := range r.bots {
		if b.Name == name {
			return b.New(), nil
		}
	}
	var none B
	return none, fmt.Errorf("%s: no built-in bot %q (known: %v)", r.game, name, r.Names())
}

// Agent returns a fresh bot by name as an in-process agent (Game.NewBot):
// it plays through its SDK's session, so frames are encoded and decoded
// as for a compiled bot.
func (r *Roster[B]) Agent(name string) (Agent, error) {
	b, err := r.New(name)
	if err != nil {
		return nil, err
	}
	return &Native{H: r.session(b)}, nil
}
