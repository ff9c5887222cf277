package main

import (
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagSuggestion is the hint for a mistyped flag: "did you mean --json?"
// for a flag of cmd that is close to the one given (a typo, a prefix, a
// single dash before a long name), or the subcommand that has it
// ("--head is a flag of 'guard audit verify'"). "" when there is none, or
// err is not about an unknown flag.
func flagSuggestion(cmd *cobra.Command, err error) string {
	typed, ok := unknownFlag(err.Error())
	if !ok {
		return ""
	}
	if len(typed) == 1 {
		for _, fs := range []*pflag.FlagSet{cmd.Flags(), cmd.InheritedFlags()} {
			if f := fs.ShorthandLookup(typed); f != nil && !f.Hidden {
				return "did you mean -" + typed + " (--" + f.Name + ")?"
			}
		}
	}
	var names []string
	add := func(f *pflag.Flag) {
		if !f.Hidden && f.Deprecated == "" {
			names = append(names, f.Name)
		}
	}
	cmd.Flags().VisitAll(add)
	cmd.InheritedFlags().VisitAll(add)
	if near := nearFlags(typed, names); len(near) > 0 {
		for i, n := range near {
			near[i] = "--" + n
		}
		return "did you mean " + orList(near) + "?"
	}
	for _, sub := range cmd.Commands() {
		if f := sub.Flags().Lookup(typed); f != nil && !f.Hidden {
			return "--" + typed + " is a flag of '" + sub.CommandPath() + "'"
		}
	}
	return ""
}

// unknownFlag returns the flag name an "unknown flag" error of pflag is
// about: "jsn" for "unknown flag: --jsn", "json" for "unknown shorthand
// flag: 'j' in -json" (a long name written with one dash).
func unknownFlag(msg string) (string, bool) {
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		name, _, _ = strings.Cut(name, "=")
		return name, name != ""
	}
	if rest, ok := strings.CutPrefix(msg, "unknown shorthand flag: "); ok {
		if _, word, ok := strings.Cut(rest, " in -"); ok && len(word) > 1 {
			word, _, _ = strings.Cut(word, "=")
			return word, true
		}
	}
	return "", false
}

// nearFlags returns the names close to typed, best first: the same name
// (typed with one dash), a prefix either way, or at most two edits away
// (one for names of four letters or fewer).
func nearFlags(typed string, names []string) []string {
	typed = strings.ToLower(typed)
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	for _, n := range names {
		ln := strings.ToLower(n)
		d := editDistance(typed, ln)
		switch {
		case d == 0:
		case len(typed) >= 3 && (strings.HasPrefix(ln, typed) || strings.HasPrefix(typed, ln)):
			d = 1
		case d > 2 || d > 1 && len(ln) <= 4:
			continue
		}
		cs = append(cs, cand{n, d})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	var out []string
	for _, c := range cs {
		if c.d == cs[0].d {
			out = append(out, c.name)
		}
	}
	return out
}

// editDistance is the optimal string alignment distance of a and b
// (bytes): insertions, deletions, substitutions and swaps of two
// neighbours (--jsno, --prot) each count one.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
