package policy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/shell"
)

// MaxSize bounds a policy document. A rules.json larger than this is refused
// rather than read into memory on every hook call.
const MaxSize = 1 << 20

// SourceDefaults is the Source of the built-in default policy.
const SourceDefaults = "built-in defaults"

// Load returns the active policy: $GUARD_HOME/rules.json (default
// ~/.guard/rules.json) when it exists, else the built-in defaults. A remote
// policy and a signing key change that: see LoadWith.
func Load() (*Policy, error) {
	return LoadWith(LoadOptions{})
}

// Path returns where the local policy file lives, whether or not it exists.
func Path() (string, error) { return home.File(home.PolicyName) }

// LoadFile reads and parses the policy document at path. An absent file
// yields an error matching fs.ErrNotExist.
//
// Only a regular file is read, without ever waiting: a FIFO in its place
// would otherwise hang every hook call.
func LoadFile(path string) (*Policy, error) {
	data, err := readBounded(path, MaxSize)
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", path, err)
	}
	return Parse(data, path)
}

// Default returns the built-in default policy: default.json, decoded ahead
// of time into zz_defaults.go so the hook path does not decode it on every
// call (TestGeneratedDefaults keeps the two identical).
//
// It also learns the home directory (what ~ stands for) and guard's own
// directory; when the home directory is not known (HOME unset and no
// account database entry) it fails, for every ~ rule would be void.
func Default() (*Policy, error) {
	p := builtinDefault()
	p.Source = SourceDefaults
	var err error
	if p.Home, err = home.UserHome(); err != nil {
		return nil, fmt.Errorf("policy: path rules with ~ need the home directory: %w", err)
	}
	if p.GuardDir, err = home.Dir(); err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	p.Zsh = shell.MayRunZsh(os.Getenv("SHELL"))
	p.Self = home.SelfName()
	if z := os.Getenv("ZDOTDIR"); filepath.IsAbs(z) {
		p.ZDotDir = z
	}
	return p, nil
}

// Parse decodes a rules.json document over the built-in defaults: a field
// present in data replaces its default, a missing field keeps it. Decoding is
// strict; every problem is reported at once in an *Error naming source.
func Parse(data []byte, source string) (*Policy, error) {
	p, err := Default()
	if err != nil {
		return nil, err
	}
	// The common case after `guard init`: the file is the default document.
	if bytes.Equal(data, defaultJSON) {
		p.Source = source
		return p, nil
	}
	if err := parseInto(p, data, source, true); err != nil {
		return nil, err
	}
	return p, nil
}

func parseInto(p *Policy, data []byte, source string, validate bool) error {
	p.Source = source
	d := &decoder{}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return &Error{Source: source, Problems: []Problem{{Msg: syntaxMessage(data, err)}}}
	}
	if _, err := dec.Token(); err != io.EOF {
		return &Error{Source: source, Problems: []Problem{{Msg: "unexpected data after the JSON document"}}}
	}
	d.duplicateKeys(data)
	dups := len(d.problems) > 0
	d.policy(p, doc)
	if validate {
		d.validate(p)
	}
	if len(d.problems) > 0 {
		if !dups {
			// With a key set twice the decoded rules may not be the ones
			// the problems are about: no names then.
			d.nameRules(p)
		}
		return &Error{Source: source, Problems: d.problems}
	}
	return nil
}

// Problem is one thing wrong with a policy document, at a field path such as
// bash.block_patterns[3].pattern.
type Problem struct {
	Field string
	Msg   string
}

func (p Problem) String() string {
	if p.Field == "" {
		return p.Msg
	}
	return p.Field + ": " + p.Msg
}

// Error reports every problem found in one policy document.
type Error struct {
	Source   string
	Problems []Problem
}

func (e *Error) Error() string {
	if len(e.Problems) == 1 {
		return fmt.Sprintf("policy %s: %s", e.Source, e.Problems[0])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "policy %s: %d problems:", e.Source, len(e.Problems))
	for _, p := range e.Problems {
		b.WriteString("\n  ")
		b.WriteString(p.String())
	}
	return b.String()
}

// syntaxMessage turns a JSON decoding error into a message with line:column.
func syntaxMessage(data []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// Offset counts the offending byte itself.
		line, col := position(data, max(se.Offset-1, 0))
		return fmt.Sprintf("invalid JSON at line %d, column %d: %s", line, col, se.Error())
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "invalid JSON: unexpected end of document"
	}
	return "invalid JSON: " + err.Error()
}

func position(data []byte, offset int64) (line, col int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	line, col = 1, 1
	for _, c := range data[:offset] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}
