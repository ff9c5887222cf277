package lang

// Python's exec, eval and compile evaluate the text they are handed: the
// code of a file only when that text is exactly what the file read gives
// (exec(open("x.py").read())). A read whose text is then sliced, decoded,
// replaced or passed through a call (exec(open("r.txt").read()[::-1]),
// exec(base64.b64decode(open("b").read()))) is text the program computes:
// not the file's code (FINDINGS58a A11).

import (
	"regexp"
	"strings"
	"sync"
)

// plainRead is an evaluator's argument that is exactly a file's text:
// (codecs.)open(…).read(), with a .decode(…) after it, or
// (pathlib.)Path(…).read_text() or read_bytes(); the codec a read names
// is the codec feed's to decode (codecfeed.go). Built when first used.
var plainRead = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:(?:codecs\.)?open\([^()]*\)\.read\(\)(?:\.decode\([^()]*\))?|(?:pathlib\.)?Path\([^()]*\)\.read_(?:text|bytes)\(\))$`)
})

// EvaluatesTransformed reports whether python code hands exec, eval or
// compile text it read from a file and then changed (see the file
// comment): an argument holding a read that is not exactly plainRead.
func EvaluatesTransformed(code string) bool {
	if !strings.Contains(code, "read") {
		return false
	}
	for _, fn := range [...]string{"exec", "eval", "compile"} {
		for off := 0; off < len(code); {
			at, next, ok := nextCall(code, fn, off)
			if at < 0 {
				break
			}
			off = next
			if !ok || at == next || code[at-1] != '(' || next > len(fn) && code[next-len(fn)-1] == '.' {
				continue
			}
			args := argSpans(code, at)
			if len(args) == 0 {
				continue
			}
			a := strings.TrimSpace(code[args[0][0]:args[0][1]])
			if strings.HasPrefix(a, "compile(") {
				continue // exec(compile(T, …)): T is checked as compile's
			}
			if fileRead(a) && !plainRead().MatchString(a) {
				return true
			}
		}
	}
	return false
}

// fileRead reports whether expression a reads a file's text: open(…),
// Path(…), read_text, read_bytes (not sys.stdin.read(), the feed's).
func fileRead(a string) bool {
	for _, r := range [...]string{"open(", "Path(", "read_text", "read_bytes"} {
		if strings.Contains(a, r) && strings.Contains(a, "read") {
			return true
		}
	}
	return false
}
