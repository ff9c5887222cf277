// Package auditsock carries audit records from hook processes inside a
// sandbox to the `guard run` process outside it, which appends them to the
// audit log.
//
// Inside the sandbox guard's directory is read-only, so a hook cannot
// append to the log itself. `guard run` listens on a Unix socket in a
// private directory (mode 0700) and names it in the sandbox's environment
// ([EnvSocket]); a hook that finds the variable sends its record there
// ([Send]) instead of appending, and answers only once the server says the
// record is written. A hook that cannot reach the server gets an error, on
// which it blocks (internal/hook).
//
// # Protocol
//
// One record per connection: the client writes the record as one line of
// JSON (at most [MaxRecord] bytes) and closes its writing side; the server
// appends it with the chain and answers one line, "ok PREV_HASH" or
// "error MESSAGE". The server only appends: no request reads, changes or
// removes a record.
//
// # What a record received this way proves
//
// A process inside the sandbox can connect as well as a hook can (it can
// run the hook itself), so the server trusts nothing it can set itself: it
// stamps the time, the user and the host name of its own ([Options]),
// marks the record as received through guard run ([TagVia] in its tag),
// and refuses records past a rate (a token bucket: [DefaultBurst] at once,
// [DefaultRate] a second after that), so that a flood neither fills the
// disk nor buries the real records; a refused record fails its hook closed.
// What remains: a sandboxed process can append well-formed records of its
// own making, stamped and chained like the real ones. The chain proves that
// no record was changed or removed afterwards and when each was received,
// not that a hook's check made it.
package auditsock

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/guardhq/guard/internal/event"
)

// EnvSocket names the environment variable that holds the socket's path
// inside the sandbox.
const EnvSocket = "GUARD_SOCKET"

// MaxRecord bounds one record on the wire.
const MaxRecord = 64 << 10

// Timeout bounds one exchange: longer than the audit log's lock wait
// (audit.LockTimeout, 10 s), so that a slow append still answers.
const Timeout = 15 * time.Second

// maxConns bounds the exchanges the server handles at once.
const maxConns = 64

// The server's default rate limit: a burst of records at once (an agent's
// parallel tool calls), then records a second.
const (
	DefaultBurst = 200
	DefaultRate  = 20
)

// TagVia is added to the tag of each record received through guard run's
// socket.
const TagVia = "via_guard_run"

// Options are what the server stamps on each record, and its rate limit.
type Options struct {
	// User and Host are the server's own user and host names.
	User, Host string
	// Now is the server's clock (time.Now when nil).
	Now func() time.Time
	// Burst and Rate bound the records appended: Burst at once, Rate a
	// second after that (DefaultBurst, DefaultRate when 0).
	Burst int
	Rate  float64
}

// ErrUnreachable is returned (wrapped) when the server cannot be reached or
// does not answer.
var ErrUnreachable = errors.New("guard run's audit socket cannot be reached")

// Send sends rec to the server listening at sock, waits until it is
// appended and sets rec.PrevHash to the hash it was chained to.
func Send(sock string, rec *event.Record) error {
	line, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	if len(line) >= MaxRecord {
		return fmt.Errorf("audit record of %d bytes: over %d", len(line), MaxRecord)
	}
	conn, err := net.DialTimeout("unix", sock, Timeout)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnreachable, errText(err))
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(Timeout))
	if _, err := conn.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("%w: %v", ErrUnreachable, errText(err))
	}
	if uc, ok := conn.(*net.UnixConn); ok {
		_ = uc.CloseWrite()
	}
	answer, err := io.ReadAll(io.LimitReader(conn, 1024))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnreachable, errText(err))
	}
	s := strings.TrimSuffix(string(answer), "\n")
	if prev, ok := strings.CutPrefix(s, "ok "); ok {
		rec.PrevHash = prev
		return nil
	}
	if msg, ok := strings.CutPrefix(s, "error "); ok {
		return fmt.Errorf("guard run could not append the record: %s", msg)
	}
	return fmt.Errorf("%w: no answer (the guard run process may have ended)", ErrUnreachable)
}

// errText is a network error's text without the socket's path.
func errText(err error) string {
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		return oe.Op + ": " + oe.Err.Error()
	}
	return err.Error()
}

// Server appends the records that hooks send.
type Server struct {
	ln     net.Listener
	append func(*event.Record) error
	opt    Options
	sem    chan struct{}
	wg     sync.WaitGroup
	// Appended counts the records appended; Failed those that could not be.
	mu               sync.Mutex
	appended, failed int
	// The token bucket: tokens left at last.
	tokens float64
	last   time.Time
}

// Listen listens at the socket path and appends each record received with
// appendFn (the caller's append with the chain), stamped with o, until
// Close.
func Listen(path string, appendFn func(*event.Record) error, o Options) (*Server, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Burst <= 0 {
		o.Burst = DefaultBurst
	}
	if o.Rate <= 0 {
		o.Rate = DefaultRate
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("audit socket: %w", err)
	}
	s := &Server{ln: ln, append: appendFn, opt: o, sem: make(chan struct{}, maxConns),
		tokens: float64(o.Burst), last: o.Now()}
	s.wg.Add(1)
	go s.serve()
	return s, nil
}

func (s *Server) serve() {
	defer s.wg.Done()
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			time.Sleep(10 * time.Millisecond) // out of descriptors: let others finish
			continue
		}
		s.sem <- struct{}{}
		s.wg.Add(1)
		go func() {
			defer func() { <-s.sem; s.wg.Done() }()
			s.handle(conn)
		}()
	}
}

// handle reads one record, appends it and answers.
func (s *Server) handle(conn net.Conn) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(Timeout))
	// The buffer holds a whole record: ReadSlice fails on a line longer
	// than its buffer.
	line, err := bufio.NewReaderSize(io.LimitReader(conn, MaxRecord), MaxRecord).ReadSlice('\n')
	if err != nil {
		io.WriteString(conn, "error the record is not one line of at most 64 KiB\n")
		s.count(false)
		return
	}
	var rec event.Record
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	var extra json.RawMessage
	if err := dec.Decode(&rec); err != nil || dec.Decode(&extra) != io.EOF {
		io.WriteString(conn, "error the record is not valid JSON of an audit record\n")
		s.count(false)
		return
	}
	if !s.take() {
		io.WriteString(conn, "error too many records: guard run takes at most "+strconv.Itoa(s.opt.Burst)+" at once and "+strconv.FormatFloat(s.opt.Rate, 'g', -1, 64)+" a second\n")
		s.count(false)
		return
	}
	s.stamp(&rec)
	if err := s.append(&rec); err != nil {
		io.WriteString(conn, "error "+strings.ReplaceAll(err.Error(), "\n", " ")+"\n")
		s.count(false)
		return
	}
	s.count(true)
	io.WriteString(conn, "ok "+rec.PrevHash+"\n")
}

// stamp sets what the server knows itself, whatever the client sent: the
// time, the user, the host, and the tag saying how the record came.
func (s *Server) stamp(rec *event.Record) {
	rec.TS = s.opt.Now().UTC().Format("2006-01-02T15:04:05.000Z07:00")
	rec.User, rec.Host = s.opt.User, s.opt.Host
	if rec.Tag == "" {
		rec.Tag = TagVia
	} else {
		rec.Tag += "," + TagVia
	}
}

// take takes a token from the bucket, reporting false when there is none.
func (s *Server) take() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.opt.Now()
	if d := now.Sub(s.last).Seconds(); d > 0 {
		s.tokens = min(float64(s.opt.Burst), s.tokens+d*s.opt.Rate)
	}
	s.last = now
	if s.tokens < 1 {
		return false
	}
	s.tokens--
	return true
}

func (s *Server) count(ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ok {
		s.appended++
	} else {
		s.failed++
	}
}

// Counts returns the records appended and those that could not be.
func (s *Server) Counts() (appended, failed int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.appended, s.failed
}

// Close stops listening and waits for the exchanges under way.
func (s *Server) Close() error {
	err := s.ln.Close()
	s.wg.Wait()
	return err
}
