// Package audit writes and reads guard's append-only, hash-chained audit log.
package audit

import (
	"errors"

	"github.com/guardhq/guard/internal/event"
)

// Append writes rec as one JSON line at the end of the log at path, under an
// exclusive lock, after setting rec.PrevHash to the SHA-256 of the previous
// line's bytes (64 zeros for the first record). (stub: being written)
func Append(path string, rec *event.Record) error { return errors.New("audit: not implemented yet") }
