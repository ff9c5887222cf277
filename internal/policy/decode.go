package policy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp/syntax"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// decoder applies a generic JSON tree onto a Policy, collecting a Problem for
// every unknown key and wrong type instead of stopping at the first.
type decoder struct {
	problems []Problem
	// blocklistField is the spelling the document used for urls.blocklist
	// (urls.block_domains is accepted too), so that a problem with one of
	// its entries names the field the person wrote. Empty means blocklist.
	blocklistField string
}

// maxDepth bounds the nesting of a policy document; the schema needs 4.
const maxDepth = 64

// duplicateKeys reports, at its field path, every key that an object of
// the JSON document data (already known to be valid) holds more than once:
// JSON readers disagree on which of the two counts (Go's and JavaScript's
// take the last), so a second "bash":{"enabled":false} must not slip past a
// reviewer who reads the first. Keys compare after unescaping, so
// "b\u0061sh" is bash. One pass over the bytes, no tree: a policy that is
// not the defaults pays for it on every hook call.
func (d *decoder) duplicateKeys(data []byte) {
	s := keyScan{stack: make([]keyFrame, 0, 8), keys: make([][]byte, 0, 64)}
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '{', '[':
			if len(s.stack) >= maxDepth {
				d.addf(s.path(), "nested deeper than %d levels", maxDepth)
				return
			}
			s.stack = append(s.stack, keyFrame{obj: c == '{', wantKey: c == '{', start: len(s.keys)})
		case '}', ']':
			s.keys = s.keys[:s.stack[len(s.stack)-1].start]
			s.stack = s.stack[:len(s.stack)-1]
			if len(s.stack) == 0 {
				return // the document's one value is done
			}
		case ',':
			if f := &s.stack[len(s.stack)-1]; f.obj {
				f.wantKey = true
			} else {
				f.index++
			}
		case '"':
			end := i + 1
			escaped := false
			for ; data[end] != '"'; end++ {
				if data[end] == '\\' {
					escaped = true
					end++
				}
			}
			if n := len(s.stack); n > 0 && s.stack[n-1].obj && s.stack[n-1].wantKey {
				key := data[i+1 : end]
				if escaped {
					var k string
					_ = json.Unmarshal(data[i:end+1], &k)
					key = []byte(k)
				}
				if s.addKey(key) {
					d.addf(s.path(), "duplicate key: the object sets it more than once (JSON readers disagree on which one counts); keep one")
				}
			}
			i = end
		}
	}
}

// keyScan is duplicateKeys' state: the open objects and arrays, and the
// keys of the open objects, innermost last (slices of the data, or
// unescaped copies): one backing array for the whole scan.
type keyScan struct {
	stack []keyFrame
	keys  [][]byte
}

// keyFrame is one open object or array.
type keyFrame struct {
	obj     bool
	start   int                 // where its keys begin in keys
	set     map[string]struct{} // its keys, once many
	key     []byte              // the current member's key
	index   int                 // the current element's index
	wantKey bool
}

// addKey records key as the innermost object's current member and reports
// whether the object already had it.
func (s *keyScan) addKey(key []byte) bool {
	f := &s.stack[len(s.stack)-1]
	f.key, f.wantKey = key, false
	if f.set != nil {
		_, dup := f.set[string(key)]
		f.set[string(key)] = struct{}{}
		return dup
	}
	dup := false
	for _, k := range s.keys[f.start:] {
		dup = dup || bytes.Equal(k, key)
	}
	s.keys = append(s.keys, key)
	if len(s.keys)-f.start > 16 { // many keys: a map from now on
		f.set = make(map[string]struct{}, 64)
		for _, k := range s.keys[f.start:] {
			f.set[string(k)] = struct{}{}
		}
		s.keys = s.keys[:f.start]
	}
	return dup
}

// path is the field path of the current position, as validation errors
// name fields (bash.block_patterns[2].name).
func (s *keyScan) path() string {
	var b strings.Builder
	for _, f := range s.stack {
		if f.obj {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.Write(f.key)
		} else {
			fmt.Fprintf(&b, "[%d]", f.index)
		}
	}
	return b.String()
}

// nameRules adds each command rule's name to the field paths of its
// problems: bash.block_patterns[3] (no_sudo).pattern, so the rule can be
// found by the name `guard explain` and the audit log show.
func (d *decoder) nameRules(p *Policy) {
	for i := range d.problems {
		f := d.problems[i].Field
		rest, ok := strings.CutPrefix(f, "bash.block_patterns[")
		if !ok {
			continue
		}
		end := strings.IndexByte(rest, ']')
		n, err := strconv.Atoi(rest[:max(end, 0)])
		if end < 0 || err != nil || n < 0 || n >= len(p.Bash.BlockPatterns) || p.Bash.BlockPatterns[n].Name == "" {
			continue
		}
		at := len("bash.block_patterns[") + end + 1
		d.problems[i].Field = f[:at] + " (" + ruleLabel(p.Bash.BlockPatterns[n].Name) + ")" + f[at:]
	}
}

// ruleLabel returns a rule name as a field path shows it: as written when
// it is a plain identifier, else quoted (and cut to 64 characters), so an
// odd name cannot make the message unreadable.
func ruleLabel(name string) string {
	plain := len(name) <= 64
	for _, r := range name {
		if !(r == '_' || r == '-' || r == '.' || r == ':' || syntax.IsWordChar(r)) {
			plain = false
			break
		}
	}
	if plain {
		return name
	}
	if utf8.RuneCountInString(name) > 64 {
		name = string([]rune(name)[:64]) + "…"
	}
	return strconv.Quote(name)
}

func (d *decoder) addf(field, format string, args ...any) {
	d.problems = append(d.problems, Problem{Field: field, Msg: fmt.Sprintf(format, args...)})
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func join(parent, key string) string {
	if parent == "" {
		return key
	}
	return parent + "." + key
}

// object checks that v is an object and calls fields[key] for each key in
// sorted order; an unknown key is a problem.
func (d *decoder) object(path string, v any, fields map[string]func(path string, v any)) {
	m, ok := v.(map[string]any)
	if !ok {
		name := path
		if name == "" {
			name = "document"
		}
		if path == "" {
			d.addf("", "the %s must be a JSON object, not %s", name, typeName(v))
		} else {
			d.addf(path, "must be an object, not %s", typeName(v))
		}
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f, ok := fields[k]
		if !ok {
			d.addf(join(path, k), "unknown field%s", suggest(k, fields))
			continue
		}
		f(join(path, k), m[k])
	}
}

// suggest returns a hint naming the known fields.
func suggest(key string, fields map[string]func(string, any)) string {
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	sort.Strings(names)
	return " (known: " + strings.Join(names, ", ") + ")"
}

func (d *decoder) boolean(dst *bool) func(string, any) {
	return func(path string, v any) {
		b, ok := v.(bool)
		if !ok {
			d.addf(path, "must be a boolean, not %s", typeName(v))
			return
		}
		*dst = b
	}
}

func (d *decoder) str(dst *string) func(string, any) {
	return func(path string, v any) {
		s, ok := v.(string)
		if !ok {
			d.addf(path, "must be a string, not %s", typeName(v))
			return
		}
		*dst = s
	}
}

func (d *decoder) nullableString(dst **string) func(string, any) {
	return func(path string, v any) {
		if v == nil {
			*dst = nil
			return
		}
		s, ok := v.(string)
		if !ok {
			d.addf(path, "must be a string or null, not %s", typeName(v))
			return
		}
		*dst = &s
	}
}

func (d *decoder) integer(dst *int) func(string, any) {
	return func(path string, v any) {
		n, ok := v.(json.Number)
		if !ok {
			d.addf(path, "must be an integer, not %s", typeName(v))
			return
		}
		i, err := strconv.ParseInt(string(n), 10, 32)
		if err != nil {
			d.addf(path, "must be an integer, not %s", n)
			return
		}
		*dst = int(i)
	}
}

// fraction reads a number from 0 to 1 (exclusive of 1).
func (d *decoder) fraction(dst *float64) func(string, any) {
	return func(path string, v any) {
		n, ok := v.(json.Number)
		if !ok {
			d.addf(path, "must be a number, not %s", typeName(v))
			return
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil || f < 0 || f >= 1 {
			d.addf(path, "must be a number from 0 (the model's own) to below 1, not %s", n)
			return
		}
		*dst = f
	}
}

func (d *decoder) strings(dst *[]string) func(string, any) {
	return func(path string, v any) {
		a, ok := v.([]any)
		if !ok {
			d.addf(path, "must be an array of strings, not %s", typeName(v))
			return
		}
		out := make([]string, 0, len(a))
		good := true
		for i, e := range a {
			s, ok := e.(string)
			if !ok {
				d.addf(fmt.Sprintf("%s[%d]", path, i), "must be a string, not %s", typeName(e))
				good = false
				continue
			}
			out = append(out, s)
		}
		if good {
			*dst = out
		}
	}
}

// alias lets two spellings set one field, and reports a document that uses both.
func (d *decoder) alias(seen map[string]string, canonical string, set func(string, any)) func(string, any) {
	return func(path string, v any) {
		if other, dup := seen[canonical]; dup {
			d.addf(path, "sets the same setting as %s; keep one", other)
			return
		}
		seen[canonical] = path
		set(path, v)
	}
}

func (d *decoder) policy(p *Policy, doc any) {
	d.object("", doc, map[string]func(string, any){
		"version":           d.str(&p.Version),
		"remote_policy_url": d.nullableString(&p.RemotePolicyURL),
		"bash":              func(path string, v any) { d.bash(path, v, &p.Bash) },
		"file_paths":        func(path string, v any) { d.filePaths(path, v, &p.FilePaths) },
		"urls":              func(path string, v any) { d.urls(path, v, &p.URLs) },
		"pii":               func(path string, v any) { d.pii(path, v, &p.PII) },
		"results": func(path string, v any) {
			d.object(path, v, map[string]func(string, any){"scan_all": d.boolean(&p.Results.ScanAll)})
		},
		"injection": func(path string, v any) {
			d.object(path, v, map[string]func(string, any){
				"enabled": d.boolean(&p.Injection.Enabled),
				"classifier": func(path string, v any) {
					c := &p.Injection.Classifier
					d.object(path, v, map[string]func(string, any){
						"enabled":   d.boolean(&c.Enabled),
						"threshold": d.fraction(&c.Threshold),
						"on_prompt": d.str(&c.OnPrompt),
						"on_result": d.str(&c.OnResult),
					})
				},
			})
		},
		"webhook": func(path string, v any) { d.webhook(path, v, &p.Webhook) },
	})
}

func (d *decoder) bash(path string, v any, b *Bash) {
	d.object(path, v, map[string]func(string, any){
		"enabled":        d.boolean(&b.Enabled),
		"block_on_error": d.boolean(&b.BlockOnError),
		"match":          d.str(&b.Match),
		"allow_patterns": d.strings(&b.AllowPatterns),
		"block_patterns": func(path string, v any) {
			a, ok := v.([]any)
			if !ok {
				d.addf(path, "must be an array of rules, not %s", typeName(v))
				return
			}
			rules := make([]CommandRule, len(a))
			for i, e := range a {
				rp := fmt.Sprintf("%s[%d]", path, i)
				r := &rules[i]
				d.object(rp, e, map[string]func(string, any){
					"name":        d.str(&r.Name),
					"pattern":     d.str(&r.Pattern),
					"unless":      d.str(&r.Unless),
					"severity":    d.str(&r.Severity),
					"description": d.str(&r.Description),
					"hint":        d.str(&r.Hint),
				})
			}
			b.BlockPatterns = rules
		},
	})
}

func (d *decoder) filePaths(path string, v any, f *FilePaths) {
	d.object(path, v, map[string]func(string, any){
		"block_read":  d.strings(&f.BlockRead),
		"allow_read":  d.strings(&f.AllowRead),
		"block_write": d.strings(&f.BlockWrite),
		"allow_write": d.strings(&f.AllowWrite),
	})
}

func (d *decoder) urls(path string, v any, u *URLs) {
	seen := map[string]string{}
	d.object(path, v, map[string]func(string, any){
		"blocklist":     d.alias(seen, "blocklist", d.strings(&u.Blocklist)),
		"block_domains": d.alias(seen, "blocklist", func(path string, v any) { d.blocklistField = path; d.strings(&u.Blocklist)(path, v) }),
		"allowlist":     d.strings(&u.Allowlist),
	})
}

func (d *decoder) pii(path string, v any, p *PII) {
	seen := map[string]string{}
	d.object(path, v, map[string]func(string, any){
		"enabled":               d.boolean(&p.Enabled),
		"block_on_prompt":       d.alias(seen, "prompt", d.boolean(&p.BlockOnPrompt)),
		"block_in_prompt":       d.alias(seen, "prompt", d.boolean(&p.BlockOnPrompt)),
		"block_in_file_content": d.boolean(&p.BlockInFileContent),
		"block_on_response":     d.alias(seen, "response", d.boolean(&p.BlockOnResponse)),
		"redact_in_response":    d.alias(seen, "response", d.boolean(&p.BlockOnResponse)),
		"types": func(path string, v any) {
			var types []string
			d.strings(&types)(path, v)
			if types == nil {
				return
			}
			type seenAt struct {
				i     int
				spelt string
			}
			first := map[string]seenAt{}
			for i, t := range types {
				if t == "phone_us" {
					types[i] = "phone"
				}
				if prev, dup := first[types[i]]; dup {
					also := fmt.Sprintf("also %s[%d]", path, prev.i)
					if t != prev.spelt {
						also = fmt.Sprintf("%s[%d] %q is the same type", path, prev.i, prev.spelt)
					}
					d.addf(fmt.Sprintf("%s[%d]", path, i), "duplicate type %q (%s)", t, also)
					continue
				}
				first[types[i]] = seenAt{i, t}
			}
			p.Types = types
		},
	})
}

func (d *decoder) webhook(path string, v any, w *Webhook) {
	d.object(path, v, map[string]func(string, any){
		"enabled":     d.boolean(&w.Enabled),
		"url":         d.str(&w.URL),
		"token":       d.nullableString(&w.Token),
		"hmac_secret": d.nullableString(&w.HMACSecret),
		"timeout_ms":  d.integer(&w.TimeoutMS),
	})
}
