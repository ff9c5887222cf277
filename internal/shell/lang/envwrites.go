package lang

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Environment writes of interpreter code: os.environ[K] =
// V, os.putenv(K, V), subprocess's env={K: V}, perl's $ENV{K} = V, ruby's
// ENV[K] = V, node's process.env.K = V and spawn's {env: {K: V}}, php's
// putenv("K=V"), awk's ENVIRON[K] = V. The programs the code starts
// inherit them: BASH_ENV, LD_PRELOAD, PATH, GIT_SSH_COMMAND hold or name
// code. Package shell checks each as the shell's assignment of the same
// variable; a name or a whole environment guard cannot read is one it
// cannot tell.

// EnvWrite is one environment entry code sets: its name and value, each
// with whether it is a plain literal (Text is then its text). A write whose
// entries guard cannot read (os.environ.update(d), env=d) has Name "".
type EnvWrite struct {
	Name, Value           string
	NameKnown, ValueKnown bool
}

// envSubscripts are the subscripted environments assigned an entry.
var envSubscripts = [...]string{"environ[", "$ENV{", "ENV[", "process.env[", "ENVIRON[", "env["}

// envWholes are writes of many entries at once that guard does not read.
var envWholes = [...]string{"environ.update", "environ |=", "ENV.update", "ENV.merge!", "ENV.replace", "Object.assign(process.env"}

// maxEnvWrites bounds the writes EnvWrites returns.
const maxEnvWrites = 32

// EnvWrites returns the environment entries code in language f sets
// (see the file's comment), in no particular order.
func EnvWrites(f Family, code string) []EnvWrite {
	if f == NoFamily {
		return nil
	}
	lits := litSpans(code)
	var out []EnvWrite
	add := func(w EnvWrite) bool {
		out = append(out, w)
		return len(out) >= maxEnvWrites
	}
	for _, s := range envSubscripts {
		outsideLits(code, s, lits, func(k int) bool {
			open := k + len(s) - 1
			end := skipGroup(code, open)
			if end <= open+1 || end > len(code) {
				return false
			}
			if v, ok := assignedValue(code, end); ok {
				key := code[open+1 : end-1]
				if s == "$ENV{" && identifier(key) && !strings.HasPrefix(key, "$") {
					key = `"` + key + `"` // $ENV{BASH_ENV}: a bareword key
				}
				return add(entry(key, v))
			}
			return false
		})
	}
	outsideLits(code, "process.env.", lits, func(k int) bool {
		i := k + len("process.env.")
		j := i
		for j < len(code) && word.IsWordChar(code[j]) {
			j++
		}
		if v, ok := assignedValue(code, j); ok && j > i {
			return add(entry(`"`+code[i:j]+`"`, v))
		}
		return false
	})
	for _, s := range envWholes {
		if outsideLits(code, s, lits, func(int) bool { return true }) {
			out = append(out, EnvWrite{})
		}
	}
	out = append(out, envCalls(code, lits)...)
	return out
}

// envCalls returns the entries of putenv(K, V) (php's putenv("K=V")),
// setdefault(K, V), and of an env= or env: option (a dict or object
// literal; any other value is a write guard cannot read).
func envCalls(code string, lits []lit) []EnvWrite {
	var out []EnvWrite
	for _, fn := range [...]string{"putenv(", "environ.setdefault(", "ENV.store("} {
		outsideLits(code, fn, lits, func(k int) bool {
			args := topLevel(callArg(code[k+len(fn) : min(len(code), k+len(fn)+maxExpr)]))
			switch {
			case len(args) >= 2:
				out = append(out, entry(args[0], args[1]))
			case len(args) == 1:
				name, value, _ := strings.Cut(args[0], "=")
				if l, ok := wholeLiteral(strings.TrimSpace(args[0])); ok {
					t := args[0][l.start:l.end]
					name, value, _ = strings.Cut(t, "=")
					name, value = `"`+name+`"`, `"`+value+`"`
				}
				out = append(out, entry(name, value))
			}
			return len(out) >= maxEnvWrites
		})
	}
	for _, kw := range [...]string{"env=", "env:", "env =>", ":env =>"} {
		outsideLits(code, kw, lits, func(k int) bool {
			if k > 0 && (word.IsWordChar(code[k-1]) || code[k-1] == '.') || strings.HasPrefix(code[k+len(kw):], "=") {
				return false
			}
			out = append(out, envObject(code, skipBlanks(code, k+len(kw)))...)
			return len(out) >= maxEnvWrites
		})
	}
	return out
}

// envObject returns the entries of the dict or object literal at code[i]
// ({"K": "V", **os.environ}, {...process.env, K: "V"}); anything else is
// a write guard cannot read.
func envObject(code string, i int) []EnvWrite {
	if i >= len(code) {
		return []EnvWrite{{}}
	}
	if code[i] != '{' {
		for _, own := range [...]string{"os.environ", "process.env", "None"} {
			rest, ok := strings.CutPrefix(code[i:], own)
			if rest = strings.TrimLeft(rest, " "); ok && (rest == "" || strings.ContainsRune(",)}\n", rune(rest[0]))) {
				return nil // the code's own environment, unchanged
			}
		}
		return []EnvWrite{{}}
	}
	end := skipGroup(code, i)
	if end <= i+1 || end > len(code) || code[end-1] != '}' {
		return []EnvWrite{{}}
	}
	var out []EnvWrite
	for _, item := range topLevel(code[i+1 : end-1]) {
		item = strings.TrimSpace(item)
		if item == "" || strings.HasPrefix(item, "**") || strings.HasPrefix(item, "...") {
			continue
		}
		sep := ":"
		if strings.Contains(item, "=>") {
			sep = "=>"
		}
		k, v, ok := cutTopLevel(item, sep)
		if !ok {
			return append(out, EnvWrite{})
		}
		if identifier(strings.TrimSpace(k)) && sep == ":" && !strings.HasPrefix(strings.TrimSpace(k), "$") {
			k = `"` + strings.TrimSpace(k) + `"` // {BASH_ENV: "x"}: a key written bare
		}
		out = append(out, entry(k, v))
	}
	return out
}

// cutTopLevel cuts item at the first sep outside its literals.
func cutTopLevel(item, sep string) (before, after string, ok bool) {
	lits := litSpans(item)
	at := -1
	outsideLits(item, sep, lits, func(k int) bool { at = k; return true })
	if at < 0 {
		return "", "", false
	}
	return item[:at], item[at+len(sep):], true
}

// assignedValue returns the expression assigned after code[i] (= V, not ==),
// up to the statement's end.
func assignedValue(code string, i int) (string, bool) {
	k := skipBlanks(code, i)
	if k >= len(code) || code[k] != '=' || k+1 < len(code) && (code[k+1] == '=' || code[k+1] == '~' || code[k+1] == '>') {
		return "", false
	}
	v := code[k+1 : min(len(code), k+1+maxExpr)]
	if e := envStatementEnd(v); e >= 0 {
		v = v[:e]
	}
	return v, true
}

// envStatementEnd returns the index in v of the first ; or newline outside
// brackets and literals, -1 when there is none.
func envStatementEnd(v string) int {
	lits := litSpans(v)
	depth := 0
	for i := 0; i < len(v); i++ {
		if inLit(lits, i) {
			continue
		}
		switch v[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth < 0 {
				return i
			}
		case ';', '\n':
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// entry makes the EnvWrite of name and value expressions.
func entry(name, value string) EnvWrite {
	var w EnvWrite
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if l, ok := wholeLiteral(name); ok {
		w.Name, w.NameKnown = name[l.start:l.end], true
	}
	if l, ok := wholeLiteral(value); ok {
		w.Value, w.ValueKnown = value[l.start:l.end], true
	}
	return w
}
