// Package lockfile takes exclusive, cross-process locks on open files: flock
// on Unix, LockFileEx on Windows. Locks are advisory and released when the
// file is closed or the process exits, so a crash never leaves one behind.
package lockfile

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// Lock blocks until it holds an exclusive lock on f.
func Lock(f *os.File) error {
	if err := lock(f); err != nil {
		return fmt.Errorf("lock %s: %w", f.Name(), err)
	}
	return nil
}

// TryLock takes an exclusive lock on f if it is free and reports whether it
// did, without waiting. Uncontended, it is one system call, and no thread
// is parked in a blocking one: callers that bound their wait try it first.
func TryLock(f *os.File) (bool, error) {
	ok, err := tryLock(f)
	if err != nil {
		return false, fmt.Errorf("lock %s: %w", f.Name(), err)
	}
	return ok, nil
}

// Unlock releases a lock taken by Lock.
func Unlock(f *os.File) error {
	if err := unlock(f); err != nil {
		return fmt.Errorf("unlock %s: %w", f.Name(), err)
	}
	return nil
}

// LockPath opens (creating with mode 0600 if needed) the file at path, locks
// it and returns a function that unlocks and closes it. Use it to serialise
// read-modify-write cycles on another file, e.g. path = settings + ".lock".
func LockPath(path string) (release func() error, err error) {
	return lockPath(path, Lock)
}

// TryLockPath is LockPath without waiting: when another process holds the
// lock it returns a nil release and a nil error.
func TryLockPath(path string) (release func() error, err error) {
	return lockPath(path, func(f *os.File) error {
		ok, err := TryLock(f)
		if err == nil && !ok {
			return errBusy
		}
		return err
	})
}

var errBusy = errors.New("lock busy")

// ErrTimeout is returned by LockPathWithin when another process held the
// lock for the whole wait.
var ErrTimeout = errors.New("another process has held the lock too long")

// LockPathWithin is LockPath waiting at most wait, so a stuck or hostile
// holder (a `flock` left running) cannot hang the caller. Uncontended, one
// non-blocking call takes the lock and no thread is parked in a blocking
// one. When it gives up, the pending attempt releases the lock as soon as it
// gets it.
func LockPathWithin(path string, wait time.Duration) (release func() error, err error) {
	if release, err := TryLockPath(path); err != nil || release != nil {
		return release, err
	}
	type result struct {
		release func() error
		err     error
	}
	ch := make(chan result, 1)
	go func() {
		release, err := LockPath(path)
		ch <- result{release, err}
	}()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case r := <-ch:
		return r.release, r.err
	case <-t.C:
		go func() {
			if r := <-ch; r.err == nil {
				r.release()
			}
		}()
		return nil, fmt.Errorf("%w (waited %s for %s)", ErrTimeout, wait, path)
	}
}

func lockPath(path string, lock func(*os.File) error) (func() error, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open lock file: %w", err)
	}
	if err := lock(f); err != nil {
		f.Close()
		if err == errBusy {
			return nil, nil
		}
		return nil, err
	}
	return func() error {
		uerr := Unlock(f)
		cerr := f.Close()
		if uerr != nil {
			return uerr
		}
		return cerr
	}, nil
}
