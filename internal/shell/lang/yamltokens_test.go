package lang

import (
	"slices"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

func TestYAMLTokens(t *testing.T) {
	k := func(s string) YAMLToken { return YAMLToken{Text: s, Key: true} }
	v := func(s string) YAMLToken { return YAMLToken{Text: s} }
	for _, tt := range []struct {
		in   string
		want []YAMLToken
	}{
		{"a: b\n", []YAMLToken{k("a"), v("b")}},
		{"volumes:\n  - \"\\x24{HOME}:/h\"\n", []YAMLToken{k("volumes"), v("${HOME}:/h")}},
		{"\"sour\\x63e\": '~'\n", []YAMLToken{k("source"), v("~")}},
		{"x-v: &v\n  source: ~\nvolumes: [*v]\n<<: *v\n", []YAMLToken{k("x-v"), k("source"), v("~"), k("volumes"), k("<<")}},
		{"v: !reset []\n", []YAMLToken{k("v")}},
		{"d: |\n  FROM alpine\n  RUN cat .env\ne: f\n", []YAMLToken{k("d"), v("FROM alpine\nRUN cat .env"), k("e"), v("f")}},
		{"d: |\ne: f\n", []YAMLToken{k("d"), k("e"), v("f")}},
		// An alias is the scalar its anchor names (FINDINGS47a F2).
		{"l: {d: &p ~/.ssh}\nv: [{source: *p}]\n", []YAMLToken{k("l"), k("d"), v("~/.ssh"), k("v"), k("source"), v("~/.ssh")}},
		{"x: &p\n  ~/.ssh\ny: *p\n", []YAMLToken{k("x"), v("~/.ssh"), k("y"), v("~/.ssh")}},
		{"a: {k: &k source}\nb:\n  *k : ~/.ssh\n", []YAMLToken{k("a"), k("k"), v("source"), k("b"), k("source"), v("~/.ssh")}},
		{"a: &b |\n  ~/.ssh\nc: *b\n", []YAMLToken{k("a"), v("~/.ssh"), k("c"), v("~/.ssh")}},
		// A lone CR ends a block scalar's line too (F10).
		{"a: |\r  x\rb: c\r", []YAMLToken{k("a"), v("x"), k("b"), v("c")}},
	} {
		got, ok := YAMLTokens(tt.in)
		if !ok || !slices.Equal(got, tt.want) {
			t.Errorf("YAMLTokens(%q) = %+v, %v; want %+v", tt.in, got, ok, tt.want)
		}
	}
	for _, bad := range []string{"b: *nope\n", "a: \"x", "a: \"\\q\"", "? a\n: b\n", "%YAML 1.2\n---\na: b\n"} {
		if _, ok := YAMLTokens(bad); ok {
			t.Errorf("YAMLTokens(%q) read it", bad)
		}
	}
}

// FuzzYAMLTokensLikeYAML checks YAMLTokens against go.yaml.in/yaml/v3:
// every flow or quoted scalar the library decodes (a block scalar aside)
// is among YAMLTokens', in order, with the same text and the same place
// (key or value), whenever both read the text.
func FuzzYAMLTokensLikeYAML(f *testing.F) {
	for _, s := range []string{"a: b", "services:\n  a:\n    volumes:\n      - \"\\x24{HOME}:/h\"\n", "x: &a {source: '~'}\ny: *a\n",
		"a: [b, 'c''d', \"e\\u0041\"]\n", "- k: v\n  j: w\n", "a: |\n  x\nb: c\n", "a: !!str x\n", "{\"k\": \"v\"}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := YAMLTokens(s)
		if !ok {
			return
		}
		var doc yaml.Node
		if yaml.Unmarshal([]byte(s), &doc) != nil {
			return
		}
		var want []YAMLToken
		var walk func(n *yaml.Node, key bool)
		walk = func(n *yaml.Node, key bool) {
			switch n.Kind {
			case yaml.ScalarNode:
				if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 && n.Value != "" { // (an empty scalar holds nothing to miss)
					want = append(want, YAMLToken{Text: n.Value, Key: key})
				}
			case yaml.MappingNode:
				for i, c := range n.Content {
					walk(c, i%2 == 0)
				}
			case yaml.DocumentNode, yaml.SequenceNode:
				for _, c := range n.Content {
					walk(c, false)
				}
			}
		}
		walk(&doc, false)
		j := 0
		for _, w := range want {
			for j < len(got) && got[j] != w && !folded(got[j:], w) {
				j++
			}
			if j == len(got) {
				t.Fatalf("YAMLTokens(%q) = %+v: lacks %+v (yaml.v3: %+v)", s, got, w, want)
			}
			j++
		}
	})
}

// folded reports whether the tokens at the start of got are the lines of
// a multi-line plain scalar yaml.v3 folds into w (YAMLScalars returns each
// line: the document says so).
func folded(got []YAMLToken, w YAMLToken) bool {
	joined := ""
	for i := 0; i < len(got) && i < 64 && len(joined) <= len(w.Text); i++ {
		if i > 0 {
			joined += " "
		}
		joined += got[i].Text
		if i > 0 && slices.Equal(strings.Fields(joined), strings.Fields(w.Text)) {
			return true // (lines fold into a blank, or line breaks)
		}
	}
	return false
}

// TestYAMLTokensAnchorName: an anchor's name ends where libyaml ends it;
// the scalar after it is read.
func TestYAMLTokensAnchorName(t *testing.T) {
	got, ok := YAMLTokens("volumes:\n  - &a~:/h\n")
	if !ok || !slices.Contains(got, YAMLToken{Text: "~:/h"}) {
		t.Fatalf("YAMLTokens lost the scalar after an anchor: %+v, %v", got, ok)
	}
}
