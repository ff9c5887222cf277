package export

import (
	"net/url"
	"sync"
	"time"
)

// maxBreaks is how many chain breaks Status keeps, the latest.
const maxBreaks = 20

// Status is what the exporter reports to the console (/api/export).
type Status struct {
	// Endpoint is the logs URL without its query or fragment.
	Endpoint string `json:"endpoint"`
	// Shipped counts the records acknowledged (breaks included), over the
	// cursor's life; Offset is how far into the log they reach.
	Shipped int64 `json:"shipped"`
	Offset  int64 `json:"offset"`
	// LastAck is when the collector last acknowledged a batch (RFC 3339),
	// "" if not since start.
	LastAck string `json:"last_ack,omitempty"`
	// Error is the last failure, "" once a batch gets through again;
	// Permanent is set when the collector refused the batch (a 4xx a retry
	// cannot change: wrong endpoint, token…), ErrorTime when it happened.
	Error     string `json:"error,omitempty"`
	Permanent bool   `json:"permanent,omitempty"`
	ErrorTime string `json:"error_time,omitempty"`
	// Breaks are the latest chain breaks found since start, oldest first.
	Breaks []Break `json:"breaks"`
}

// tracker keeps the status behind a lock: Run writes, the console reads.
type tracker struct {
	mu sync.Mutex
	s  Status
}

func newTracker(endpoint string) *tracker {
	if u, err := url.Parse(endpoint); err == nil {
		u.RawQuery, u.Fragment = "", ""
		endpoint = u.String()
	}
	return &tracker{s: Status{Endpoint: endpoint, Breaks: []Break{}}}
}

func (t *tracker) get() Status {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.s
	s.Breaks = append([]Break{}, t.s.Breaks...)
	return s
}

func (t *tracker) cursor(c Cursor) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.s.Shipped, t.s.Offset = c.Shipped, c.Off
}

func (t *tracker) acked(c Cursor, n int, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.s.Shipped, t.s.Offset = c.Shipped, c.Off
	t.s.LastAck = now.UTC().Format(time.RFC3339)
	t.s.Error, t.s.Permanent, t.s.ErrorTime = "", false, ""
}

func (t *tracker) fail(err error, permanent bool, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.s.Error, t.s.Permanent, t.s.ErrorTime = err.Error(), permanent, now.UTC().Format(time.RFC3339)
}

func (t *tracker) broke(b Break) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.s.Breaks) == maxBreaks {
		t.s.Breaks = append(t.s.Breaks[:0], t.s.Breaks[1:]...)
	}
	t.s.Breaks = append(t.s.Breaks, b)
}
