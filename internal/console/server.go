// Package console is guard's local web console: a read-only JSON API over the
// audit log and the UI embedded from package web.
//
// # API
//
//	GET /api/stats?verdict=&hook=&agent=&rule=&repo=&since=&until=&q=
//	                               counters, blocked events by rule, timeline, integrity
//	GET /api/events?page=&limit=&verdict=&hook=&agent=&rule=&repo=&since=&until=&q=&format=
//	                               a page of events, and the policy's help for each rule they name
//	GET /api/integrity             whether the hash chain holds, and the log still holds what
//	                               guard's anchor and the console saw
//	GET /api/export                the OpenTelemetry export: {"enabled": false}, or where it
//	                               ships, how far, its last error and the chain breaks it found
//
// Stats count the events the filters select (by_rule: all filters but
// rule); without filters, the whole log. Events come newest first. page ≥ 1 (default 1), 1 ≤ limit ≤ 1000 (default
// 100), verdict allow|block, hook one of the four audit hook names, agent
// a|b|c, rule and repo exact names, since and until RFC 3339 times (since ≤
// ts < until), q 4 to 64 hex digits that input_hash starts with; an empty
// value (or "all" for verdict, hook, agent) means no filter. format=csv or
// jsonl streams every matching event, oldest first, as a download. A bad
// parameter answers 400 with {"error": "…"}; a page past the end answers
// 200 with no events and the real total.
//
// # Rule help
//
// Audit records carry only the spec's reason, never an explanation (they
// quote no input). The events answer adds "help": for each rule its events
// name, what the policy says the rule protects, what to do instead and how
// to allow it (Config.Help, the policy guard serve loaded). Exports stay
// records and carry no help.
//
// # Index
//
// The log is not decoded into memory: an [Index] keeps per record its offset,
// length, time and a class byte, tails the file by offset on every request,
// and rebuilds when the file shrinks, is replaced or rewritten. Lines that are
// not valid records are skipped and counted (Stats.Skipped). Every line read
// is also checked against the hash chain (audit.Chain).
//
// # Safety
//
// The server is meant for 127.0.0.1. It refuses requests whose Host is not a
// loopback name (DNS rebinding), cross-site requests (Sec-Fetch-Site, Origin
// and [http.CrossOriginProtection]) and every method but GET and HEAD, and it
// sets a strict Content-Security-Policy and the usual hardening headers on
// every response.
package console

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/web"
)

// CSP is the Content-Security-Policy of every response.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Limits of the events API.
const (
	DefaultLimit = 100
	MaxLimit     = 1000
	maxPage      = 1 << 30
)

// Config configures a console handler.
type Config struct {
	// BindHost is the host the server listens on. The Host allowlist is
	// localhost, 127.0.0.1 and [::1]; a non-loopback BindHost is added to
	// it, and an unspecified one (0.0.0.0, ::) admits any IP literal.
	BindHost string
	// Static is the UI file tree; nil means web.Static's "static" folder.
	Static fs.FS
	// AnchorFile is guard's anchor of the log (audit.AnchorFile), which
	// /api/integrity checks the log against; "" for none.
	AnchorFile string
	// Help says what a rule protects, what to do instead and how to allow
	// what it blocks (policy.Policy.Help of the policy guard serve loaded);
	// nil means the built-in default policy's. Records carry only the
	// spec's reason, so this is where the console's explanations come from.
	Help func(rule string) (policy.RuleHelp, bool)
	// Export reports the OpenTelemetry export's state (export.Status),
	// which /api/export shows; nil when export is off.
	Export func() any
}

type handler struct {
	idx         *Index
	anchor      string
	hosts       map[string]bool
	anyIP       bool
	cop         *http.CrossOriginProtection
	mux         *http.ServeMux
	fsys        fs.FS
	static      http.Handler
	help        func(rule string) (policy.RuleHelp, bool)
	exportState func() any
}

// NewHandler returns the console's HTTP handler over idx.
func NewHandler(idx *Index, cfg Config) (http.Handler, error) {
	static := cfg.Static
	if static == nil {
		sub, err := fs.Sub(web.Static, "static")
		if err != nil {
			return nil, fmt.Errorf("console ui: %w", err)
		}
		static = sub
	}
	h := &handler{
		idx:         idx,
		anchor:      cfg.AnchorFile,
		hosts:       map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true},
		cop:         http.NewCrossOriginProtection(),
		mux:         http.NewServeMux(),
		fsys:        static,
		static:      http.FileServerFS(static),
		help:        cfg.Help,
		exportState: cfg.Export,
	}
	if h.help == nil {
		h.help = defaultHelp()
	}
	if b := strings.ToLower(strings.Trim(cfg.BindHost, "[]")); b != "" && !IsLoopback(b) {
		if ip := net.ParseIP(b); ip != nil && ip.IsUnspecified() {
			h.anyIP = true
		} else {
			h.hosts[b] = true
		}
	}
	h.mux.HandleFunc("/api/stats", h.stats)
	h.mux.HandleFunc("/api/events", h.events)
	h.mux.HandleFunc("/api/integrity", h.integrity)
	h.mux.HandleFunc("/api/export", h.exportStatus)
	h.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint")
	})
	h.mux.HandleFunc("/", h.files)
	return h, nil
}

// IsLoopback reports whether host (a name or IP literal, without port) is
// localhost or a loopback address.
func IsLoopback(host string) bool {
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("Content-Security-Policy", CSP)
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("X-Frame-Options", "DENY")
	hdr.Set("Referrer-Policy", "no-referrer")
	hdr.Set("Cross-Origin-Resource-Policy", "same-origin")
	if !h.hostAllowed(r.Host) {
		writeError(w, http.StatusForbidden, "host not allowed: the console answers only on localhost")
		return
	}
	if crossSite(r) {
		writeError(w, http.StatusForbidden, "cross-site request refused")
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, "method not allowed: the console is read-only")
		return
	}
	if err := h.cop.Check(r); err != nil {
		writeError(w, http.StatusForbidden, "cross-origin request refused")
		return
	}
	h.mux.ServeHTTP(w, r)
}

func (h *handler) hostAllowed(hostport string) bool {
	host := hostport
	if hh, _, err := net.SplitHostPort(hostport); err == nil {
		host = hh
	}
	host = strings.ToLower(strings.Trim(host, "[]"))
	if h.hosts[host] {
		return true
	}
	return h.anyIP && net.ParseIP(host) != nil
}

// crossSite reports a request a browser sent on behalf of another site.
func crossSite(r *http.Request) bool {
	if s := r.Header.Get("Sec-Fetch-Site"); s != "" && s != "same-origin" && s != "none" {
		return true
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) {
			return true
		}
	}
	return false
}

func (h *handler) files(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/" {
		// Files only: no directory listings, and a JSON 404 like the API's.
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		fi, err := fs.Stat(h.fsys, name)
		if err != nil || fi.IsDir() || strings.HasSuffix(r.URL.Path, "/") {
			writeError(w, http.StatusNotFound, "no such file")
			return
		}
	}
	w.Header().Set("Cache-Control", "no-cache")
	h.static.ServeHTTP(w, r)
}

func (h *handler) stats(w http.ResponseWriter, r *http.Request) {
	f, err := ParseFilter(r.URL.Query())
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := h.idx.Refresh(); err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	s, err := h.idx.Stats(StatsQuery{Filter: f, Now: time.Now().UnixMilli()})
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	in := h.idx.Integrity(h.anchor)
	writeJSON(w, http.StatusOK, statsAnswer{Stats: s, Integrity: &in})
}

// statsAnswer is /api/stats: the stats object, then the log's integrity.
type statsAnswer struct {
	*Stats
	Integrity *Integrity `json:"integrity"`
}

func (h *handler) integrity(w http.ResponseWriter, r *http.Request) {
	if err := h.idx.Refresh(); err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, h.idx.Integrity(h.anchor))
}

// exportStatus answers /api/export.
func (h *handler) exportStatus(w http.ResponseWriter, r *http.Request) {
	if h.exportState == nil {
		writeJSON(w, http.StatusOK, map[string]bool{"enabled": false})
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Enabled bool `json:"enabled"`
		Status  any  `json:"status"`
	}{true, h.exportState()})
}

func (h *handler) events(w http.ResponseWriter, r *http.Request) {
	q, err := ParseQuery(r.URL.Query())
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := h.idx.Refresh(); err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	if q.Format != "" {
		h.export(w, r, q)
		return
	}
	p, err := h.idx.Page(q)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, eventsAnswer{Page: p, Help: h.helpFor(p.Events)})
}

// eventsAnswer is /api/events: the page of events, then what the policy
// says about each rule they name.
type eventsAnswer struct {
	*Page
	// Help maps each rule the page's events name, and the policy knows, to
	// what it protects, what to do instead and how to allow it. It comes
	// from the policy, never from the records.
	Help map[string]policy.RuleHelp `json:"help"`
}

// helpFor looks up each distinct rule of events in the policy.
func (h *handler) helpFor(events []Event) map[string]policy.RuleHelp {
	out := map[string]policy.RuleHelp{}
	seen := map[string]bool{}
	for _, e := range events {
		if e.Rule == "" || seen[e.Rule] {
			continue
		}
		seen[e.Rule] = true
		if rh, ok := h.help(e.Rule); ok {
			out[e.Rule] = rh
		}
	}
	return out
}

// defaultHelp is the built-in default policy's rule help; when even that
// cannot be had (no home directory), it knows no rule.
func defaultHelp() func(string) (policy.RuleHelp, bool) {
	p, err := policy.Default()
	if err != nil {
		return func(string) (policy.RuleHelp, bool) { return policy.RuleHelp{}, false }
	}
	return p.Help
}

// export streams every event the query selects as a file download.
func (h *handler) export(w http.ResponseWriter, r *http.Request, q Query) {
	ctype := "text/csv; charset=utf-8"
	if q.Format == FormatJSONL {
		ctype = "application/jsonl; charset=utf-8"
	}
	hdr := w.Header()
	hdr.Set("Content-Type", ctype)
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="guard-audit-%s.%s"`,
		time.Now().UTC().Format("20060102T150405Z"), q.Format))
	if r.Method == http.MethodHead {
		return
	}
	dw := &deadlineWriter{w: w, rc: http.NewResponseController(w)}
	err := h.idx.Export(dw, q.Filter, q.Format)
	if errors.Is(err, errChanged) && !dw.wrote {
		if err = h.idx.Refresh(); err == nil {
			err = h.idx.Export(dw, q.Filter, q.Format)
		}
	}
	switch {
	case err == nil:
	case !dw.wrote:
		hdr.Del("Content-Disposition")
		writeError(w, http.StatusServiceUnavailable, err.Error())
	default:
		// Part of the file is out: end the connection without the final
		// chunk, so the client sees a failed download, not a short one.
		panic(http.ErrAbortHandler)
	}
}

// deadlineWriter moves the connection's write deadline on at every write,
// so an export of a large log is bounded per write, not as a whole.
type deadlineWriter struct {
	w     http.ResponseWriter
	rc    *http.ResponseController
	wrote bool
}

func (d *deadlineWriter) Write(p []byte) (int, error) {
	d.wrote = true
	_ = d.rc.SetWriteDeadline(time.Now().Add(exportWriteTimeout)) // unsupported in tests
	return d.w.Write(p)
}

// exportWriteTimeout bounds one write of an export to the client.
const exportWriteTimeout = 30 * time.Second

// queryParams are the parameters of GET /api/events; each may be given once.
var queryParams = []string{"page", "limit", "format"}

// filterParams are the filter parameters of GET /api/events and GET
// /api/stats; each may be given once.
var filterParams = []string{"verdict", "hook", "agent", "rule", "repo", "since", "until", "q"}

// once reports a parameter given more than once.
func once(v url.Values, keys ...string) error {
	for _, k := range keys {
		if len(v[k]) > 1 {
			return fmt.Errorf("%s given more than once", k)
		}
	}
	return nil
}

// ParseQuery reads the parameters of GET /api/events. Every value is
// checked; the first bad one is the error.
func ParseQuery(v url.Values) (Query, error) {
	q := Query{Page: 1, Limit: DefaultLimit}
	if err := once(v, append(queryParams, filterParams...)...); err != nil {
		return q, err
	}
	var err error
	if s := v.Get("page"); s != "" {
		if q.Page, err = positive(s, maxPage); err != nil {
			return q, fmt.Errorf("page must be an integer ≥ 1")
		}
	}
	if s := v.Get("limit"); s != "" {
		if q.Limit, err = positive(s, MaxLimit); err != nil {
			return q, fmt.Errorf("limit must be an integer from 1 to %d", MaxLimit)
		}
	}
	switch s := v.Get("format"); s {
	case "", "json":
	case FormatCSV, FormatJSONL:
		q.Format = s
	default:
		return q, errors.New("format must be json, csv or jsonl")
	}
	q.Filter, err = ParseFilter(v)
	return q, err
}

// ParseFilter reads the filter parameters that GET /api/events and GET
// /api/stats share. Every value is checked; the first bad one is the error.
func ParseFilter(v url.Values) (audit.Filter, error) {
	var f audit.Filter
	if err := once(v, filterParams...); err != nil {
		return f, err
	}
	var err error
	all := func(s string) string {
		if s == "all" {
			return ""
		}
		return s
	}
	f.Verdict, f.Hook, f.Agent = all(v.Get("verdict")), all(v.Get("hook")), all(v.Get("agent"))
	f.Rule, f.Repo = v.Get("rule"), v.Get("repo")
	if s := v.Get("q"); s != "" {
		if f.HashPrefix, err = audit.ParseHashPrefix(s); err != nil {
			return f, err
		}
	}
	if err := parseRange(v, &f); err != nil {
		return f, err
	}
	if err := f.Check(); err != nil {
		return f, err
	}
	return f, nil
}

// parseRange reads since and until (RFC 3339) into f.
func parseRange(v url.Values, f *audit.Filter) error {
	var err error
	if s := v.Get("since"); s != "" {
		if f.Since, err = audit.ParseFilterTime("since", s); err != nil {
			return err
		}
	}
	if s := v.Get("until"); s != "" {
		if f.Until, err = audit.ParseFilterTime("until", s); err != nil {
			return err
		}
	}
	if !f.Since.IsZero() && !f.Until.IsZero() && !f.Since.Before(f.Until) {
		return &audit.FilterError{Field: "until", Msg: "must be later than since"}
	}
	return nil
}

// positive parses a decimal integer in [1, limit], digits only.
func positive(s string, limit int) (int, error) {
	if len(s) > 10 {
		return 0, errors.New("too long")
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, errors.New("not a number")
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > limit {
		return 0, errors.New("out of range")
	}
	return n, nil
}

// writeJSON answers v as one line of JSON. Like the audit log, it leaves <, >
// and & unescaped (reasons read "<redacted>"): the body is never HTML, and
// nosniff keeps browsers from taking it for HTML.
func writeJSON(w http.ResponseWriter, code int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		code = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"error":"encode response"}` + "\n")
	}
	b := buf.Bytes()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(code)
	w.Write(b)
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

// NewServer returns an http.Server for h with time-outs and header limits.
func NewServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          log.New(discard{}, "", 0),
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// Serve serves h on ln until ctx is done, then shuts down gracefully.
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := NewServer(h)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("console: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("console shutdown: %w", err)
	}
	return nil
}
