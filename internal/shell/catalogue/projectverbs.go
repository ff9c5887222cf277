package catalogue

import "strings"

// UnknownVerb reads args, the words after the name of a program with
// Outputs entries (npm, go, cargo…), for the subcommand they run, and
// returns it with the entries of the program's top level when guard knows
// it neither as one that writes (an entry's Verbs) nor as one that writes
// nothing in the project by itself (Reads, or for a program with Own a
// word script reports is one of the project's scripts): npm pack writes
// <name>-<version>.tgz, cargo generate-lockfile and a cargo plugin what
// they like. Such a call is unknown (default-deny). A word after an
// option that may take it as its value (npm --loglevel info pack) may be
// the subcommand or not: each such word up to the first that cannot be a
// value must be known, not the first known one (guard has no table of
// which options take a value but valueNext's). rustup's cargo
// +TOOLCHAIN is no subcommand. No operand at all (npm --version, yarn:
// its Default) is not unknown; a -- before the subcommand is.
func UnknownVerb(name string, args []string, script func(string) bool) (verb string, top []*Output) {
	top = outputsSub(name, "")
	if len(top) == 0 {
		return "", nil
	}
	entries, sub, unknown := top, "", ""
	maybeValue, value := false, false
	for i, a := range args {
		switch {
		case a == "--":
			// npm -- ci: npm's parser takes the word after -- as the
			// subcommand; what each tool does with it guard cannot tell.
			unknown = "--"
		case i == 0 && name == "cargo" && strings.HasPrefix(a, "+"):
			continue // cargo +nightly build: rustup's toolchain
		case strings.HasPrefix(a, "-") && a != "-":
			value = !strings.Contains(a, "=") && valueNext(name, top, a)
			maybeValue = !strings.Contains(a, "=") && !value
			continue
		case value:
			value = false
			continue
		case sub == "" && len(entries) == len(top) && outputsSub(name, a) != nil:
			entries, sub, maybeValue = outputsSub(name, a), a, false
			continue
		default:
			if unknown == "" && !knownVerb(entries, a, script) {
				unknown = a
			}
			if maybeValue {
				maybeValue = false
				continue
			}
		}
		break
	}
	if unknown != "" {
		return strings.TrimSpace(sub + " " + unknown), top
	}
	return "", nil
}

// valueNext reports whether option word a of program name takes the next
// word as its value, never a subcommand: it names the directory or root
// file of one of entries (npm --prefix D, cargo --manifest-path F), or a
// Verb entry of name lists it as a data option (npm --loglevel L).
func valueNext(name string, entries []*Output, a string) bool {
	for _, o := range entries {
		if o.DirOpts.Has(a) || o.FileOpts.Has(a) {
			return true
		}
	}
	for i := range Verbs {
		if v := &Verbs[i]; v.Name == name && v.Sub == "" && !v.GoFlags && v.Data.Has(a) {
			return true
		}
	}
	return false
}

// outputsSub returns the Outputs entries of name whose Sub is sub.
func outputsSub(name, sub string) []*Output {
	var out []*Output
	for i := range Outputs {
		if o := &Outputs[i]; o.Name == name && o.Sub == sub {
			out = append(out, o)
		}
	}
	return out
}

// knownVerb reports whether a is a subcommand one of entries writes by
// (Verbs) or knows to write nothing in the project (Reads, a script of
// the project's that script reports: nil reports none).
func knownVerb(entries []*Output, a string, script func(string) bool) bool {
	for _, o := range entries {
		if o.Verbs.Has(a) || o.Reads.Has(a) || o.Own != "" && !o.Own.Has(a) && script != nil && script(a) {
			return true
		}
	}
	return false
}
