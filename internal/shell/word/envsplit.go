package word

import (
	"errors"
	"strings"
)

// EnvSplit returns the words GNU env makes of the value of its -S
// (--split-string) option, read as coreutils' env.c build_argv reads it:
// blanks (space, TAB, newline, \v, \f, \r) separate words outside quotes;
// '…' and "…" quote (an empty pair is an empty word); outside single
// quotes \_ separates words (a space inside double quotes), \t \n \v \f \r
// are those bytes, \" \' \# \$ \\ the character, \c ends the string (an
// error inside double quotes); inside single quotes only \\ and \' are
// escapes; # starting a word ends the string; ${NAME} outside single
// quotes is NAME's value in env's environment, which lookup gives (false:
// unset, no text and no word). A marker (an unknown part, marker.go) is
// kept whole in the word it stands in, and so is $HOME, the home
// directory as an expanded word holds it.
//
// The error is env's refusal (an escape it does not know, $ not followed
// by {NAME}, an open quote, a \ at the end): GNU env then runs nothing,
// another env may read the string differently.
func EnvSplit(s string, lookup func(name string) (string, bool)) ([]Word, error) {
	var out []string
	var cur strings.Builder
	sep, sq, dq := true, false, false
	started := false
	begin := func() {
		if sep {
			if started {
				out = append(out, cur.String())
			}
			cur.Reset()
			sep, started = false, true
		}
	}
	i := 0
loop:
	for i < len(s) {
		ch := s[i]
		switch {
		case strings.HasPrefix(s[i:], MarkStart):
			n := markLen(s[i:])
			begin()
			cur.WriteString(s[i : i+n])
			i += n
			continue
		case ch == '\'' && !dq, ch == '"' && !sq:
			sq, dq = sq != (ch == '\''), dq != (ch == '"')
			begin()
			i++
			continue
		case strings.IndexByte(" \t\n\v\f\r", ch) >= 0 && !sq && !dq:
			sep = true
			i++
			continue
		case ch == '#' && sep:
			break loop
		case ch == '\\' && (!sq || i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\'')):
			i++
			e, err := envEscape(s[i:], dq)
			switch {
			case err != nil:
				return nil, err
			case e == envStop:
				break loop
			case e == envSep:
				sep = true
				i++
				continue
			}
			ch = e
		case ch == '$' && !sq && homeRef(s[i:]):
			begin()
			cur.WriteString("$HOME") // the expanded $HOME (shell.walker.variable)
			i += len("$HOME")
			continue
		case ch == '$' && !sq:
			name, ok := envVarName(s[i:])
			if !ok {
				return nil, errors.New("a $ not followed by {NAME}")
			}
			if v, set := lookup(name); set {
				begin()
				cur.WriteString(v)
			}
			i += len(name) + 3
			continue
		}
		begin()
		cur.WriteByte(ch)
		i++
	}
	if i >= len(s) && (sq || dq) {
		return nil, errors.New("a quote left open")
	}
	if started {
		out = append(out, cur.String())
	}
	return wordsOf(out), nil
}

// markLen is the length of the marker s begins with (the rest of s when
// it has no end).
func markLen(s string) int {
	if end := strings.Index(s, MarkEnd); end >= 0 {
		return end + len(MarkEnd)
	}
	return len(s)
}

// wordsOf returns texts as words, each known when it holds no marker.
func wordsOf(texts []string) []Word {
	ws := make([]Word, len(texts))
	for j, t := range texts {
		ws[j] = Word{Text: t, Known: IsKnown(t)}
	}
	return ws
}

// homeRef reports whether s begins with $HOME as a whole name: how an
// expanded word holds the home directory, which the path rules expand
// (env itself would refuse a $HOME the shell left: it then runs nothing,
// which reading the home in its place only blocks more).
func homeRef(s string) bool {
	rest, ok := strings.CutPrefix(s, "$HOME")
	return ok && (rest == "" || !IsName("a"+rest[:1]))
}

// What envEscape returns for \c (the string ends) and \_ outside double
// quotes (a separator): no byte it stands for.
const (
	envStop = 0
	envSep  = 1
)

// envEscape returns the byte the escape whose character begins s stands
// for in env -S's string (dq: inside double quotes), envStop or envSep.
func envEscape(s string, dq bool) (byte, error) {
	if s == "" {
		return 0, errors.New("a \\ at the end of the string")
	}
	switch e := s[0]; e {
	case '"', '#', '$', '\'', '\\':
		return e, nil
	case '_':
		if !dq {
			return envSep, nil
		}
		return ' ', nil
	case 'c':
		if dq {
			return 0, errors.New(`\c inside double quotes`)
		}
		return envStop, nil
	case 'f', 'n', 'r', 't', 'v':
		return "\f\n\r\t\v"[strings.IndexByte("fnrtv", e)], nil
	}
	return 0, errors.New("an escape env does not know")
}

// envVarName returns NAME of s, which begins ${NAME}, as env.c's
// extract_varname reads it: a letter or _, then letters, digits and _.
func envVarName(s string) (string, bool) {
	rest, ok := strings.CutPrefix(s, "${")
	if !ok {
		return "", false
	}
	n := 0
	for n < len(rest) && (rest[n] == '_' || rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= 'A' && rest[n] <= 'Z' || n > 0 && rest[n] >= '0' && rest[n] <= '9') {
		n++
	}
	if n == 0 || n >= len(rest) || rest[n] != '}' {
		return "", false
	}
	return rest[:n], true
}
