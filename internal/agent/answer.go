package agent

import (
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

// Allow answers that the call may proceed: agent A exit 0; agent B exit 0
// with {} (guard grants nothing the client would otherwise ask the user
// for, so it never answers "permission":"allow"); agent C exit 0 with
// {"decision":"allow"}.
func Allow(agentName string) Answer {
	switch agentName {
	case B:
		return Answer{Code: ExitAllow, Stdout: []byte("{}\n")}
	case C:
		return Answer{Code: ExitAllow, Stdout: []byte(`{"decision":"allow"}` + "\n")}
	}
	return Answer{Code: ExitAllow}
}

// Deny answers that a check blocked the call, for reason, in the form the
// client acts on at stage s: agent A exit 2 (its client feeds standard error
// to the model); agent B exit 2 and {"permission":"deny","user_message",
// "agent_message"} (at a prompt: {"continue":false,"user_message"}); agent C
// exit 0 and {"decision":"deny","reason"}. A tool result of agents A and C is
// answered with Withhold instead: agent A's client ignores exit 2 there.
//
// explain, when set, is guard's plain-language line about the block (what
// the rule protects, what reached it, what to do instead): every message
// carries it on a line of its own after the reason (see Shown).
func Deny(agentName string, s Stage, reason, explain string) Answer {
	switch agentName {
	case B:
		return Answer{Code: ExitBlock, Stdout: denyB(s, reason, explain)}
	case C:
		return Answer{Code: ExitAllow, Stdout: denyC(Shown(reason, explain))}
	}
	return Answer{Code: ExitBlock}
}

// Shown is a block's message as one JSON string carries it: the reason and,
// when there is one, the explanation on a second line; each line escaped by
// OneLine.
func Shown(reason, explain string) string {
	if explain == "" {
		return OneLine(reason)
	}
	return OneLine(reason) + "\n" + OneLine(explain)
}

// Withhold answers that a tool result must not reach the model as it is.
// Agent A: exit 0 with {"decision":"block","reason":reason,
// "hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":
// replacement}} — replacement is the result in its own shape, redacted or
// withheld. Agent C: exit 0 with {"decision":"deny","reason":text}: its
// client hands the reason to the model in the result's place, so text is
// guard's notice and, for a redacted result, the redacted text. Agent B's
// results are only logged: Deny.
//
// For an MCP tool (mcp__server__tool) agent A's answer also carries the
// replacement as updatedMCPToolOutput: its clients before 2.1.121 replace
// an MCP tool's result only through that key.
func Withhold(agentName, tool, reason, explain string, replacement []byte, text string) Answer {
	switch agentName {
	case A:
		var b []byte
		b = append(b, `{"decision":"block","reason":`...)
		b = appendString(b, Shown(reason, explain))
		b = append(b, `,"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":`...)
		b = append(b, replacement...)
		if strings.HasPrefix(tool, "mcp__") {
			b = append(b, `,"updatedMCPToolOutput":`...)
			b = append(b, replacement...)
		}
		b = append(b, "}}\n"...)
		return Answer{Code: ExitAllow, Stdout: b}
	case C:
		b := append([]byte(`{"decision":"deny","reason":`), appendString(nil, keepLines(text))...)
		return Answer{Code: ExitAllow, Stdout: append(b, "}\n"...)}
	}
	return Deny(agentName, StageResult, reason, explain)
}

// Fail answers that guard could not check the call (fail-closed), in a form
// that blocks under every reading of the client's protocol: exit 2, and
// agent B's deny object, agent C's deny object on standard output; at agent
// A's tool result, where exit 2 does not withhold, the Withhold answer with
// replacement (see WithheldRaw).
func Fail(agentName, tool string, s Stage, reason string, replacement []byte) Answer {
	switch agentName {
	case A:
		if s == StageResult {
			return Withhold(A, tool, reason, "", replacement, "")
		}
	case B:
		return Answer{Code: ExitBlock, Stdout: denyB(s, reason, "")}
	case C:
		return Answer{Code: ExitBlock, Stdout: denyC(OneLine(reason))}
	}
	return Answer{Code: ExitBlock}
}

// denyB is agent B's deny object for stage s: the user's message as the
// standard error lines read, the agent's the reason and explanation.
func denyB(s Stage, reason, explain string) []byte {
	user := strings.TrimSuffix(BlockedLines(reason, explain), "\n")
	var b []byte
	if s == StagePrompt {
		b = append(b, `{"continue":false,"user_message":`...)
		b = appendString(b, user)
	} else {
		b = append(b, `{"permission":"deny","user_message":`...)
		b = appendString(b, user)
		b = append(b, `,"agent_message":`...)
		b = appendString(b, Shown(reason, explain))
	}
	return append(b, "}\n"...)
}

// denyC is agent C's deny object; shown is already escaped (Shown).
func denyC(shown string) []byte {
	b := append([]byte(`{"decision":"deny","reason":`), appendString(nil, shown)...)
	return append(b, "}\n"...)
}

// keepLines is OneLine for each line of s, keeping the newlines and tabs.
func keepLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		parts := strings.Split(l, "\t")
		for j, p := range parts {
			parts[j] = OneLine(p)
		}
		lines[i] = strings.Join(parts, "\t")
	}
	return strings.Join(lines, "\n")
}

// BlockedLine is the standard error line of every block: "[guard] BLOCKED:
// <reason>" and a newline, with control characters in reason escaped so that
// it stays one line.
func BlockedLine(reason string) string {
	return "[guard] BLOCKED: " + OneLine(reason) + "\n"
}

// BlockedLines is BlockedLine followed, when explain is set, by guard's
// explanation on a line of its own: "[guard] why: …", escaped alike.
func BlockedLines(reason, explain string) string {
	if explain == "" {
		return BlockedLine(reason)
	}
	return BlockedLine(reason) + "[guard] " + OneLine(explain) + "\n"
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
