package agent

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// Exit codes of a hook call.
const (
	ExitAllow = 0
	ExitBlock = 2
)

// Answer is guard's reply to one hook call: the exit code and what goes to
// standard output. Every block also writes BlockedLine to standard error.
type Answer struct {
	Code   int
	Stdout []byte
}

// Allow answers agentName that the call may proceed: agent A exit 0, agent B
// exit 0 with {}, agent C exit 0 with {"decision":"allow"}.
func Allow(agentName string) Answer {
	switch agentName {
	case B:
		return Answer{Code: ExitAllow, Stdout: []byte("{}\n")}
	case C:
		return Answer{Code: ExitAllow, Stdout: []byte(`{"decision":"allow"}` + "\n")}
	}
	return Answer{Code: ExitAllow}
}

// Deny answers agentName that a check blocked the call, for reason: agents A
// and B exit 2, agent C exit 0 with {"decision":"deny","reason":reason}.
func Deny(agentName, reason string) Answer {
	if agentName == C {
		return Answer{Code: ExitAllow, Stdout: denyJSON(reason)}
	}
	return Answer{Code: ExitBlock}
}

// Fail answers agentName that guard could not check the call (fail-closed):
// exit 2 for every agent, and for agent C also the deny object on standard
// output, so that either reading of its protocol blocks.
func Fail(agentName, reason string) Answer {
	if agentName == C {
		return Answer{Code: ExitBlock, Stdout: denyJSON(reason)}
	}
	return Answer{Code: ExitBlock}
}

func denyJSON(reason string) []byte {
	b, err := json.Marshal(struct {
		Decision string `json:"decision"`
		Reason   string `json:"reason"`
	}{"deny", OneLine(reason)})
	if err != nil { // cannot happen for a struct of strings
		return []byte(`{"decision":"deny","reason":"blocked by guard"}` + "\n")
	}
	return append(b, '\n')
}

// BlockedLine is the standard error line of every block: "[guard] BLOCKED:
// <reason>" and a newline, with control characters in reason escaped so that
// it stays one line.
func BlockedLine(reason string) string {
	return "[guard] BLOCKED: " + OneLine(reason) + "\n"
}

// OneLine escapes newlines, other control characters and invalid UTF-8 in s
// (\n, \r, \t, \xNN) so that s prints as one line and cannot drive a
// terminal.
func OneLine(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	const hex = "0123456789abcdef"
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError && size == 1, r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
			for _, c := range []byte(s[i : i+size]) {
				b.WriteString(`\x`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&0xf])
			}
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
