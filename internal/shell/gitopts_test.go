package shell

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestGitScan: git's options as parse-options reads them: clusters with
// attached values, unique long abbreviations, --no-NAME, --NAME=V; an
// option the spec does not hold, or an ambiguous abbreviation, leaves the
// argv unparsed.
func TestGitScan(t *testing.T) {
	for _, tc := range []struct {
		sub, argv string
		files     string // the message files (clone's settings) seen, "|"-separated
		operands  string
		ok        bool
	}{
		{"tag", "-aFk v9", "k", "v9", true},
		{"tag", "--fil k v9", "k", "v9", true},
		{"tag", "--fi=k v9", "k", "v9", true},
		{"tag", "-a -F k v9", "k", "v9", true},
		{"tag", "--no-sign -a v9 -m x", "", "v9", true},
		{"tag", "-n5 -l v*", "", "v*", true},
		{"tag", "--frob k v9", "", "k v9", false},
		{"commit", "-qaFk", "k", "", true},
		{"commit", "-mFk", "", "", true},
		{"commit", "-SFk", "", "", true},
		{"commit", "-xFk", "k", "", false},
		{"commit", "--no-ver x", "", "x", false}, // --no-verify or --no-verbose
		{"commit", "--allow-empty -Fserver.key", "server.key", "", true},
		{"notes", "add -Fk", "k", "add", true},
		{"tag", "v9 -- -Fk", "", "v9", true},
		{"clone", "-qcfilter.x.smudge=k --depth 1 u d", "filter.x.smudge=k", "u d", true},
		{"clone", "--conf k u", "k", "u", true},
		{"clone", "--re x u", "", "x u", false}, // --reference, --revision, --recursive…
		{"init", "--templ=t -b main", "", "", true},
	} {
		spec, _ := gitOptSpecs(tc.sub)
		var args []word.Word
		for _, s := range strings.Fields(tc.argv) {
			args = append(args, word.Word{Text: s, Known: true})
		}
		var files, ops []string
		got, ok := gitScan(args, 0, spec, func(o gitOpt) {
			if o.name == "-F" || o.name == "--file" || o.name == "-c" || o.name == "--config" {
				files = append(files, o.value)
			}
		})
		for _, k := range got {
			ops = append(ops, args[k].Text)
		}
		if strings.Join(files, "|") != tc.files || strings.Join(ops, " ") != tc.operands || ok != tc.ok {
			t.Errorf("git %s %s: files %q operands %q ok %v, want %q %q %v", tc.sub, tc.argv, files, ops, ok, tc.files, tc.operands, tc.ok)
		}
	}
}
