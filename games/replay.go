package games

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/klauspost/compress/gzip"
)

// ReplayFormat is the version written in every replay (docs/replay.md).
const ReplayFormat = 1

// Replay is a whole match, as documented in docs/replay.md.
type Replay struct {
	Format      int             `json:"format"`
	Game        string          `json:"game"`
	Settings    Settings        `json:"settings"`
	Seed        uint64          `json:"seed"`
	Players     []string        `json:"players"`
	CPUBudgetMS int64           `json:"cpu_budget_ms"`
	Initial     json.RawMessage `json:"initial"`
	Rounds      []ReplayRound   `json:"rounds"`
	End         End             `json:"end"`
	// Refused holds, per player, why some of its commands were ignored,
	// when the match is a Refuser: for that player's owner only, so it is
	// not written with the replay.
	Refused [][]string `json:"-"`
	// Logs are the bots' debug logs cut by round, in a replay written on
	// the player's own machine (arena play), whose bots are all theirs.
	// The server never writes them into a replay: a log is its owner's.
	Logs []SeatLog `json:"logs,omitempty"`
}

// SeatLog is one seat's debug log, cut by round.
type SeatLog struct {
	Seat   int        `json:"seat"`
	Rounds []LogRound `json:"rounds"`
}

// LogRound is what a bot printed in one round (-1: during its setup),
// written as [round, "text"].
type LogRound struct {
	Round int
	Text  string
}

// MarshalJSON writes [round, "text"].
func (l LogRound) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{l.Round, l.Text})
}

// UnmarshalJSON reads [round, "text"].
func (l *LogRound) UnmarshalJSON(data []byte) error {
	var a [2]json.RawMessage
	if err := json.Unmarshal(data, &a); err != nil {
		return err
	}
	if err := json.Unmarshal(a[0], &l.Round); err != nil {
		return err
	}
	return json.Unmarshal(a[1], &l.Text)
}

// LogByRound turns a bot's log cut by exchange (the sandbox's
// Bot.LogByExchange) into rounds: exchange 0 is the setup (round -1),
// exchange k round k-1, and what the bot printed after the last of the
// played rounds counts in that one. Rounds it printed nothing in are left
// out.
func LogByRound(sections [][]byte, played int) []LogRound {
	var out []LogRound
	for k, b := range sections {
		if len(b) == 0 {
			continue
		}
		r := min(k-1, max(played-1, -1))
		if n := len(out); n > 0 && out[n-1].Round == r {
			out[n-1].Text += string(b)
			continue
		}
		out = append(out, LogRound{Round: r, Text: string(b)})
	}
	return out
}

// ReplayRound is one round: its game-specific changes and executed commands,
// then every player's total score and CPU status (fraction used, -1 frozen).
type ReplayRound struct {
	Round    int             `json:"round"`
	Changes  json.RawMessage `json:"changes"`
	Commands json.RawMessage `json:"commands"`
	Scores   []int           `json:"scores"`
	CPU      []float64       `json:"cpu"`
	// Ignored lists the commands the engine ignored in the round, every
	// player's, in the order they were given; nil (and not written) when
	// none were, as in most rounds.
	Ignored []Ignored `json:"ignored,omitempty"`
}

// Ignored is one command the engine ignored: the player who gave it, the
// unit it named (-1 when it names none, e.g. a jump) and why, in a few
// words. It is written as [player, unit, "why"].
type Ignored struct {
	Player int
	Unit   int
	Why    string
}

// MarshalJSON writes [player, unit, "why"].
func (ig Ignored) MarshalJSON() ([]byte, error) {
	return ig.appendJSON(nil), nil
}

func (ig Ignored) appendJSON(b []byte) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(ig.Player), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(ig.Unit), 10)
	b = append(b, ',')
	why, _ := json.Marshal(ig.Why) // a string always marshals
	b = append(b, why...)
	return append(b, ']')
}

// UnmarshalJSON reads [player, unit, "why"].
func (ig *Ignored) UnmarshalJSON(data []byte) error {
	var a [3]json.RawMessage
	if err := json.Unmarshal(data, &a); err != nil {
		return err
	}
	if err := json.Unmarshal(a[0], &ig.Player); err != nil {
		return err
	}
	if err := json.Unmarshal(a[1], &ig.Unit); err != nil {
		return err
	}
	return json.Unmarshal(a[2], &ig.Why)
}

// End is the outcome of a match. CPU is each player's CPU for the whole
// match as a fraction of its budget, a frozen player's included (the
// rounds say -1 once it is frozen): up to its freeze, and at least 1 when
// its budget ran out. Replays written before it have none.
type End struct {
	Rounds  int       `json:"rounds"`
	Scores  []int     `json:"scores"`
	Winners []int     `json:"winners"`
	Frozen  []Frozen  `json:"frozen"`
	Invalid []int     `json:"invalid"`
	CPU     []float64 `json:"cpu,omitempty"`
}

// Frozen records when and why a player stopped playing: the round (from
// 0; -1 is the setup), the kind of freeze (a Freeze constant; empty in
// replays from before kinds were recorded) and the details, in words that
// follow the kind's (Words).
type Frozen struct {
	Player int    `json:"player"`
	Round  int    `json:"round"`
	Kind   string `json:"kind,omitempty"`
	Reason string `json:"reason"`
}

// IsFrozen reports whether player p was frozen.
func (e End) IsFrozen(p int) bool {
	for _, f := range e.Frozen {
		if f.Player == p {
			return true
		}
	}
	return false
}

// WriteGzip writes the replay as gzip-compressed JSON, with klauspost's
// gzip at its default level: 3–4× faster than the standard library's for
// a replay 5% larger (an Apocalypse replay: 1.2 ms instead of 4.3 ms), and
// the best level is 4× slower again for 1% less.
func (r *Replay) WriteGzip(w io.Writer) error {
	b, err := r.JSON()
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(w)
	if _, err := zw.Write(append(b, '\n')); err != nil {
		return err
	}
	return zw.Close()
}

// Gzip returns the replay as gzip-compressed JSON.
func (r *Replay) Gzip() ([]byte, error) {
	var b bytes.Buffer
	err := r.WriteGzip(&b)
	return b.Bytes(), err
}

// ReadReplay reads a replay, gzip-compressed or not.
func ReadReplay(rd io.Reader) (*Replay, error) {
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, err
		}
	}
	var r Replay
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if r.Format != ReplayFormat {
		return nil, fmt.Errorf("replay: format %d, want %d", r.Format, ReplayFormat)
	}
	return &r, nil
}

// JSON returns the replay as (uncompressed) JSON, byte for byte what
// json.Marshal gives. The rounds are written here: json.Marshal would
// check and compact every round's changes and commands again, which the
// match already marshalled (a quarter of an Apocalypse replay's cost).
func (r *Replay) JSON() ([]byte, error) {
	type head Replay // without the method set
	h := (*head)(r)
	rounds := h.Rounds
	h.Rounds = nil
	b, err := json.Marshal(h)
	h.Rounds = rounds
	if err != nil {
		return nil, err
	}
	// b is {…,"rounds":null,"end":{…}}: splice the rounds in place of null.
	i := bytes.LastIndex(b, []byte(`,"rounds":null,"end":`))
	if i < 0 {
		return nil, fmt.Errorf("replay: unexpected encoding")
	}
	out := make([]byte, 0, len(b)+r.roundsSize())
	out = append(out, b[:i]...)
	out = append(out, `,"rounds":[`...)
	for k, rd := range rounds {
		if k > 0 {
			out = append(out, ',')
		}
		if out, err = rd.appendJSON(out); err != nil {
			return nil, err
		}
	}
	out = append(out, ']')
	return append(out, b[i+len(`,"rounds":null`):]...), nil
}

func (r *Replay) roundsSize() int {
	n := 0
	for _, rd := range r.Rounds {
		n += len(rd.Changes) + len(rd.Commands) + 64 + 12*len(rd.CPU)
	}
	return n
}

// appendJSON appends the round as json.Marshal writes it; its changes and
// commands come from json.Marshal, so they are valid and compact.
func (rd *ReplayRound) appendJSON(b []byte) ([]byte, error) {
	raw := func(m json.RawMessage) []byte {
		if m == nil {
			return []byte("null")
		}
		return m
	}
	b = append(b, `{"round":`...)
	b = strconv.AppendInt(b, int64(rd.Round), 10)
	b = append(b, `,"changes":`...)
	b = append(b, raw(rd.Changes)...)
	b = append(b, `,"commands":`...)
	b = append(b, raw(rd.Commands)...)
	b = append(b, `,"scores":`...)
	if rd.Scores == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, v := range rd.Scores {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, ']')
	}
	b = append(b, `,"cpu":`...)
	if rd.CPU == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, f := range rd.CPU {
			if i > 0 {
				b = append(b, ',')
			}
			if math.IsInf(f, 0) || math.IsNaN(f) {
				return nil, fmt.Errorf("replay: round %d: CPU %v is not JSON", rd.Round, f)
			}
			b = appendFloat(b, f)
		}
		b = append(b, ']')
	}
	if len(rd.Ignored) > 0 {
		b = append(b, `,"ignored":[`...)
		for i, ig := range rd.Ignored {
			if i > 0 {
				b = append(b, ',')
			}
			b = ig.appendJSON(b)
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// appendFloat formats f as encoding/json does: the shortest form, with an
// exponent only below 1e-6 or from 1e21, and e-07 written e-7.
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}
