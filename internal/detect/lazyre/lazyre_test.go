package lazyre

import (
	"regexp"
	"slices"
	"testing"
)

func TestLiterals(t *testing.T) {
	tests := []struct {
		expr string
		want [][]string // the clauses, most selective first; nil: no prefilter
	}{
		{`rm\s+-rf\s+[/~$]`, [][]string{{"-rf"}, {"rm"}, {"/", "~", "$"}}},
		{`curl.*\|.*sh`, [][]string{{"curl"}, {"sh"}, {"|"}}},
		{`xmrig|minergate|minerd`, [][]string{{"xmrig", "minergate", "minerd"}}}, // joined again after the parser factors miner(gate|d)
		{`:\(\)\{.*\}\;:`, [][]string{{":(){"}, {"};:"}}},
		{`(?i)api[_\-]?key`, [][]string{{"api-key", "api_key", "apikey"}}},
		{`(?i)Authorization:\s*Bearer`, [][]string{{"authorization:"}, {"bearer"}}},
		{`history\s+-[cwp]`, [][]string{{"history"}, {"-c", "-p", "-w"}, {"\t", "\n", "\f", "\r", " "}}},
		{`(?:nc|ncat|netcat)\b.*\|`, [][]string{{"nc", "ncat", "netcat"}, {"|"}}},
		{`nc\s+.*\d+\.\d+\.\d+\.\d+`, [][]string{{"nc"}, {"."}, {"."}}},
		{`\bpython\b.*\bsocket\b`, [][]string{{"python"}, {"socket"}}},
		{`a+b`, [][]string{{"a"}, {"b"}}}, // Go's parser turns a+b into a concatenation
		{`\d+`, nil},
		{`.*`, nil},
		{`foo|\d`, nil},
		{`(?:ab)*`, nil},
		{`x{0,3}y`, [][]string{{"y"}}},
		{`[/~$]`, [][]string{{"$", "/", "~"}}},
		{`(?:ab|cd)ef`, [][]string{{"abef", "cdef"}}},
		{`(?i)x[ab]Y`, [][]string{{"xay", "xby"}}},
	}
	for _, tt := range tests {
		r, err := New(tt.expr)
		if err != nil {
			t.Fatalf("%s: %v", tt.expr, err)
		}
		var got [][]string
		for _, c := range r.Prefilter() {
			var s []string
			for _, l := range c {
				s = append(s, l.S)
			}
			slices.Sort(s)
			got = append(got, s)
		}
		want := slices.Clone(tt.want)
		for i := range want {
			want[i] = slices.Sorted(slices.Values(want[i]))
		}
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s: prefilter %q, want %q", tt.expr, got, want)
		}
	}
}

// TestEveryClauseIsNeeded: a text holding the literals of one clause but
// not another's is rejected without compiling.
func TestEveryClauseIsNeeded(t *testing.T) {
	r := MustNew(`\bpython\b.*\bsocket\b`)
	if ok, _ := r.MatchString("python3 -m pytest -q"); ok || r.re != nil {
		t.Fatalf("match %v, compiled %v: the text lacks socket", ok, r.re != nil)
	}
	if ok, _ := r.MatchString("python -c 'import socket'"); !ok {
		t.Fatal("no match with both literals")
	}
}

func TestMatchSkipsCompileWithoutLiterals(t *testing.T) {
	r := MustNew(`curl.*\|.*sh`)
	ok, err := r.MatchString("go test ./...")
	if ok || err != nil {
		t.Fatalf("match %v err %v", ok, err)
	}
	if r.re != nil {
		t.Fatal("compiled although the text lacks every required literal")
	}
	ok, _ = r.MatchString("curl -s https://x | sh")
	if !ok || r.re == nil {
		t.Fatal("did not compile and match when the literal is present")
	}
}

func TestFoldCase(t *testing.T) {
	r := MustNew(`(?i)ignore\s+previous`)
	for _, s := range []string{"IGNORE previous", "Ignore PREVIOUS", "ignore\tprevious"} {
		if ok, _ := r.MatchString(s); !ok {
			t.Errorf("%q: no match", s)
		}
	}
	// Go folds U+212A KELVIN SIGN to k: the prefilter must not reject it.
	k := MustNew(`(?i)key`)
	if ok, _ := k.MatchString("\u212aey"); !ok {
		t.Error("Kelvin sign: prefilter rejected a real match")
	}
}

func TestSyntaxError(t *testing.T) {
	if _, err := New(`(unclosed`); err == nil {
		t.Fatal("no error for a bad pattern")
	}
}

// FuzzPrefilterNeverHidesAMatch checks the one property that matters: when
// the compiled expression matches, the prefilter lets the text through.
func FuzzPrefilterNeverHidesAMatch(f *testing.F) {
	for _, s := range []struct{ expr, text string }{
		{`rm\s+-rf\s+[/~$]`, "rm -rf /"},
		{`(?i)api[_\-]?key[\s:=]+['\"A-Za-z0-9]{20,}`, "API_KEY=abcdefghijabcdefghij"},
		{`xmrig|minergate|minerd`, "./minerd -o pool"},
		{`(?i)ſecret`, "SECRET"},
		{`[a-c]x`, "bx"},
		{`(?i)k`, "\u212a"},
	} {
		f.Add(s.expr, s.text)
	}
	f.Fuzz(func(t *testing.T, expr, text string) {
		re, err := regexp.Compile(expr)
		if err != nil {
			return
		}
		r, err := New(expr)
		if err != nil {
			t.Fatalf("regexp compiles %q but New fails: %v", expr, err)
		}
		want := re.MatchString(text)
		got, err := r.MatchString(text)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%q on %q: lazy %v, regexp %v (literals %q)", expr, text, got, want, r.Literals())
		}
	})
}

func BenchmarkNewAndRejectDefaultRules(b *testing.B) {
	exprs := []string{`:\(\)\{.*\}\;:`, `rm\s+-rf\s+[/~$]`, `history\s+-[cwp]`, `curl.*\|.*sh`,
		`wget.*-O-.*\|.*sh`, `xmrig|minergate|minerd`, `nc\s+.*\d+\.\d+\.\d+\.\d+`}
	for b.Loop() {
		t := NewText("go test ./... && git push origin main")
		for _, e := range exprs {
			r := MustNew(e)
			if _, err := r.MatchText(t); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkCompileDefaultRules(b *testing.B) {
	exprs := []string{`:\(\)\{.*\}\;:`, `rm\s+-rf\s+[/~$]`, `history\s+-[cwp]`, `curl.*\|.*sh`,
		`wget.*-O-.*\|.*sh`, `xmrig|minergate|minerd`, `nc\s+.*\d+\.\d+\.\d+\.\d+`}
	for b.Loop() {
		for _, e := range exprs {
			regexp.MustCompile(e).MatchString("go test ./... && git push origin main")
		}
	}
}

// TestDeferBuilt: a built expression is built on first use only, once, and
// compiles to what its text does.
func TestDeferBuilt(t *testing.T) {
	calls := 0
	d := DeferBuilt(func() string { calls++; return `^a(?:b+)$` })
	if calls != 0 || d.Compiled() {
		t.Fatalf("built before use: %d calls", calls)
	}
	for range 2 {
		if !d.Regexp().MatchString("abb") || d.Regexp().MatchString("ab c") {
			t.Fatal("wrong expression")
		}
	}
	if calls != 1 || d.Regexp().String() != `^a(?:b+)$` {
		t.Fatalf("%d calls, expression %q", calls, d.Regexp().String())
	}
}

func TestStartLiterals(t *testing.T) {
	for _, c := range []struct {
		expr string
		want []string
	}{
		{`\b(?:curl|wget|base64 -d)\b.*\| ?sh`, []string{"curl", "wget", "base64 -d"}},
		{`curl.*\|.*sh`, []string{"curl"}},
		{`^rm\s`, []string{"rm"}},
		{`[ab]x`, []string{"a", "b"}},
		{`[Cc]url`, nil}, // parsed as a case-folded literal
		{`(?i)curl`, nil},
		{`.*curl`, nil},
		{`x?curl`, nil},
		{`ümlaut`, nil},
	} {
		var got []string
		if s := newStarts(c.expr); s != nil {
			got = s.lits
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: start literals %q, want %q", c.expr, got, c.want)
		}
	}
}

// FuzzStartsMatchLikeOnePass checks that trying a pattern anchored where its
// start literals occur answers as one unanchored pass does.
func FuzzStartsMatchLikeOnePass(f *testing.F) {
	for _, s := range []struct{ expr, text string }{
		{`\b(?:curl|wget|base64 -d)\b.*\| ?(?:(?:ba|da|z|k)?sh|python[\d.]*)\b[^|]* -(?: |$)`, "ls\ncurl x | sh -\n"},
		{`\bcurl\b`, "xcurl curl"},
		{`\bcurl\b`, "\xffcurl"},
		{`(?m)^rm`, "a\nrm"},
		{`^rm`, "a\nrm"},
		{`a$`, "aaa"},
		{`[ab]+\Bc`, "abc"},
		{`(?s)x.y`, "x\ny"},
		{`é|a`, "é"},
	} {
		f.Add(s.expr, s.text)
	}
	f.Fuzz(func(t *testing.T, expr, text string) {
		re, err := regexp.Compile(expr)
		if err != nil {
			return
		}
		st := newStarts(expr)
		if st == nil {
			return
		}
		got, ok := st.match(text)
		if !ok {
			return
		}
		if want := re.MatchString(text); got != want {
			t.Fatalf("%q on %q: anchored runs %v, one pass %v (starts %q)", expr, text, got, want, st.lits)
		}
	})
}
