package policy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/outbound"
)

// Remote policy: when GUARD_POLICY_URL (which wins) or the local file's
// remote_policy_url names an https URL, the active policy is the document
// served there, parsed strictly over the built-in defaults like a local
// file. The local file's other settings do not apply, and the remote
// document's own remote_policy_url is not followed.
//
// A fetched document is cached in ~/.guard/remote-policy.json with its URL,
// signature and fetch time. The server is asked at most once per TTL
// (GUARD_POLICY_TTL seconds, default 300): within it the cache answers. When
// an attempt fails (network, status, size, signature, an invalid document),
// the cached copy keeps being used, stale, and the next attempt waits another
// TTL; without a usable cached copy loading fails, naming the URL, and the
// failure itself is cached for the TTL (a cache entry without a body): the
// calls that follow fail at once, closed, instead of each waiting up to
// FetchTimeout on a server that is down.

// Environment variables read when a remote policy may be in use.
const (
	// EnvPolicyURL names the remote policy's URL; it overrides
	// remote_policy_url and means the local file is not read.
	EnvPolicyURL = "GUARD_POLICY_URL"
	// EnvPolicyTTL is how many seconds a fetched policy is reused.
	EnvPolicyTTL = "GUARD_POLICY_TTL"
)

// Remote policy limits and names.
const (
	// DefaultTTL is how long a fetched policy is reused without asking the
	// server again.
	DefaultTTL = 300 * time.Second
	// FetchTimeout bounds one fetch, redirects and body included.
	FetchTimeout = 5 * time.Second
	// CacheName is the cache file's name in guard's directory.
	CacheName = "remote-policy.json"
	// SignatureHeader carries a remote policy's signature, sha256=<hex>.
	SignatureHeader = "X-Guard-Signature"

	maxRedirects = 3
	// maxCacheFile bounds the cache file: a base64 body plus a few fields.
	maxCacheFile = MaxSize*4/3 + 64<<10
)

// LoadOptions are the outside inputs of LoadWith. The zero value loads like
// Load: the process environment, the clock, guard's directory, the network.
type LoadOptions struct {
	// Getenv reads GUARD_POLICY_URL, GUARD_POLICY_KEY and GUARD_POLICY_TTL;
	// nil means os.Getenv.
	Getenv func(string) string
	// Key, when not nil, is the signing key, in place of GUARD_POLICY_KEY.
	Key []byte
	// Dir is guard's directory, holding rules.json and the cache; "" means
	// home.Dir().
	Dir string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Transport carries remote policy requests; nil means
	// http.DefaultTransport (system roots, which honour SSL_CERT_FILE on
	// Linux, and the proxy environment variables).
	Transport http.RoundTripper
	// Timeout bounds one remote policy fetch, redirects and body included;
	// 0 means FetchTimeout.
	Timeout time.Duration
}

// LoadWith returns the active policy as Load does, with o's inputs. With no
// remote policy configured it reads two environment variables and, when it
// exists, rules.json (and rules.json.sig when a key is set); nothing else.
func LoadWith(o LoadOptions) (*Policy, error) {
	p, err := loadWith(o)
	if err != nil {
		return nil, err
	}
	if o.Dir != "" {
		// The directory the caller named is guard's directory.
		if p.GuardDir, err = filepath.Abs(o.Dir); err != nil {
			return nil, fmt.Errorf("policy: guard's directory %s: %w", o.Dir, err)
		}
	}
	return p, nil
}

func loadWith(o LoadOptions) (*Policy, error) {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	key := o.Key
	if key == nil {
		if k := o.Getenv(EnvKey); k != "" {
			key = []byte(k)
		}
	}
	if u := o.Getenv(EnvPolicyURL); u != "" {
		return loadRemote(o, u, EnvPolicyURL, key)
	}
	dir := o.Dir
	if dir == "" {
		var err error
		if dir, err = home.Dir(); err != nil {
			return nil, err
		}
	}
	path := filepath.Join(dir, home.PolicyName)
	data, err := readBounded(path, MaxSize)
	if errors.Is(err, fs.ErrNotExist) {
		// No file: the built-in defaults, which need no signature.
		return Default()
	}
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", path, err)
	}
	if key != nil {
		if err := checkFileSignature(path, data, key); err != nil {
			return nil, err
		}
	}
	p, err := Parse(data, path)
	if err != nil {
		return nil, err
	}
	if u := p.RemotePolicyURL; u != nil && *u != "" {
		o.Dir = dir
		return loadRemote(o, *u, "remote_policy_url of "+path, key)
	}
	return p, nil
}

// RemoteError is a remote policy that could not be loaded: no fetch
// succeeded and no usable cached copy exists. Its message names the URL.
type RemoteError struct {
	URL   string // for display: no credentials, query or fragment
	Err   error  // why the fetch failed
	Cache string // why no cached copy was used
}

func (e *RemoteError) Error() string {
	return fmt.Sprintf("%v; no cached copy to fall back on (%s)", e.Err, e.Cache)
}

func (e *RemoteError) Unwrap() error { return e.Err }

// cacheEntry is the content of remote-policy.json.
type cacheEntry struct {
	URL string `json:"url"`
	// FetchedAt is when Body was fetched; CheckedAt when the server was
	// last asked, successfully or not.
	FetchedAt time.Time `json:"fetched_at"`
	CheckedAt time.Time `json:"checked_at"`
	// LastError is why the last attempt failed, when it did.
	LastError string `json:"last_error,omitempty"`
	// BadSignature says the last attempt failed on the signature, so that
	// a remembered failure is reported as the same kind of error.
	BadSignature bool `json:"bad_signature,omitempty"`
	// Signature is the X-Guard-Signature header that came with Body, kept
	// so a cached copy is verified again each time it is read.
	Signature string `json:"signature,omitempty"`
	// Body is the document's exact bytes (base64 in the file).
	Body []byte `json:"body"`
}

// decodeCache parses a cache file. A missing field, an unknown one or an
// empty body is an error: the cache is then ignored.
func decodeCache(data []byte) (*cacheEntry, error) {
	var c cacheEntry
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("not a cache file: %w", err)
	}
	if dec.More() {
		return nil, errors.New("not a cache file: data after the object")
	}
	if c.URL == "" || c.CheckedAt.IsZero() {
		return nil, errors.New("not a cache file: missing url or times")
	}
	if c.failed() {
		return &c, nil
	}
	if len(c.Body) == 0 || c.FetchedAt.IsZero() {
		return nil, errors.New("not a cache file: missing body or times")
	}
	return &c, nil
}

// failed reports whether c records only a failed fetch: no document was ever
// fetched from its URL.
func (c *cacheEntry) failed() bool {
	return len(c.Body) == 0 && c.FetchedAt.IsZero() && c.Signature == "" && c.LastError != ""
}

// fresh reports whether the server was asked less than ttl ago. A time in
// the future (a clock set back, an edited file) is not fresh.
func (c *cacheEntry) fresh(now time.Time, ttl time.Duration) bool {
	age := now.Sub(c.CheckedAt)
	return age >= 0 && age < ttl
}

// loadRemote loads the policy served at rawURL, through the cache. origin
// says where the URL was configured, for messages.
func loadRemote(o LoadOptions, rawURL, origin string, key []byte) (*Policy, error) {
	shown := outbound.URL(rawURL, "the remote policy URL")
	if err := checkHTTPS(rawURL, false); err != nil {
		return nil, fmt.Errorf("remote policy %s (%s): %w", shown, origin, err)
	}
	ttl, err := policyTTL(o.Getenv)
	if err != nil {
		return nil, err
	}
	dir := o.Dir
	if dir == "" {
		if dir, err = home.Dir(); err != nil {
			return nil, err
		}
	}
	cachePath := filepath.Join(dir, CacheName)
	now := o.Now()

	cache, cached, cacheWhy := readCache(cachePath, rawURL, shown, key)
	if cached != nil && cache.fresh(now, ttl) {
		cached.Source = cache.describe(shown, true)
		return cached, nil
	}
	if cache != nil && cache.failed() && cache.fresh(now, ttl) {
		// The server failed less than a TTL ago and there is nothing to
		// fall back on: fail now, without another wait.
		when := fmt.Sprintf("last fetch at %s; next attempt after %s", cache.CheckedAt.UTC().Format(time.RFC3339),
			cache.CheckedAt.Add(ttl).UTC().Format(time.RFC3339))
		if cache.BadSignature {
			return nil, &SignatureError{Source: shown, Problem: cache.LastError + " (" + when + ")"}
		}
		return nil, &RemoteError{URL: shown, Err: fmt.Errorf("remote policy %s: %s (%s)", shown, cache.LastError, when), Cache: noCache}
	}

	timeout := o.Timeout
	if timeout <= 0 {
		timeout = FetchTimeout
	}
	body, sig, ferr := fetch(o.Transport, timeout, rawURL, shown, key)
	var p *Policy
	if ferr == nil {
		if p, ferr = Parse(body, shown); ferr == nil {
			c := &cacheEntry{URL: rawURL, FetchedAt: now.UTC(), CheckedAt: now.UTC(), Signature: sig, Body: body}
			writeCache(dir, cachePath, c) // best effort: the policy is good either way
			remoteOnly(p, shown)
			p.Source = c.describe(shown, false)
			return p, nil
		}
	}
	if cached != nil {
		cache.CheckedAt = now.UTC()
		cache.LastError = withoutSource(ferr.Error(), shown)
		writeCache(dir, cachePath, cache)
		cached.Source = cache.describe(shown, true)
		return cached, nil
	}
	if cacheWhy == noCache || cache != nil && cache.failed() {
		// Remember the failure for a TTL (never over a usable copy of
		// another kind: that one was refused for a reason of its own).
		writeCache(dir, cachePath, &cacheEntry{URL: rawURL, CheckedAt: now.UTC(), LastError: withoutSource(ferr.Error(), shown),
			BadSignature: errors.Is(ferr, ErrSignature)})
	}
	return nil, &RemoteError{URL: shown, Err: ferr, Cache: cacheWhy}
}

// withoutSource drops the "remote policy URL: " or "policy URL: " prefix of
// a load error's message, for the source line, which names the URL already.
func withoutSource(msg, shown string) string {
	for _, prefix := range []string{"remote policy " + shown + ": ", "policy " + shown + ": "} {
		if rest, ok := strings.CutPrefix(msg, prefix); ok {
			return rest
		}
	}
	return msg
}

// remoteOnly marks p as the policy served at shown: its own
// remote_policy_url is not followed, and reports the URL in effect.
func remoteOnly(p *Policy, shown string) {
	p.RemotePolicyURL = &shown
}

// describe is the Source of a policy from this cache entry.
func (c *cacheEntry) describe(shown string, fromCache bool) string {
	s := fmt.Sprintf("%s (fetched %s", shown, c.FetchedAt.UTC().Format(time.RFC3339))
	if fromCache {
		s += ", cached"
	}
	if c.LastError != "" {
		s += fmt.Sprintf("; refresh failed at %s: %s", c.CheckedAt.UTC().Format(time.RFC3339), c.LastError)
	}
	return s + ")"
}

// noCache is readCache's reason when there is no cache file.
const noCache = "none yet"

// readCache returns the cache entry for rawURL and the policy it holds, or a
// nil policy and why the cache cannot be used. The signature is checked
// again when a key is set, and the document parsed again.
func readCache(path, rawURL, shown string, key []byte) (*cacheEntry, *Policy, string) {
	data, err := readBounded(path, maxCacheFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, noCache
	}
	if err != nil {
		return nil, nil, fmt.Sprintf("cache %s: %v", path, err)
	}
	c, err := decodeCache(data)
	if err != nil {
		return nil, nil, fmt.Sprintf("cache %s: %v", path, err)
	}
	if c.URL != rawURL {
		return nil, nil, "the cached copy is of another URL"
	}
	if c.failed() {
		return c, nil, "the last fetch failed too"
	}
	if key != nil {
		if err := CheckSignature(c.Body, key, c.Signature); err != nil {
			if c.Signature == "" {
				err = errors.New("no signature was received with it")
			}
			return nil, nil, fmt.Sprintf("cached copy refused: %v", err)
		}
	}
	p, err := Parse(c.Body, shown)
	if err != nil {
		return nil, nil, fmt.Sprintf("cached copy refused: %v", err)
	}
	remoteOnly(p, shown)
	return c, p, ""
}

func writeCache(dir, path string, c *cacheEntry) {
	data, err := json.Marshal(c)
	if err != nil {
		return
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return
	}
	_ = writeAtomic(path, append(data, '\n'))
}

// policyTTL reads GUARD_POLICY_TTL: whole seconds, 0 or more.
func policyTTL(getenv func(string) string) (time.Duration, error) {
	v := getenv(EnvPolicyTTL)
	if v == "" {
		return DefaultTTL, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > 1<<32 {
		return 0, fmt.Errorf("%s=%q: want a whole number of seconds (0 or more)", EnvPolicyTTL, v)
	}
	return time.Duration(n) * time.Second, nil
}

// fetch GETs the policy at rawURL within timeout (connection, redirects,
// headers and body) and returns its body and signature header. With a key
// the signature must match the body.
func fetch(rt http.RoundTripper, timeout time.Duration, rawURL, shown string, key []byte) (body []byte, sig string, err error) {
	if rt == nil {
		rt = http.DefaultTransport
	}
	client := &http.Client{
		Transport: rt,
		Timeout:   timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				return fmt.Errorf("more than %d redirects", maxRedirects)
			}
			if req.URL.Scheme != "https" {
				return fmt.Errorf("redirect to %s refused: https only", req.URL.Scheme)
			}
			return nil
		},
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	fail := func(format string, args ...any) ([]byte, string, error) {
		return nil, "", fmt.Errorf("remote policy %s: fetch failed: %s", shown, fmt.Sprintf(format, args...))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return fail("%v", err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "guard")
	resp, err := client.Do(req)
	if err != nil {
		return fail("%s", fetchError(ctx, err, timeout))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fail("server answered %s", resp.Status)
	}
	if resp.ContentLength > MaxSize {
		return fail("body of %d bytes is larger than %d", resp.ContentLength, MaxSize)
	}
	body, err = readAllLimit(resp.Body, MaxSize)
	if err != nil {
		return fail("%s", fetchError(ctx, err, timeout))
	}
	sig = resp.Header.Get(SignatureHeader)
	if key != nil {
		if sig == "" {
			return nil, "", &SignatureError{Source: shown, Problem: fmt.Sprintf("missing signature: %s is set, so the server must send an %s header", EnvKey, SignatureHeader)}
		}
		if err := CheckSignature(body, key, sig); err != nil {
			return nil, "", &SignatureError{Source: shown, Problem: err.Error()}
		}
	}
	return body, sig, nil
}

// fetchError words a failed fetch: "timed out after <limit>" whenever the
// fetch's deadline has passed, whichever error the transport returned for
// it (a handshake, a header or a body read cut short words it its own way).
func fetchError(ctx context.Context, err error, limit time.Duration) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return outbound.ErrorText(context.DeadlineExceeded, limit)
	}
	return outbound.ErrorText(err, limit)
}

// readAllLimit reads r to its end, refusing more than limit bytes.
func readAllLimit(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("larger than %d bytes", limit)
	}
	return data, nil
}
