package catalogue

import "strings"

// UnknownVerb reads args, the words after the name of a program with
// Outputs entries (npm, go, cargo…), for the subcommand they run, and
// returns it with the entries of the program's top level when guard knows
// it neither as one that writes (an entry's Verbs) nor as one that writes
// nothing in the project by itself (Reads, a script of Own's program):
// npm pack writes <name>-<version>.tgz, cargo generate-lockfile and a
// cargo plugin what they like. Such a call is unknown (default-deny). A
// word after an option that may take it as its value (npm --loglevel warn
// ci) is passed over, but a call whose every operand may be one names no
// subcommand guard can tell: unknown too. No operand at all (npm
// --version, yarn: its Default) is not.
func UnknownVerb(name string, args []string) (verb string, top []*Output) {
	for i := range Outputs {
		if o := &Outputs[i]; o.Name == name && o.Sub == "" {
			top = append(top, o)
		}
	}
	if len(top) == 0 {
		return "", nil
	}
	entries, sub := top, ""
	skipped, maybeValue := false, false
	for _, a := range args {
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			maybeValue = !strings.Contains(a, "=")
			continue
		}
		if sub == "" && len(entries) == len(top) {
			if s := outputsSub(name, a); s != nil {
				entries, sub, maybeValue = s, a, false
				continue
			}
		}
		if knownVerb(entries, a) {
			return a, nil
		}
		if !maybeValue {
			return strings.TrimSpace(sub + " " + a), top
		}
		skipped, maybeValue = true, false
	}
	if skipped {
		return strings.TrimSpace(sub + " " + strings.Join(args, " ")), top
	}
	return "", nil
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
// (Verbs) or knows to write nothing in the project (Reads, a script).
func knownVerb(entries []*Output, a string) bool {
	for _, o := range entries {
		if o.Verbs.Has(a) || o.Reads.Has(a) || o.Own != "" && !o.Own.Has(a) {
			return true
		}
	}
	return false
}
