package sdk

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"arena.dev/games/wire"
)

// Run plays a match over standard input and output (docs/protocol.md) and
// returns when the host closes standard input. Before the bot runs, the
// standard output the bot sees becomes standard error, its debug log, so
// printing cannot corrupt the protocol.
func Run(bot Bot) {
	out := os.Stdout
	os.Stdout = os.Stderr
	if err := serve(os.Stdin, out, bot); err != nil {
		fmt.Fprintln(os.Stderr, "sdk:", err)
		os.Exit(1)
	}
}

// serve speaks the protocol on in and out until in ends.
func serve(in io.Reader, out io.Writer, bot Bot) error {
	w := bufio.NewWriter(out)
	flush := func(frame []byte) error {
		if err := wire.Write(w, frame); err != nil {
			return err
		}
		return w.Flush()
	}
	if err := flush([]byte(wire.Hello)); err != nil {
		return err
	}
	r := bufio.NewReader(in)
	s := NewSession(bot)
	var buf []byte
	for {
		frame, err := wire.Read(r, buf, 0)
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
