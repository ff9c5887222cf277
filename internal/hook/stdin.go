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

// errTooLarge is what readWithin returns for a payload over its limit when
// it handed the payload to a rest writer.
var errTooLarge = errors.New("payload over the limit")

// MaxSkim bounds how much of a payload over MaxPayload the hook reads on,
// only to answer it in the form its client acts on (agent.Skim).
const MaxSkim = 256 << 20

// skimLimit is MaxSkim; tests lower it.
var skimLimit = MaxSkim

// firstRead is the buffer readBounded starts with; it doubles as a payload
// fills it. A hook's payload is a few KiB: a buffer of the whole limit would
// map megabytes of heap in every call.
const firstRead = 64 << 10

// readBounded reads r to its end, at most limit bytes, and returns what it
// read. A payload that reaches limit is over the limit (limit is one byte
// more than the largest payload taken). Then, when rest is set, it hands
// rest the payload read and what follows,
// and returns errTooLarge (see drain). before, when set, is called before
// each read and may refuse it.
func readBounded(r io.Reader, limit int, before func() error, rest io.Writer) ([]byte, error) {
	buf := make([]byte, min(limit, firstRead))
	n := 0
	for n < limit {
		if n == len(buf) {
			buf = append(buf, make([]byte, min(len(buf), limit-len(buf)))...)
		}
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
	if n == limit && rest != nil {
		return nil, drain(r, buf, before, rest)
	}
	return buf[:n:n], nil
}

// drain hands rest a payload over the limit: buf, full, then what follows
// in r, read into buf again, until r ends or fails (the time-out too), or
// MaxSkim bytes in all. It returns errTooLarge: the payload is not checked,
// only answered.
func drain(r io.Reader, buf []byte, before func() error, rest io.Writer) error {
	rest.Write(buf)
	for total := len(buf); total < skimLimit; {
		if before != nil && before() != nil {
			break
		}
		m, err := r.Read(buf[:min(len(buf), skimLimit-total)])
		rest.Write(buf[:m])
		total += m
		if err != nil {
			break
		}
	}
	return errTooLarge
}

// readWithin reads the payload from r, at most max+1 bytes, within timeout
// (a negative timeout: no bound); a payload over max goes to rest when it
// is set (readBounded). Standard input, an *os.File, is read in the calling
// goroutine into one buffer of max+1 bytes (the pages it does not fill are
// never touched): with a read deadline when its descriptor is in
// non-blocking mode, else (the usual pipe) each read waits for data with
// poll(2) first, where the system has it. Any other reader, and any file on
// a system without poll, is read by a goroutine raced against a timer; on
// its time-out rest may still be written to, and must not be read.
func readWithin(r io.Reader, max int, timeout time.Duration, rest io.Writer) ([]byte, error) {
	f, isFile := r.(*os.File)
	if !isFile {
		return readRaced(func() ([]byte, error) {
			data, err := io.ReadAll(io.LimitReader(r, int64(max)+1))
			if err != nil || len(data) <= max || rest == nil {
				return data, err
			}
			rest.Write(data)
			io.Copy(rest, io.LimitReader(r, int64(skimLimit-len(data))))
			return nil, errTooLarge
		}, timeout)
	}
	buf := max + 1
	if timeout < 0 {
		return readBounded(f, buf, nil, rest)
	}
	deadline := time.Now().Add(timeout)
	if err := f.SetReadDeadline(deadline); err == nil {
		defer f.SetReadDeadline(time.Time{})
		data, err := readBounded(f, buf, nil, rest)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, errStdinTimeout
		}
		return data, err
	}
	if wait, ok := pollWaiter(f); ok {
		return readBounded(f, buf, func() error { return wait(deadline) }, rest)
	}
	return readRaced(func() ([]byte, error) { return readBounded(f, buf, nil, rest) }, timeout)
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
