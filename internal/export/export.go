// Package export ships guard's audit log to an OpenTelemetry Collector (or
// any OTLP/HTTP logs endpoint) from the console service, `guard serve`. It
// is never linked into the hook's work: only cmd/guard's serve and service
// commands import it.
//
// # Records
//
// Every audit record becomes one OpenTelemetry log record, encoded by hand
// (otlp.go, wire.go: the protobuf wire format, no protobuf library) and
// posted as an OTLP/HTTP protobuf request (gzip): the record's time as its
// timestamp, severity INFO for an allow and WARN for a block, and the audit
// fields as attributes under guard. (guard.hook, guard.verdict,
// guard.rule, guard.input_hash, guard.prev_hash, guard.hash…). The resource carries service.name=guard,
// service.version and host.name. The log holds no prompt, command or file
// text, and neither does what is shipped.
//
// # Delivery
//
// At least once, in log order. Batches of at most maxBatchRecords records
// (or maxBatchBytes of log) are sent one at a time; after each 2xx answer
// the cursor (the offset shipped up to and the chain hash of the last
// record) is saved atomically in guard's state directory. A restart
// resumes from it: a batch in flight when guard stopped is sent again, so a
// crash can repeat records (guard.hash identifies them), never skip one.
// Connection errors and answers 408, 429, 5xx are retried with exponential
// backoff (Retry-After honoured); any other 4xx is reported and retried
// after permanentWait, never in a tight loop.
//
// # Chain breaks
//
// Each record's prev_hash must be the hash of the record shipped before it.
// When it is not, or the cursor's record is no longer in the log (the log
// was rewritten, cut or replaced), the exporter sends an ERROR record
// (event guard.chain_break with the expected and found hashes) before the
// records that follow, shows the break in the console (/api/export), and
// goes on: after a record that does not chain, from that record; after a
// cursor that no longer holds, from the start of the log, shipping again
// whatever it now holds. Nothing the log holds is skipped.
package export

import (
	"context"
	"errors"
	"io"
	"os"
	"slices"
	"time"

	"github.com/guardhq/guard/internal/audit"
)

// Limits and timings of the exporter.
const (
	maxBatchRecords = 2000
	maxBatchBytes   = 2 << 20
	// pollEvery is how often the exporter looks for new records once it has
	// shipped all there were: the bound on a record's wait before it is sent.
	pollEvery = 250 * time.Millisecond
	// retryMin and retryMax bound the backoff between retries.
	retryMin = 250 * time.Millisecond
	retryMax = 30 * time.Second
	// permanentWait is the wait after an answer that a retry cannot change.
	permanentWait = 5 * time.Minute
	// stopGrace is how long a request in flight may still take once Run is
	// asked to stop: its answer, and the cursor it moves, are kept.
	stopGrace = 5 * time.Second
)

// Options configure an Exporter.
type Options struct {
	// Log is the audit log's path, Cursor the cursor file's (CursorPath).
	Log, Cursor string
	// Config is where and how to send.
	Config Config
	// Version is guard's version, the resource's service.version.
	Version string
	// Host is the resource's host.name; empty means os.Hostname.
	Host string
}

// Exporter ships the audit log. Make one with New; Run does the work and
// Status reports on it.
type Exporter struct {
	opt    Options
	send   *sender
	res    []byte // the Resource's content (encodeResource)
	status *tracker
	sleep  func(ctx context.Context, d time.Duration) error
	now    func() time.Time
	poll   time.Duration // pollEvery; tests shorten it
}

// New returns an exporter for opt. It reads the CA file now.
func New(opt Options) (*Exporter, error) {
	s, err := newSender(opt.Config)
	if err != nil {
		return nil, err
	}
	res := map[string]string{}
	for k, v := range opt.Config.Resource {
		res[k] = v
	}
	host := opt.Host
	if host == "" {
		host, _ = os.Hostname()
	}
	res["service.name"] = "guard"
	res["service.version"] = opt.Version
	res["host.name"] = host
	keys := make([]string, 0, len(res))
	for k := range res {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return &Exporter{opt: opt, send: s, res: encodeResource(keys, res), status: newTracker(opt.Config.URL),
		sleep: sleepCtx, now: time.Now, poll: pollEvery}, nil
}

// Run ships the log until ctx is done, and returns ctx's error; a request
// in flight then has stopGrace to be answered, and its cursor is saved. Failures
// (no log yet, a collector down, an unwritable cursor) are reported in
// Status and retried; none ends Run.
func (e *Exporter) Run(ctx context.Context) error {
	cur, err := readCursor(e.opt.Cursor)
	if err != nil {
		e.status.fail(err, false, e.now())
	}
	e.status.cursor(cur)
	for ctx.Err() == nil {
		err := e.follow(ctx, &cur)
		if err != nil && ctx.Err() == nil {
			e.status.fail(err, false, e.now())
		}
		if e.sleep(ctx, e.poll) != nil {
			break
		}
	}
	return ctx.Err()
}

// follow ships one file of the log, from the cursor on, until the path
// names another file, the file shrinks, or an error.
func (e *Exporter) follow(ctx context.Context, cur *Cursor) error {
	f, err := audit.OpenLog(e.opt.Log)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	var pending []Break
	if br, ok := cur.check(f, fi.Size()); !ok {
		br.Time = e.now().UTC().Format(time.RFC3339)
		pending = append(pending, br)
		shipped := cur.Shipped
		*cur = zeroCursor()
		cur.Shipped = shipped
	}
	t := &tail{f: f, path: e.opt.Log, info: fi}
	// The next batch is read and encoded while the one before is in
	// flight: read is where reading goes on, *cur what the collector
	// acknowledged (written by the delivery, read only after it).
	read := *cur
	var inflight chan error
	wait := func() error {
		if inflight == nil {
			return nil
		}
		err := <-inflight
		inflight = nil
		return err
	}
	defer func() { _ = wait() }()
	// Two buffers take turns: sent holds the request in flight, free one
	// no request uses any more (a backlog reuses them, batch after batch).
	var sent, free []byte
	for {
		b, err := e.fill(ctx, t, &read, pending, free)
		pending, free = nil, nil
		if b.n > 0 {
			body := b.request()
			if err := wait(); err != nil {
				return err
			}
			free, sent = sent, b.records
			if ctx.Err() != nil {
				return ctx.Err() // stopping: no new request
			}
			done := make(chan error, 1)
			go func() { done <- e.deliver(ctx, body, b, cur) }()
			inflight = done
			read = b.cursor(0)
			continue
		}
		free = b.records // not sent
		if err := wait(); err != nil {
			return err
		}
		if err != nil {
			return err
		}
		if err := e.sleep(ctx, e.poll); err != nil {
			return err
		}
		if moved, err := t.moved(cur.Off); moved || err != nil {
			return err
		}
	}
}

// fill reads complete lines from the tail after the cursor into a new
// batch encoded into buf (newBatch), up to the batch limits or the end of
// what is written, with the breaks in pending first. The batch's end state
// is what the cursor becomes once the collector acknowledges it.
func (e *Exporter) fill(ctx context.Context, t *tail, cur *Cursor, pending []Break, buf []byte) (*batch, error) {
	b := newBatch(e.res, buf)
	b.end, b.head, b.start = cur.Off, cur.Head, cur.HeadStart
	headEnd := cur.HeadEnd
	now := e.now()
	for _, br := range pending {
		e.report(b, br, now)
	}
	r := t.reader(cur.Off)
	var f audit.Fields
	for b.n < maxBatchRecords && b.bytes < maxBatchBytes {
		l, err := r.Next()
		if err == io.EOF || err == nil && !l.Terminated {
			break
		}
		if err != nil {
			return b, err
		}
		off := cur.Off + l.Off
		b.end, b.bytes = cur.Off+l.End, b.bytes+(l.End-l.Off)
		var br Break
		switch {
		case l.TooLong:
			br = Break{Reason: "line_too_long", Expected: b.head, Found: "a line over the length limit"}
			b.head, b.start, headEnd = "", off, off
		case audit.Scan(l.Bytes, &f) != nil:
			if audit.IsTorn(l.Bytes) {
				continue // no link: the next record chains from the one before
			}
			br = Break{Reason: "invalid_line", Expected: b.head, Found: hashOf(l.Bytes)}
			b.head, b.start, headEnd = br.Found, off, off+int64(len(l.Bytes))
		default:
			if string(f.PrevHash) != b.head {
				e.report(b, Break{Reason: "prev_hash", Expected: b.head, Found: string(f.PrevHash), Offset: off}, now)
			}
			h := hashOf(l.Bytes)
			b.addRecord(&f, h, uint64(now.UnixNano()))
			b.head, b.start, headEnd = h, off, off+int64(len(l.Bytes))
			continue
		}
		br.Offset = off
		e.report(b, br, now)
	}
	b.headEnd = headEnd
	return b, ctx.Err()
}

// report adds the error record of br to b and shows br in the status.
func (e *Exporter) report(b *batch, br Break, now time.Time) {
	if br.Time == "" {
		br.Time = now.UTC().Format(time.RFC3339)
	}
	e.status.broke(br)
	b.addBreak(br, uint64(now.UnixNano()))
}

// deliver sends body, the encoded batch b, until the collector acknowledges
// it, then saves the cursor it reaches in *cur and the cursor file.
func (e *Exporter) deliver(ctx context.Context, body []byte, b *batch, cur *Cursor) error {
	sctx, cancel := graceContext(ctx, stopGrace)
	defer cancel()
	for try := 0; ; try++ {
		err := e.send.send(sctx, body)
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		wait := backoff(try, retryMin, retryMax)
		var re *RetryError
		var pe *PermanentError
		switch {
		case errors.As(err, &re) && re.After > 0:
			wait = re.After
		case errors.As(err, &pe):
			wait = permanentWait
		}
		e.status.fail(err, pe != nil, e.now())
		if err := e.sleep(ctx, wait); err != nil {
			return err
		}
	}
	next := b.cursor(cur.Shipped + int64(b.n))
	*cur = next
	e.status.acked(next, b.n, e.now())
	return writeCursor(e.opt.Cursor, next)
}

// Status returns what the exporter has done so far.
func (e *Exporter) Status() Status { return e.status.get() }

// graceContext returns a context that ends grace after ctx does: a request
// in flight when the exporter is stopped may still get its answer, so that
// a graceful stop does not send the batch again at the next start.
func graceContext(ctx context.Context, grace time.Duration) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancel(context.WithoutCancel(ctx))
	go func() {
		select {
		case <-ctx.Done():
			t := time.NewTimer(grace)
			defer t.Stop()
			select {
			case <-t.C:
				cancel()
			case <-c.Done():
			}
		case <-c.Done():
		}
	}()
	return c, cancel
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
