//go:build !linux && !darwin && !windows

package service

import (
	"errors"
	"runtime"
)

func newBackend(Spec) (backend, error) {
	return nil, hint(errors.New("guard service is not supported on "+runtime.GOOS),
		"start the console yourself with 'guard serve'")
}
