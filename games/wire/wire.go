// Package wire frames the messages between the host and a bot.
//
// It is part of every bot's SDK, so it uses the standard library only.
// A frame is a 4-byte little-endian length followed by that many bytes.
// The session is described in docs/protocol.md.
package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Hello is the first frame a bot writes, once its runtime has started.
// The host starts charging CPU time to the player only after reading it.
const Hello = "arena-bot/1"

// MaxFrame bounds a frame in either direction; a longer one breaks the protocol.
const MaxFrame = 16 << 20

// ErrTooLarge reports a frame whose announced length exceeds the limit.
var ErrTooLarge = errors.New("wire: frame too large")

// Write writes one frame.
func Write(w io.Writer, payload []byte) error {
	if len(payload) > MaxFrame {
		return ErrTooLarge
	}
	buf := make([]byte, 4+len(payload))
	binary.LittleEndian.PutUint32(buf, uint32(len(payload)))
	copy(buf[4:], payload)
	_, err := w.Write(buf)
	return err
}

// Read reads one frame of at most limit bytes (MaxFrame when limit <= 0).
// It reuses buf when it is large enough.
func Read(r io.Reader, buf []byte, limit int) ([]byte, error) {
	if limit <= 0 || limit > MaxFrame {
		limit = MaxFrame
	}
	var hdr [4]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, err
	}
	n := int(binary.LittleEndian.Uint32(hdr[:]))
	if n > limit {
		return nil, fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, n, limit)
	}
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	if _, err := io.ReadFull(r, buf); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return buf, nil
}
