package apocalypse

import (
	"fmt"

	"arena.dev/games"
	"arena.dev/games/apocalypse/proto"
)

// maxLog bounds each player's log of ignored commands.
const maxLog = 200

// match adapts State to games.Match: frames for bots, replay payloads.
type match struct {
	s        *State
	seeds    []uint64 // Redux: the seeds the original gives the teams' generators
	settings games.Settings
	redux    bool
	views    []view
	cmds     []proto.Command
	logs     [][]string // per player: why commands were ignored

	owners []int // the posts' owners, for the views

	before   []Soldier // soldiers before the last Step
	paraWas  []int     // parachuters per helicopter before the last Step
	ownerWas []int
	changes  changes
	executed executed
}

func newMatch(settings games.Settings, s *State, redux bool) *match {
	return &match{s: s, settings: settings, redux: redux, views: make([]view, s.Cfg.Players),
		logs: make([][]string, s.Cfg.Players)}
}

func (m *match) Players() int { return m.s.Cfg.Players }
func (m *match) Rounds() int  { return m.s.Cfg.Rounds }
func (m *match) Round() int   { return m.s.Round }
func (m *match) Done() bool   { return m.s.Round >= m.s.Cfg.Rounds }

// Setup implements games.Match. A Redux bot's generator is seeded as the
// original seeds its team's, from the match's seed.
func (m *match) Setup(p int, seed uint64) []byte {
	if m.seeds != nil {
		seed = m.seeds[p]
	}
	return appendSetup(nil, m.s, m.settings, p, seed, &m.views[p])
}

func (m *match) View(p int, cpu []float64) []byte {
	m.owners = m.owners[:0]
	for _, post := range m.s.Posts {
		m.owners = append(m.owners, post.Owner)
	}
	return appendRound(make([]byte, 0, 1024), m.s, &m.views[p], cpu, m.owners)
}

func (m *match) Commands(p int, frame []byte) (int, error) {
	var err error
	if m.cmds, err = proto.DecodeCommands(frame, m.cmds); err != nil {
		return 0, err
	}
	bad := m.s.Register(p, m.cmds)
	for _, why := range bad {
		if len(m.logs[p]) < maxLog {
			m.logs[p] = append(m.logs[p], fmt.Sprintf("round %d: %s", m.s.Round, why))
		}
	}
	return len(bad), nil
}

// Refusals implements games.Refuser: why player p's ignored commands were
// ignored (the first ones, each with its round), for its owner's match log.
func (m *match) Refusals(p int) []string { return m.logs[p] }

// Ignored implements games.Ignorer.
func (m *match) Ignored() []games.Ignored { return m.s.Ignored }

func (m *match) Step() {
	s := m.s
	m.before = append(m.before[:0], s.Soldiers...)
	m.paraWas = m.paraWas[:0]
	for _, h := range s.Helis {
		m.paraWas = append(m.paraWas, len(h.Para))
	}
	m.ownerWas = m.ownerWas[:0]
	for _, post := range s.Posts {
		m.ownerWas = append(m.ownerWas, post.Owner)
	}
	s.Step()
	m.changes = m.diff()
	m.executed = executedOf(s)
}

func (m *match) Scores() []int { return append([]int(nil), m.s.Scores...) }
func (m *match) Changes() any  { return m.changes }
func (m *match) Executed() any { return m.executed }
func (m *match) Initial() any  { return initialOf(m.s, m.redux) }
