// Package loggen writes synthetic audit logs: valid event.Record lines with
// an intact hash chain and a realistic mix of hooks, verdicts, rules, users
// and repositories over time. Tests, the console benchmark and
// scripts/genlog use it; guard itself never does.
//
// The chain is the audit log's: prev_hash is the lowercase hex SHA-256 of the
// previous line's bytes without its newline, and 64 zeros on the first line.
package loggen

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/guardhq/guard/internal/event"
)

// Options shape a generated log.
type Options struct {
	N    int           // number of records
	End  time.Time     // time of the last record (zero: 2026-11-20T18:00:00Z)
	Span time.Duration // time covered (zero: 14 days)
	Seed uint64        // the same seed gives the same log
}

// Chain computes prev_hash values for lines appended one after another.
type Chain struct {
	prev string
}

// NewChain starts a chain after the line last (nil for an empty log).
func NewChain(last []byte) *Chain {
	if last == nil {
		return &Chain{prev: event.ZeroHash}
	}
	return &Chain{prev: Hash(last)}
}

// Line sets rec.PrevHash, encodes rec as one line without newline and
// advances the chain.
func (c *Chain) Line(rec *event.Record) ([]byte, error) {
	rec.PrevHash = c.prev
	b, err := json.Marshal(rec)
	if err != nil {
		return nil, fmt.Errorf("encode record: %w", err)
	}
	c.prev = Hash(b)
	return b, nil
}

// Hash is the lowercase hex SHA-256 of line.
func Hash(line []byte) string {
	sum := sha256.Sum256(line)
	return hex.EncodeToString(sum[:])
}

// Write writes opt.N records to w.
func Write(w io.Writer, opt Options) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	g := New(opt)
	c := NewChain(nil)
	for range opt.N {
		rec := g.Next()
		b, err := c.Line(&rec)
		if err != nil {
			return err
		}
		bw.Write(b)
		if err := bw.WriteByte('\n'); err != nil {
			return fmt.Errorf("write log: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write log: %w", err)
	}
	return nil
}

// Generator produces records in time order.
type Generator struct {
	opt   Options
	r     *rand.Rand
	i     int
	start time.Time
	cdf   []float64 // cumulative share of records per hour
	hour  int
}

// New returns a generator for opt.
func New(opt Options) *Generator {
	if opt.End.IsZero() {
		opt.End = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	}
	if opt.Span <= 0 {
		opt.Span = 14 * 24 * time.Hour
	}
	g := &Generator{opt: opt, r: rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15))}
	g.start = opt.End.Add(-opt.Span)
	hours := max(1, int(opt.Span/time.Hour))
	w := make([]float64, hours)
	total := 0.0
	for h := range w {
		t := g.start.Add(time.Duration(h) * time.Hour)
		day := 0.15 + math.Max(0, math.Sin(math.Pi*float64(t.Hour()-7)/12)) // busy 8:00–18:00
		if wd := t.Weekday(); wd == time.Saturday || wd == time.Sunday {
			day *= 0.3
		}
		w[h] = day * (0.7 + 0.6*g.r.Float64())
		total += w[h]
	}
	g.cdf = make([]float64, hours)
	acc := 0.0
	for h := range w {
		acc += w[h] / total
		g.cdf[h] = acc
	}
	g.cdf[hours-1] = 1
	return g
}

var (
	users = []string{"alice", "bob", "carol", "dmitri", "erin", "farah", "ci-runner"}
	hosts = []string{"alice-mbp", "bob-thinkpad", "carol-mbp", "dev-ws-3", "dev-ws-7", "build-01", "build-02"}
	repos = []string{
		"acme/payments-api", "acme/web-frontend", "acme/infra", "acme/mobile-app",
		"acme/data-pipeline", "tools/release-cli", "tools/guard-rules", "ml/feature-store",
	}
	tools     = []string{"Bash", "Bash", "Bash", "Read", "Read", "Edit", "Write", "WebFetch", "WebSearch", "Task", "TodoWrite"}
	versions  = []string{"2026.10.2", "2026.11.1"}
	preRules  = []weighted{{"dangerous_rm", 9}, {"curl_pipe_sh", 6}, {"blocked_path", 8}, {"ssrf_protection", 3}, {"blocked_domain", 4}, {"git_force_push", 3}, {"chmod_world_writable", 2}}
	postRules = []weighted{{"injection_ignore_previous", 5}, {"private_key", 3}, {"cloud_access_key", 4}, {"pii_email", 2}}
	userRules = []weighted{{"injection_role_override", 4}, {"pii_ssn", 3}, {"pii_credit_card", 2}, {"injection_ignore_previous", 2}}
	stopRules = []weighted{{"private_key", 2}, {"cloud_access_key", 2}, {"pii_phone", 1}}
	reasons   = map[string]string{
		"dangerous_rm":              "recursive delete of a protected path: " + event.Redacted,
		"curl_pipe_sh":              "download piped into a shell: " + event.Redacted,
		"blocked_path":              "path matches file_paths.block_read: " + event.Redacted,
		"ssrf_protection":           "request to a cloud metadata address",
		"blocked_domain":            "host is on the URL blocklist",
		"git_force_push":            "force push to a shared branch",
		"chmod_world_writable":      "makes files world-writable",
		"injection_ignore_previous": "prompt injection: instruction override",
		"injection_role_override":   "prompt injection: role override",
		"private_key":               "private key material",
		"cloud_access_key":          "cloud access key",
		"pii_email":                 "PII: e-mail address",
		"pii_ssn":                   "PII: social security number",
		"pii_credit_card":           "PII: credit card number",
		"pii_phone":                 "PII: phone number",
	}
)

type weighted struct {
	name string
	w    int
}

func (g *Generator) pick(ws []weighted) string {
	total := 0
	for _, w := range ws {
		total += w.w
	}
	n := g.r.IntN(total)
	for _, w := range ws {
		if n < w.w {
			return w.name
		}
		n -= w.w
	}
	return ws[0].name
}

// Next returns the next record; PrevHash is left for a Chain to set.
func (g *Generator) Next() event.Record {
	n := max(1, g.opt.N)
	pos := (float64(g.i) + g.r.Float64()) / float64(n)
	g.i++
	for g.hour < len(g.cdf)-1 && g.cdf[g.hour] < pos {
		g.hour++
	}
	lo := 0.0
	if g.hour > 0 {
		lo = g.cdf[g.hour-1]
	}
	frac := 0.0
	if d := g.cdf[g.hour] - lo; d > 0 {
		frac = (pos - lo) / d
	}
	ts := g.start.Add(time.Duration(g.hour)*time.Hour + time.Duration(frac*float64(time.Hour)))
	if ts.After(g.opt.End) {
		ts = g.opt.End
	}
	return g.record(ts, float64(g.i)/float64(n))
}

func (g *Generator) record(ts time.Time, progress float64) event.Record {
	r := g.r
	u := r.IntN(len(users))
	rec := event.Record{
		TS:            ts.UTC().Format("2006-01-02T15:04:05.000Z"),
		User:          users[u],
		Host:          hosts[u],
		Repo:          repos[(u*3+r.IntN(3))%len(repos)],
		PolicyVersion: versions[0],
	}
	if progress > 0.4 {
		rec.PolicyVersion = versions[1]
	}
	var sum [32]byte
	for i := range 4 {
		v := r.Uint64()
		for j := range 8 {
			sum[i*8+j] = byte(v >> (8 * j))
		}
	}
	rec.InputHash = hex.EncodeToString(sum[:])

	var rules []weighted
	blockP := 0.0
	switch x := r.IntN(100); {
	case x < 12:
		rec.Hook, rules, blockP = event.HookUserPromptSubmit, userRules, 0.05
		rec.TokensIn = 20 + r.IntN(900)
	case x < 67:
		rec.Hook, rules, blockP = event.HookPreToolUse, preRules, 0.12
		rec.Tool = tools[r.IntN(len(tools))]
		rec.TokensIn = 5 + r.IntN(250)
	case x < 92:
		rec.Hook, rules, blockP = event.HookPostToolUse, postRules, 0.04
		rec.Tool = tools[r.IntN(len(tools))]
		rec.TokensIn = 50 + r.IntN(3000)
	default:
		rec.Hook, rules, blockP = event.HookStop, stopRules, 0.03
		rec.TokensIn = 100 + r.IntN(2500)
	}
	// An incident in the last fifth: one user's agent keeps trying.
	if progress > 0.78 && progress < 0.82 && u == 1 {
		blockP = 0.6
	}
	switch a := r.IntN(20); {
	case a < 12:
		rec.Agent, rec.Event = "a", rec.Hook
	case a < 17:
		rec.Agent = "b"
		rec.Event = map[string]string{
			event.HookUserPromptSubmit: "beforeSubmitPrompt", event.HookPreToolUse: "beforeShellExecution",
			event.HookPostToolUse: "afterShellExecution", event.HookStop: "afterAgentResponse",
		}[rec.Hook]
	case rec.Hook == event.HookPreToolUse:
		rec.Agent, rec.Event = "c", "before_tool"
	case rec.Hook == event.HookPostToolUse:
		rec.Agent, rec.Event = "c", "after_tool"
	default:
		rec.Agent, rec.Event = "a", rec.Hook
	}
	if rec.Tool == "Task" && rec.Hook == event.HookPreToolUse {
		rec.Tag = "subagent_spawn"
	}
	if r.Float64() < blockP {
		rec.Verdict = string(event.Block)
		rec.Rule = g.pick(rules)
		rec.Reason = reasons[rec.Rule]
	} else {
		rec.Verdict = string(event.Allow)
	}
	return rec
}
