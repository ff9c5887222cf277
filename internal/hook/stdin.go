package hook

import (
	"errors"
	"io"
	"os"
	"time"
)

// errStdinTimeout is what readWithin returns when the payload did not arrive
// in time.
var errStdinTimeout = errors.New("standard input stayed open")

// readBounded reads r to its end into buf, which holds at most len(buf)
// bytes, and returns what it read. It stops at len(buf) bytes: a payload
// that fills buf is over the limit (buf is one byte longer than the limit).
// before, when set, is called before each read and may refuse it.
func readBounded(r io.Reader, buf []byte, before func() error) ([]byte, error) {
	n := 0
	for n < len(buf) {
		if before != nil {
			if err := before(); err != nil {
				return nil, err
			}
		}
		m, err := r.Read(buf[n:])
		n += m
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	return buf[:n:n], nil
}

// readWithin reads the payload from r, at most max+1 bytes, within timeout
// (a negative timeout: no bound). Standard input, an *os.File, is read in
// the calling goroutine into one buffer of max+1 bytes (the pages it does
// not fill are never touched): with a read deadline when its descriptor is
// in non-blocking mode, else (the usual pipe) each read waits for data
// with poll(2) first, where the system has it. Any other reader, and any
// file on a system without poll, is read by a goroutine raced against a
// timer.
func readWithin(r io.Reader, max int, timeout time.Duration) ([]byte, error) {
	f, isFile := r.(*os.File)
	if !isFile {
		return readRaced(func() ([]byte, error) { return io.ReadAll(io.LimitReader(r, int64(max)+1)) }, timeout)
	}
	buf := make([]byte, max+1)
	if timeout < 0 {
		return readBounded(f, buf, nil)
	}
	deadline := time.Now().Add(timeout)
	if err := f.SetReadDeadline(deadline); err == nil {
		defer f.SetReadDeadline(time.Time{})
		data, err := readBounded(f, buf, nil)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, errStdinTimeout
		}
		return data, err
	}
	if wait, ok := pollWaiter(f); ok {
		return readBounded(f, buf, func() error { return wait(deadline) })
	}
	return readRaced(func() ([]byte, error) { return readBounded(f, buf, nil) }, timeout)
}

// readRaced runs read in a goroutine and gives up after timeout (a negative
// one: never).
func readRaced(read func() ([]byte, error), timeout time.Duration) ([]byte, error) {
	if timeout < 0 {
		return read()
	}
	type result struct {
		data []byte
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		data, err := read()
		ch <- result{data, err}
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case res := <-ch:
		return res.data, res.err
	case <-t.C:
		return nil, errStdinTimeout
	}
}
