package audit

import (
	"fmt"
	"math"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
)

// Filter selects records: by time range, verdict, hook, agent, rule,
// repository and input_hash prefix. An empty field selects everything. The
// console's /api/events and `guard audit` take the same filter with the
// same rules (Check).
type Filter struct {
	// Since and Until bound ts: Since ≤ ts < Until. Zero means unbounded.
	Since, Until time.Time
	Verdict      string // allow or block
	Hook         string // one of event.Hooks
	Agent        string // a, b or c
	Rule         string // exact rule name
	Repo         string // exact <org>/<repo>
	// HashPrefix is 4 to 64 lowercase hex digits that input_hash starts with.
	HashPrefix string
}

// Agents are the values of a record's agent field that a Filter accepts.
var Agents = []string{"a", "b", "c"}

// MaxFilterValue bounds a rule or repository name in a Filter.
const MaxFilterValue = 256

// FilterError names the filter field a value is wrong for.
type FilterError struct {
	Field string // the parameter or flag name: since, until, verdict, hook, agent, rule, repo, q
	Msg   string
}

func (e *FilterError) Error() string { return e.Field + " " + e.Msg }

// Check reports the first value that is not allowed, as a *FilterError.
func (f *Filter) Check() error {
	switch {
	case f.Verdict != "" && f.Verdict != string(event.Allow) && f.Verdict != string(event.Block):
		return &FilterError{"verdict", "must be allow or block"}
	case f.Hook != "" && !isHook([]byte(f.Hook)):
		return &FilterError{"hook", "must be one of " + strings.Join(event.Hooks, ", ")}
	case f.Agent != "" && !oneOf(f.Agent, Agents):
		return &FilterError{"agent", "must be one of " + strings.Join(Agents, ", ")}
	case !nameOK(f.Rule):
		return &FilterError{"rule", fmt.Sprintf("must be printable text of at most %d bytes", MaxFilterValue)}
	case !nameOK(f.Repo):
		return &FilterError{"repo", fmt.Sprintf("must be printable text of at most %d bytes", MaxFilterValue)}
	case f.HashPrefix != "" && !hashPrefixOK(f.HashPrefix):
		return &FilterError{"q", "must be 4 to 64 hex digits (the start of an input_hash)"}
	case !f.Since.IsZero() && !f.Until.IsZero() && !f.Since.Before(f.Until):
		return &FilterError{"until", "must be later than since"}
	}
	return nil
}

// ParseHashPrefix returns the hash prefix s in lower case, or a
// *FilterError when it is not 4 to 64 hex digits.
func ParseHashPrefix(s string) (string, error) {
	l := strings.ToLower(s)
	if !hashPrefixOK(l) {
		return "", &FilterError{"q", "must be 4 to 64 hex digits (the start of an input_hash)"}
	}
	return l, nil
}

// ParseFilterTime parses an RFC 3339 time for since or until.
func ParseFilterTime(field, s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, &FilterError{field, "must be an RFC 3339 time, e.g. 2026-01-02T15:04:05Z"}
	}
	return t, nil
}

func oneOf(s string, list []string) bool {
	for _, v := range list {
		if s == v {
			return true
		}
	}
	return false
}

// nameOK accepts an empty value or printable UTF-8 of bounded length.
func nameOK(s string) bool {
	if len(s) > MaxFilterValue || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

func hashPrefixOK(s string) bool {
	if len(s) < 4 || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// Empty reports whether f selects every record.
func (f *Filter) Empty() bool { return *f == Filter{} }

// Bounds returns the time range in Unix milliseconds, as compared with
// Fields.Time: a record passes when since ≤ Time < until.
func (f *Filter) Bounds() (since, until int64) {
	since, until = math.MinInt64, math.MaxInt64
	if !f.Since.IsZero() {
		since = ceilMilli(f.Since)
	}
	if !f.Until.IsZero() {
		until = ceilMilli(f.Until)
	}
	return since, until
}

// ceilMilli is t in Unix milliseconds, rounded up: a record of millisecond
// precision is at or after t exactly when it is at or after this.
func ceilMilli(t time.Time) int64 {
	ms := t.UnixMilli()
	if t.Sub(time.UnixMilli(ms)) > 0 {
		ms++
	}
	return ms
}

// Match reports whether the record Scan read into fl passes the filter.
func (f *Filter) Match(fl *Fields) bool {
	since, until := f.Bounds()
	switch {
	case fl.Time < since || fl.Time >= until:
		return false
	case f.Verdict != "" && string(fl.Verdict) != f.Verdict,
		f.Hook != "" && string(fl.Hook) != f.Hook,
		f.Agent != "" && string(fl.Agent) != f.Agent,
		f.Rule != "" && string(fl.Rule) != f.Rule,
		f.Repo != "" && string(fl.Repo) != f.Repo:
		return false
	case f.HashPrefix != "" && !strings.HasPrefix(string(fl.InputHash), f.HashPrefix):
		return false
	}
	return true
}
