// Package regularfile opens files that guard reads on the hook path and in
// its commands, refusing anything but a regular file without ever waiting.
//
// The paths come from the user's directory or from an agent's payload. A
// FIFO, a device or a socket in their place could make a read wait forever,
// and a hook call that hangs may be read by the agent as "proceed".
package regularfile

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrNotRegular is returned for a path that names a FIFO, a device, a socket
// or a directory.
var ErrNotRegular = errors.New("not a regular file")

// Open opens the regular file at path for reading. It checks before opening
// (a FIFO's open waits for a writer), opens without blocking where the system
// has FIFOs, and checks again after opening, in case the path was replaced in
// between.
func Open(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errNotRegular(path)
	}
	return openFile(path) // checks the kind again once open (nonblock_*.go)
}

// errNotRegular is ErrNotRegular for path.
func errNotRegular(path string) error { return fmt.Errorf("%s: %w", path, ErrNotRegular) }

// ErrTooLarge is returned by ReadFile for a file over its bound.
var ErrTooLarge = errors.New("file too large")

// ReadFile reads the regular file at path, refusing one larger than max bytes.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: %w (more than %d bytes)", path, ErrTooLarge, max)
	}
	return data, nil
}
