package lang

import "strings"

// SedLiteral is a sed script that only substitutes literal text: each
// command s/FROM/TO/ or s/FROM/TO/g with no address, FROM free of what a
// regular expression or sed gives a meaning (. [ ] * ^ $ \ + ? { } | ( )),
// TO free of \ and &. Such a script's result can be computed.
type SedLiteral []SedSubst

// SedSubst is one command of a SedLiteral: s/From/To/, with g when All.
type SedSubst struct {
	From, To string
	All      bool
}

// sedSpecial are the characters FROM and TO may not hold.
const (
	sedFromSpecial = ".[]*^$\\+?{}|()\n"
	sedToSpecial   = "\\&\n"
)

// ParseSedLiteral returns script as a SedLiteral; false when it holds
// anything else (an address, another command, a flag but g, a pattern).
func ParseSedLiteral(script string) (SedLiteral, bool) {
	var out SedLiteral
	s := strings.TrimSpace(script)
	for s != "" {
		if len(s) < 4 || s[0] != 's' {
			return nil, false
		}
		d := s[1]
		if d == '\\' || d == '\n' || d == ' ' || d >= 'a' && d <= 'z' || d >= 'A' && d <= 'Z' || d >= '0' && d <= '9' {
			return nil, false
		}
		parts := strings.SplitN(s[2:], string(d), 3)
		if len(parts) != 3 || parts[0] == "" || strings.ContainsAny(parts[0], sedFromSpecial) || strings.ContainsAny(parts[1], sedToSpecial) {
			return nil, false
		}
		rest := parts[2]
		all := strings.HasPrefix(rest, "g")
		if all {
			rest = rest[1:]
		}
		rest = strings.TrimLeft(rest, " \t")
		switch {
		case rest == "":
		case rest[0] == ';' || rest[0] == '\n':
			rest = strings.TrimLeft(rest[1:], " \t\n;")
		default:
			return nil, false
		}
		out = append(out, SedSubst{From: parts[0], To: parts[1], All: all})
		s = rest
	}
	return out, len(out) > 0
}

// Apply returns text as sed prints it after the script: each line
// (newline-terminated, the last one maybe not) substituted in turn.
func (x SedLiteral) Apply(text string) string {
	var b strings.Builder
	for text != "" {
		line, rest, nl := strings.Cut(text, "\n")
		for _, s := range x {
			n := 1
			if s.All {
				n = -1
			}
			line = strings.Replace(line, s.From, s.To, n)
		}
		b.WriteString(line)
		if nl {
			b.WriteByte('\n')
		}
		text = rest
	}
	return b.String()
}
