package export

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"
)

// requestTimeout bounds one request, connection and answer included.
const requestTimeout = 30 * time.Second

// PermanentError is an answer that sending the same batch again cannot
// change: a 4xx other than 408 and 429 (bad request, unauthorised, not
// found…). The exporter reports it and waits before it tries again.
type PermanentError struct {
	Status int
	Msg    string // the start of the collector's answer, printable text only
}

func (e *PermanentError) Error() string {
	return fmt.Sprintf("collector refused the batch: %d %s%s", e.Status, http.StatusText(e.Status), e.Msg)
}

// RetryError is a failure worth retrying: no connection, a time-out, or an
// answer of 408, 429, 502, 503 or 504. After is the wait the collector asked
// for (Retry-After), 0 when it named none.
type RetryError struct {
	Err   error
	After time.Duration
}

func (e *RetryError) Error() string { return e.Err.Error() }
func (e *RetryError) Unwrap() error { return e.Err }

// sender posts OTLP/HTTP protobuf requests, gzip-compressed.
type sender struct {
	url     string
	headers map[string]string
	client  *http.Client
	gz      *gzip.Writer
	buf     bytes.Buffer
}

// newSender returns a sender for cfg. It reads cfg.CAFile now.
func newSender(cfg Config) (*sender, error) {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = http.ProxyFromEnvironment
	if cfg.CAFile != "" {
		pem, err := os.ReadFile(cfg.CAFile)
		if err != nil {
			return nil, fmt.Errorf("certificate: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("certificate %s: no PEM certificate in it", cfg.CAFile)
		}
		tr.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	}
	gz, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed) // a valid level: no error
	return &sender{url: cfg.URL, headers: cfg.Headers, gz: gz,
		client: &http.Client{Transport: tr, Timeout: requestTimeout}}, nil
}

// send posts one request whose body is the protobuf body, and classifies
// the outcome: nil for a 2xx, *RetryError, *PermanentError, or the
// context's error.
func (s *sender) send(ctx context.Context, body []byte) error {
	s.buf.Reset()
	s.gz.Reset(&s.buf)
	if _, err := s.gz.Write(body); err != nil {
		return err
	}
	if err := s.gz.Close(); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(s.buf.Bytes()))
	if err != nil {
		return err
	}
	for k, v := range s.headers {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/x-protobuf")
	req.Header.Set("Content-Encoding", "gzip")
	req.Header.Set("User-Agent", "guard")
	resp, err := s.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// The URL may carry nothing secret (credentials are refused), but
		// say only what failed, not the whole request.
		var ue interface{ Unwrap() error }
		if errors.As(err, &ue) && ue.Unwrap() != nil {
			err = ue.Unwrap()
		}
		return &RetryError{Err: fmt.Errorf("post to the collector: %w", err)}
	}
	defer resp.Body.Close()
	msg := readMsg(resp.Body)
	switch c := resp.StatusCode; {
	case c >= 200 && c < 300:
		return nil
	case c == http.StatusRequestTimeout, c == http.StatusTooManyRequests, c == http.StatusBadGateway,
		c == http.StatusServiceUnavailable, c == http.StatusGatewayTimeout:
		return &RetryError{Err: fmt.Errorf("collector answered %d %s", c, http.StatusText(c)),
			After: retryAfter(resp.Header.Get("Retry-After"), time.Now())}
	case c >= 500:
		return &RetryError{Err: fmt.Errorf("collector answered %d %s", c, http.StatusText(c))}
	default:
		return &PermanentError{Status: c, Msg: msg}
	}
}

// readMsg reads the start of an answer's body (the rest is drained so the
// connection can be reused) and keeps its printable ASCII, as ": text".
func readMsg(r io.Reader) string {
	b, _ := io.ReadAll(io.LimitReader(r, 256))
	_, _ = io.Copy(io.Discard, io.LimitReader(r, 1<<20))
	out := make([]byte, 0, len(b))
	for _, c := range b {
		if c >= 0x20 && c < 0x7f {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return ": " + string(out)
}

// maxRetryAfter bounds the wait a collector can ask for.
const maxRetryAfter = 5 * time.Minute

// retryAfter reads a Retry-After header: seconds or an HTTP date; 0 when
// absent or unreadable; at most maxRetryAfter.
func retryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.Atoi(v); err == nil {
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	}
	return min(max(d, 0), maxRetryAfter)
}

// Backoff is the wait before retry n (0 for the first retry): exponential
// from min, doubled each time, at most max.
func backoff(n int, lo, hi time.Duration) time.Duration {
	d := lo
	for i := 0; i < n && d < hi; i++ {
		d *= 2
	}
	return min(d, hi)
}
