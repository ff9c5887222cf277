package agent

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/pwsh"
)

// encodedCommandKey reports whether a normalised key (normKey) says its
// value is a command, script or code in an encoding: it names one
// (encoded, b64, base64) and what is encoded (command, cmd, script,
// code): encodedCommand, command_base64, script-b64, encoded_code.
func encodedCommandKey(k string) bool {
	if !strings.Contains(k, "encoded") && !strings.Contains(k, "b64") && !strings.Contains(k, "base64") {
		return false
	}
	k = strings.NewReplacer("encoded", " ", "decode", " ").Replace(k) // "code" inside them is no code
	for _, w := range []string{"command", "cmd", "script", "code"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// encodedCommands returns the command inputs of an encoded command value:
// each text it decodes to (decodedTexts), checked as a shell command and
// as PowerShell, guard not knowing which the tool runs it with; a problem
// when it decodes to none.
func encodedCommands(key, v string) ([]event.Input, string) {
	texts := decodedTexts(v)
	if len(texts) == 0 {
		return nil, "field " + key + " holds an encoded command that guard cannot decode to text: guard cannot tell what it runs"
	}
	var out []event.Input
	for _, t := range texts {
		out = append(out, event.Input{Kind: event.KindCommand, Text: t},
			event.Input{Kind: event.KindCommand, Text: t, Shell: event.ShellPowerShell})
	}
	return out, ""
}

// decodedTexts returns every text v may encode: v in base64 (standard or
// URL alphabet, padded or not, blanks ignored as .NET ignores them) or
// hex, its bytes read as UTF-16LE as PowerShell reads an -EncodedCommand
// (pwsh.UTF16LE) and as UTF-8; a reading is kept only when it is text
// (plainText).
func decodedTexts(v string) []string {
	v = strings.Join(strings.Fields(v), "")
	var raw [][]byte
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(v); err == nil {
			raw = append(raw, b)
			break
		}
	}
	if b, err := hex.DecodeString(v); err == nil {
		raw = append(raw, b)
	}
	var out []string
	for _, b := range raw {
		if t, ok := pwsh.UTF16LE(b); ok && plainText(t) {
			out = append(out, t)
		}
		if t := string(b); utf8.ValidString(t) && plainText(t) {
			out = append(out, t)
		}
	}
	return out
}

// plainText reports whether t is text a command may be: no control
// character but blanks and line ends, no replacement character (an
// unpaired surrogate, a byte that is no UTF-8).
func plainText(t string) bool {
	for _, r := range t {
		if r == utf8.RuneError || unicode.IsControl(r) && !strings.ContainsRune("\t\n\v\f\r", r) {
			return false
		}
	}
	return true
}
