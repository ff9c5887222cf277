package word

import (
	"strings"
	"testing"
)

// TestArgParse: the spellings python's argparse takes for tarfile's
// options (FINDINGS58d D3).
func TestArgParse(t *testing.T) {
	opts := []ArgOpt{{Long: "verbose", Short: 'v'}, {Long: "filter", Nargs: 1}, {Long: "list", Short: 'l', Nargs: 1},
		{Long: "extract", Short: 'e', Nargs: ArgsMore}, {Long: "fast"}, {Long: "pair", Short: 'p', Nargs: 2}}
	for _, tc := range []struct{ args, extract, filter, unknown string }{
		{"-e a.tar out", "a.tar out", "", ""},
		{"-ve a.tar out", "a.tar out", "", ""},
		{"--ext a.tar out", "a.tar out", "", ""},
		{"-ea.tar", "a.tar", "", ""},
		{"--extract=a.tar", "a.tar", "", ""},
		{"--filter data --filte fully_trusted -e a", "a", "fully_trusted", ""},
		{"--filt=tar -e a -v", "a", "tar", ""},
		{"-e a -- b", "a", "", ""},
		{"-e -1", "-1", "", ""},
		{"--f -e a", "", "", "--f"},
		{"--frob -e a", "", "", "--frob"},
		{"-x -e a", "", "", "-x"},
		{"-vx", "", "", "-vx"},
		{"-e", "", "", "-e"},
		{"-pa", "", "", "-pa"},
		{"-p a", "", "", "-p"},
		{"--verbose=1", "", "", "--verbose=1"},
		{"-e \uE000vX\uE001 out", "\uE000vX\uE001 out", "", ""},
		{"-e a \uE000vX\uE001", "", "", "-e"},
		{"\uE000vX\uE001 -e a", "", "", "\uE000vX\uE001"},
	} {
		var args []Word
		for _, f := range strings.Fields(tc.args) {
			args = append(args, Word{Text: f, Known: IsKnown(f)})
		}
		p := ArgParse(opts, args)
		ex, _ := p.Last("extract")
		fi, _ := p.Last("filter")
		if p.Unknown != tc.unknown || Join(ex) != tc.extract || Join(fi) != tc.filter {
			t.Errorf("ArgParse(%q) = extract %q filter %q unknown %q, want %q %q %q",
				tc.args, Join(ex), Join(fi), p.Unknown, tc.extract, tc.filter, tc.unknown)
		}
	}
}
