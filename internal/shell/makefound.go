package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
)

// A prerequisite list made with find (GO_FILES := $(shell find . -name
// '*.go'); bin/app: $(GO_FILES)) names the files find prints when make
// reads the makefile: files under its start directories whose name
// matches its -name patterns. The goal walk cannot tell which they are,
// but it can tell which rules they may reach: an explicit rule whose
// target is such a name (under a start, matching every -name), and any
// pattern rule (unknownNameRecipes, for the value guard cannot tell that
// stands for them). Without that model every recipe of the makefile was
// walked, clean's rm -rf among them (FINDINGS56c FP-M15).

// reachedBy returns the explicit rules' names rule r's prerequisites
// (expanded: prereqs) may name beyond prereqs themselves, where some hold
// a value guard cannot tell: those a find may print (foundPrereqs);
// false when that value may be any name. named are the rules written
// through a variable, by name.
func (m *makefile) reachedBy(r *makeRule, prereqs []string, named map[string][]*makeRule) ([]string, bool) {
	if !strings.Contains(strings.Join(prereqs, " "), "$") {
		return nil, true
	}
	targets := make([]string, 0, len(m.rules)+len(named))
	for t := range m.rules {
		targets = append(targets, t)
	}
	for t := range named {
		targets = append(targets, t)
	}
	slices.Sort(targets)
	return m.foundPrereqs(r.prereqs, targets)
}

// foundPrereqs returns, for rule prerequisites ns whose only values
// guard cannot tell are outputs of find guard models (makeFind), the
// targets of the makefile those outputs may name; false when another
// value guard cannot tell is among them (then any rule may be reached).
// targets are the makefile's explicit rule names (those written through
// a variable too).
func (m *makefile) foundPrereqs(ns []string, targets []string) ([]string, bool) {
	all := strings.Join(ns, " ")
	if m.expand == nil {
		return nil, false
	}
	all = m.expand(all)
	if _, second := m.rules[".SECONDEXPANSION"]; second && strings.Contains(all, "$") {
		all = m.expand(all)
	}
	var out []string
	for i := 0; i < len(all); i++ {
		if !strings.HasPrefix(all[i:], "$(") {
			if all[i] == '$' {
				return nil, false // ${MAKE_…}: a value guard cannot tell
			}
			continue
		}
		end := lang.Closing(all[i+1:])
		if end < 0 {
			return nil, false
		}
		text := all[i : i+2+end]
		starts, pats, ok := makeFind(text[2 : len(text)-1])
		if !ok {
			return nil, false
		}
		for _, t := range targets {
			if (findMayPrint(makeFileName(t), starts, pats) || literalName(t, text)) && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
		i += end + 1
	}
	return out, true
}

// makeFind returns the start directories and the -name patterns of
// shell text cmd when it is a find guard models for make (see the file
// comment): literal relative start paths without .., then only tests
// that narrow what it prints (-name, -type, -path, -not/! before one,
// -maxdepth, -mindepth, -print), at least one -name not negated; false
// for another command, -o, a group, an action.
func makeFind(cmd string) (starts, pats []string, ok bool) {
	name, args, ok := literalCommand(cmd)
	if !ok || name != "find" {
		return nil, nil, false
	}
	j := 0
	for ; j < len(args) && !strings.HasPrefix(args[j], "-") && args[j] != "!" && args[j] != "("; j++ {
		s := path.Clean(args[j])
		if strings.HasPrefix(s, "/") || s == ".." || strings.HasPrefix(s, "../") || strings.ContainsAny(s, "*?[$`\\~") {
			return nil, nil, false
		}
		starts = append(starts, s)
	}
	if len(starts) == 0 {
		return nil, nil, false // GNU find's default start is ., BSD's none: not taken
	}
	neg := false
	for ; j < len(args); j++ {
		switch a := args[j]; a {
		case "-not", "!":
			neg = true
			continue
		case "-name", "-path", "-wholename", "-type", "-maxdepth", "-mindepth":
			if j+1 >= len(args) {
				return nil, nil, false
			}
			if a == "-name" && !neg {
				pats = append(pats, args[j+1])
			}
			j++
		case "-print", "-a", "-and":
		default:
			return nil, nil, false
		}
		neg = false
	}
	return starts, pats, len(pats) > 0
}

// findMayPrint reports whether make's name t may be one find prints
// (make's names lose the leading ./ find's have): under one of starts
// (. is every relative name), its last part matching each of pats. A
// pattern Go's path.Match does not read as find does ([!…], an error)
// matches any name.
func findMayPrint(t string, starts, pats []string) bool {
	if strings.HasPrefix(t, "/") || strings.Contains(t, "$") || strings.Contains(t, "%") {
		return false
	}
	under := false
	for _, s := range starts {
		under = under || s == "." || t == s || strings.HasPrefix(t, s+"/")
	}
	if !under {
		return false
	}
	base := path.Base(t)
	for _, p := range pats {
		if strings.Contains(p, "[") {
			continue
		}
		if ok, err := path.Match(p, base); err == nil && !ok {
			return false
		}
	}
	return true
}

// literalName reports whether make's name t may be one of the words of
// text, read as make reads a prerequisite list that holds them as written
// ($$( find x) in the makefile: the names "$(", "find", "x)"), or one a
// word of it matches as make's wildcard.
func literalName(t, text string) bool {
	t = makeFileName(t)
	for _, w := range strings.Fields(text) {
		if makeFileName(w) == t {
			return true
		}
		if ok, err := path.Match(w, t); ok || err != nil {
			return true
		}
	}
	return false
}
