// Package webhook sends guard's block events to a collector: one JSON POST
// per block verdict, after the verdict is decided and the audit record
// written. Nothing here can change a verdict.
//
// # The request
//
// The body is {"ts","hook","verdict","rule","reason","input_hash"}, the
// values of the audit record (reason is the redacted log reason: no prompt,
// command or file text). Headers: Content-Type: application/json;
// Authorization: the token verbatim, when one is set; X-Guard-Signature:
// sha256=<lowercase hex HMAC-SHA256 of the exact body> when a secret is set.
//
// # Bounds
//
// HTTPS only, except plain http to localhost or a loopback address. One
// attempt, no retry; the time-out covers the whole exchange (connection, TLS,
// request, response); redirects are not followed (a 3xx is a failure), so the
// token and the signed body go only to the configured host. A failure is one
// line on standard error, without the URL's credentials or query, the token
// or the secret.
package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/outbound"
	"github.com/guardhq/guard/internal/policy"
)

// SignatureHeader carries the body's signature, sha256=<hex>.
const SignatureHeader = "X-Guard-Signature"

// DefaultTimeout bounds the exchange when a Config has no time-out.
const DefaultTimeout = 500 * time.Millisecond

// maxResponse bounds how much of the response body is read (and dropped).
const maxResponse = 64 << 10

// Payload is the body of a webhook POST. Its fields are the audit record's
// fields of the same names.
type Payload struct {
	TS        string `json:"ts"`
	Hook      string `json:"hook"`
	Verdict   string `json:"verdict"`
	Rule      string `json:"rule"`
	Reason    string `json:"reason"`
	InputHash string `json:"input_hash"`
}

// PayloadOf returns the payload of an audit record.
func PayloadOf(rec event.Record) Payload {
	return Payload{
		TS:        rec.TS,
		Hook:      rec.Hook,
		Verdict:   rec.Verdict,
		Rule:      rec.Rule,
		Reason:    rec.Reason,
		InputHash: rec.InputHash,
	}
}

// Marshal returns the request body: p as one JSON object, fields in the
// order of the audit record, < > & not escaped (like the audit log), no
// trailing newline.
func (p Payload) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Config says where and how to send.
type Config struct {
	URL     string
	Token   string        // Authorization header value; "" sends none
	Secret  []byte        // HMAC-SHA256 key; nil sends no signature
	Timeout time.Duration // for the whole exchange; 0 means DefaultTimeout
	// Transport carries the request; nil means http.DefaultTransport.
	Transport http.RoundTripper
}

// ConfigOf turns the policy's webhook settings into a Config, resolving a
// $ENV_VAR hmac_secret with getenv.
func ConfigOf(w policy.Webhook, getenv func(string) string) (Config, error) {
	c := Config{URL: w.URL, Timeout: time.Duration(w.TimeoutMS) * time.Millisecond}
	if w.Token != nil {
		c.Token = *w.Token
	}
	if w.HMACSecret != nil {
		s, err := policy.ResolveSecret(*w.HMACSecret, getenv)
		if err != nil {
			return Config{}, fmt.Errorf("webhook.hmac_secret %w", err)
		}
		c.Secret = s
	}
	return c, nil
}

// Sign returns the X-Guard-Signature value of body under secret.
func Sign(body, secret []byte) string { return policy.Sign(body, secret) }

// Send POSTs p to c.URL once. It returns an error, without credentials, when
// the URL is refused, the exchange fails or times out, or the answer is not
// a 2xx status.
func Send(c Config, p Payload) error {
	u, err := url.Parse(c.URL)
	if err != nil || u.Host == "" {
		return errors.New("webhook.url is not an absolute URL")
	}
	if u.Scheme != "https" && !(u.Scheme == "http" && policy.IsLoopbackHost(u.Hostname())) {
		return fmt.Errorf("%s: refused: https only (plain http only to localhost or a loopback address)", Redact(c.URL))
	}
	body, err := p.Marshal()
	if err != nil {
		return err
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%s: %s", Redact(c.URL), outbound.ErrorText(err, timeout))
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "guard")
	if c.Token != "" {
		req.Header.Set("Authorization", c.Token)
	}
	if c.Secret != nil {
		req.Header.Set(SignatureHeader, Sign(body, c.Secret))
	}
	rt := c.Transport
	if rt == nil {
		rt = http.DefaultTransport
	}
	client := &http.Client{
		Transport: rt,
		Timeout:   timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
	defer client.CloseIdleConnections()
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %s", Redact(c.URL), outbound.ErrorText(err, timeout))
	}
	defer resp.Body.Close()
	_, rerr := io.Copy(io.Discard, io.LimitReader(resp.Body, maxResponse))
	switch {
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		return fmt.Errorf("%s: server answered %s (redirects are not followed)", Redact(c.URL), resp.Status)
	case resp.StatusCode < 200 || resp.StatusCode >= 300:
		return fmt.Errorf("%s: server answered %s", Redact(c.URL), resp.Status)
	case rerr != nil && ctx.Err() != nil:
		return fmt.Errorf("%s: %s", Redact(c.URL), outbound.ErrorText(rerr, timeout))
	}
	return nil
}

// Notify sends the block event of rec when w is enabled, and writes one
// "[guard] webhook: …" line to stderr when that fails. It reads the
// environment only to resolve a $ENV_VAR secret, and builds no HTTP client
// when the webhook is disabled.
func Notify(w policy.Webhook, rec event.Record, stderr io.Writer) {
	if !w.Enabled || rec.Verdict != string(event.Block) {
		return
	}
	c, err := ConfigOf(w, os.Getenv)
	if err == nil {
		err = Send(c, PayloadOf(rec))
	}
	if err != nil {
		fmt.Fprintf(stderr, "[guard] webhook: %v (not retried; the verdict stands)\n", err)
	}
}

// Redact returns raw without credentials, query or fragment, for messages.
func Redact(raw string) string { return outbound.URL(raw, "webhook.url") }
