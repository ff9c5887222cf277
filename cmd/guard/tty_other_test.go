//go:build !linux

package main

import (
	"errors"
	"os"
)

// openTerminal is only implemented on Linux; scripts that need it are
// limited to Linux with [linux].
func openTerminal() (*os.File, func(), error) {
	return nil, nil, errors.New("no pseudo-terminal support in this test on this system")
}
