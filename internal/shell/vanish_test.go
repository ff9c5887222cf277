package shell

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

func TestCclBraces(t *testing.T) {
	m := word.Mark(word.MarkWord, "")
	lit := func(s ...string) []syntax.WordPart {
		var ps []syntax.WordPart
		for _, v := range s {
			ps = append(ps, &syntax.Lit{Value: v})
		}
		return ps
	}
	tests := []struct {
		in      []syntax.WordPart
		want    string
		changed bool
	}{
		{lit("~/.zsh{r}c"), "~/.zsh" + m + "c", true},
		{lit("~/.zshr{a-c}"), "~/.zshr" + m, true},
		{lit("~/.zsh", "{", "r", "}", "c"), "~/.zsh" + m + "c", true}, // split by SplitBraces
		{lit("{}"), "{}", false},
		{lit("a{"), "a{", false},
		{lit(`a\{r}`), `a\{r}`, false},
		{[]syntax.WordPart{&syntax.Lit{Value: "~/.s{"}, &syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "v"}}, &syntax.Lit{Value: "}h/id_rsa"}}, "~/.s" + m + "h/id_rsa", true},
		{lit("plain"), "plain", false},
	}
	for _, tt := range tests {
		got, changed := cclBraces(&syntax.Word{Parts: tt.in})
		var b strings.Builder
		for _, p := range got.Parts {
			if l, ok := p.(*syntax.Lit); ok {
				b.WriteString(l.Value)
			} else {
				b.WriteString("$")
			}
		}
		if changed != tt.changed || changed && b.String() != tt.want {
			t.Errorf("cclBraces(%v) = %q, %v; want %q, %v", tt.in, b.String(), changed, tt.want, tt.changed)
		}
	}
}

func TestMayVanish(t *testing.T) {
	for _, tt := range []struct {
		w    word.Word
		want bool
	}{
		{word.Word{Text: "x", Known: true}, false},
		{word.Word{Text: "~/.bashrc", Known: true}, false},
		{word.Word{Text: "zzz*", Known: true}, true},
		{word.Word{Text: "a[bc]", Known: true}, true},
		{word.Word{Text: word.Mark(word.MarkEnv, "U")}, true},
	} {
		if got := mayVanish(tt.w); got != tt.want {
			t.Errorf("mayVanish(%q) = %v, want %v", tt.w.Text, got, tt.want)
		}
	}
}

func FuzzCclBraces(f *testing.F) {
	for _, s := range []string{"~/.zsh{r}c", "{a-c}{", "a{b{c}d}e", `\{x}`, "{}", "}{"} {
		f.Add(s, "}x")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		wd := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: a}, &syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "v"}}, &syntax.Lit{Value: b}}}
		got, _ := cclBraces(wd)
		if got == nil {
			t.Fatal("nil word")
		}
	})
}
