package games

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
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
}

// ReplayRound is one round: its game-specific changes and executed commands,
// then every player's total score and CPU status (fraction used, -1 frozen).
type ReplayRound struct {
	Round    int             `json:"round"`
	Changes  json.RawMessage `json:"changes"`
	Commands json.RawMessage `json:"commands"`
	Scores   []int           `json:"scores"`
	CPU      []float64       `json:"cpu"`
}

// End is the outcome of a match.
type End struct {
	Rounds  int      `json:"rounds"`
	Scores  []int    `json:"scores"`
	Winners []int    `json:"winners"`
	Frozen  []Frozen `json:"frozen"`
	Invalid []int    `json:"invalid"`
}

// Frozen records when and why a player stopped playing. Round -1 is setup.
type Frozen struct {
	Player int    `json:"player"`
	Round  int    `json:"round"`
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

// WriteGzip writes the replay as gzip-compressed JSON. The default level:
// the best one is 4× slower for 1% less.
func (r *Replay) WriteGzip(w io.Writer) error {
	zw, err := gzip.NewWriterLevel(w, gzip.DefaultCompression)
	if err != nil {
		return err
	}
	if err := json.NewEncoder(zw).Encode(r); err != nil {
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

// JSON returns the replay as (uncompressed) JSON.
func (r *Replay) JSON() ([]byte, error) { return json.Marshal(r) }
