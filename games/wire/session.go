package wire

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// State is a game SDK's side of one match: it decodes the host's frames
// into what the bot may read, and encodes the bot's commands.
type State interface {
	// Setup decodes the setup frame.
	Setup(frame []byte) error
	// Update decodes a round frame.
	Update(frame []byte) error
	// Play lets the bot play the round just decoded and appends its
	// commands frame to b.
	Play(b []byte) []byte
}

// Session handles the frames of one match for a bot: the first is the
// setup, every other a round answered with the bot's commands. Run uses it
// over standard input and output; the host uses it in-process for
// built-in bots (games.Native).
type Session struct {
	st      State
	started bool
	reply   []byte
}

// NewSession starts a session for st.
func NewSession(st State) *Session { return &Session{st: st} }

// Handle decodes one frame from the host and returns the reply frame,
// which is reused by the next call.
func (s *Session) Handle(frame []byte) ([]byte, error) {
	if !s.started {
		if err := s.st.Setup(frame); err != nil {
			return nil, fmt.Errorf("setup frame: %w", err)
		}
		s.started = true
		return s.reply[:0], nil
	}
	if err := s.st.Update(frame); err != nil {
		return nil, fmt.Errorf("round frame: %w", err)
	}
	s.reply = s.st.Play(s.reply[:0])
	return s.reply, nil
}

// Run plays a match over standard input and output (docs/protocol.md)
// and returns when the host closes standard input. Before the bot runs,
// the standard output the bot sees becomes standard error, its debug
// log, so printing cannot corrupt the protocol. On a protocol error it
// exits with status 1.
func Run(s *Session) {
	out := os.Stdout
	os.Stdout = os.Stderr
	if err := Serve(os.Stdin, out, s); err != nil {
		fmt.Fprintln(os.Stderr, "sdk:", err)
		os.Exit(1)
	}
}

// Serve speaks the protocol on in and out until in ends: the hello
// frame, then one reply per frame read.
func Serve(in io.Reader, out io.Writer, s *Session) error {
	w := bufio.NewWriter(out)
	flush := func(frame []byte) error {
		if err := Write(w, frame); err != nil {
			return err
		}
		return w.Flush()
	}
	if err := flush([]byte(Hello)); err != nil {
		return err
	}
	r := bufio.NewReader(in)
	var buf []byte
	for {
		frame, err := Read(r, buf, 0)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		buf = frame
		reply, err := s.Handle(frame)
		if err != nil {
			return err
		}
		if err := flush(reply); err != nil {
			return err
		}
	}
}

// Bot is a player of an SDK whose bots read a game of type G (the SDK's
// *Game): Play is called once per round and gives the round's commands.
type Bot[G any] interface {
	Play(g G)
}

// Codec is an SDK's own part of a bot's side of a match: how the host's
// frames become the game its bots read, G, and how the commands a bot
// gave in a round become a frame. Adapter does the rest.
type Codec[G any] struct {
	// Setup decodes the setup frame into a new game.
	Setup func(frame []byte) (G, error)
	// Round decodes a round frame into g, ready for the bot's turn.
	Round func(g G, frame []byte) error
	// Commands appends the commands frame of what the bot gave this
	// round to b, and clears them for the next round.
	Commands func(g G, b []byte) []byte
}

// Adapter is one bot's side of a match, the State of its Session: it
// decodes the host's frames with its SDK's Codec and lets the bot play
// each round. Session calls Setup first, so Update and Play always have a
// game.
type Adapter[G any] struct {
	bot   Bot[G]
	codec Codec[G]
	game  G
}

// NewAdapter returns the side of a match of bot, whose SDK's codec is c.
func NewAdapter[G any](bot Bot[G], c Codec[G]) *Adapter[G] {
	return &Adapter[G]{bot: bot, codec: c}
}

// Setup implements State.
func (a *Adapter[G]) Setup(frame []byte) (err error) {
	a.game, err = a.codec.Setup(frame)
	return err
}

// Update implements State.
func (a *Adapter[G]) Update(frame []byte) error { return a.codec.Round(a.game, frame) }

// Play implements State.
func (a *Adapter[G]) Play(b []byte) []byte {
	a.bot.Play(a.game)
	return a.codec.Commands(a.game, b)
}

// Game is the game as the last frame left it.
func (a *Adapter[G]) Game() G { return a.game }
