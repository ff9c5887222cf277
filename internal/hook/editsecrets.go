package hook

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/regularfile"
)

// An edit inside a secret reshapes it: Edit's old_string
// "AKIA" with new_string "AKIA-" leaves AKIA-IOSFODNN7EXAMPLF, which no
// rule matches, in the file and in the tool's result, and every later
// read of the file prints it unredacted. The check computes the edit's
// result, not its parts: the replacements (agent.Call.
// Edits) are applied in order to the file's text as the client applies
// them (line ends read as LF, curly quotes matched as straight ones when
// the text is not found as it is), and a secret of the file that the
// rules no longer find in the result while a run of its letters and
// digits is left there (keptRun) blocks: moving a key to an environment
// variable, or editing beside it, passes. A replaced text guard cannot
// find as the client would is "cannot tell" in a file holding a secret.

// minKeptRun is the run of a secret's letters and digits a replacement
// may not keep.
const minKeptRun = 8

// editSecrets returns the finding that blocks call's edit of text inside
// a secret its file holds. A file guard cannot read whole (over the bound,
// unreadable, not a regular file) is "cannot tell": the
// edit may reshape a secret in the part guard did not read; only a file
// that does not exist (the client creates it) holds none.
func editSecrets(call *agent.Call) (event.Finding, bool) {
	if len(call.Edits) == 0 || call.Stage != agent.StageTool || len(call.Inputs) == 0 || call.Inputs[0].Kind != event.KindWrite {
		return event.Finding{}, false
	}
	h, _ := home.UserHome()
	data, err := regularfile.ReadFile(filepath.FromSlash(path.ExpandHome(call.Inputs[0].Text, h)), maxSecretRead)
	if errors.Is(err, fs.ErrNotExist) {
		return event.Finding{}, false
	}
	if err != nil {
		f := secretFinding("an edit of a file guard cannot read whole may reshape a secret in it, in the file and in the tool's result", "guard cannot read the file whole (over its 1 MiB bound, or unreadable), so it cannot tell whether the edit reshapes a secret there; edit it with a command guard can check, or ask the user", "", "high")
		f.Reason = strings.Replace(f.Reason, "\x00", quoted(call.Inputs[0].Text), 1)
		f.LogReason = strings.Replace(f.LogReason, "\x00", "the file", 1)
		return f, true
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	d := secret.New()
	ms := d.FindAll(text)
	if len(ms) == 0 {
		return event.Finding{}, false
	}
	block := func(rule, why string) (event.Finding, bool) {
		f := secretFinding("an edit inside a secret leaves a shape no rule may match, in the file and in the tool's result", why, rule, "high")
		f.Reason = strings.Replace(f.Reason, "\x00", quoted(call.Inputs[0].Text), 1)
		f.LogReason = strings.Replace(f.LogReason, "\x00", "the file", 1)
		return f, true
	}
	result, ok, partial := applyTracked(text, call.Edits, ms)
	if !ok {
		return block(ms[0].Rule, "the file holds a secret ("+ms[0].Rule+") and guard cannot find a replaced text as the client does, so it cannot tell what the edit leaves; remove the secret whole, or edit it by hand")
	}
	for _, m := range ms {
		// Part of a secret replaced: unless every copy
		// is in the result as it was, the edit reshaped one.
		if sec := text[m.Start:m.End]; partial && strings.Count(result, sec) < strings.Count(text, sec) {
			return block(m.Rule, "the edit replaces part of a secret ("+m.Rule+") the file holds; remove the secret whole, or edit it by hand")
		}
	}
	if rule, hit := reshaped(d, text, result, ms); hit {
		return block(rule, "the file holds a secret ("+rule+") the edit reshapes; remove the secret whole, or edit it by hand")
	}
	return event.Finding{}, false
}

// reshaped returns the rule of a secret of text (ms: its secrets) that
// result keeps a run of letters and digits of (keptRun) where the rules
// no longer find it whole.
func reshaped(d *secret.Detector, text, result string, ms []detect.Match) (string, bool) {
	grams := secretGrams(text, ms)
	before, after := keptRuns(grams, blankFound(text, ms)), keptRuns(grams, blankFound(result, d.FindAll(result)))
	for _, m := range ms {
		if after[m.Rule] > before[m.Rule] {
			return m.Rule, true
		}
	}
	return "", false
}

// applyEdits returns text with edits applied in order, each to the
// previous result, as the client does; false when one's replaced text is
// not found (a client refuses that edit: guard cannot tell which text the
// client took instead).
func applyEdits(text string, edits []agent.Edit) (string, bool) {
	r, ok, _ := applyTracked(text, edits, nil)
	return r, ok
}

// applyTracked applies edits as applyEdits does, following where each
// byte of the original text goes, and reports whether an
// edit replaced part, not all, of what is left of one of ms (the secrets
// of text): a replaced range is mapped back to the original through the
// earlier edits, so an insertion between a secret's characters, done in
// any number of steps (a replace_all per character), is part of it.
func applyTracked(text string, edits []agent.Edit, ms []detect.Match) (string, bool, bool) {
	orig := make([]int32, len(text)) // each byte's offset in the original, -1: inserted
	for i := range orig {
		orig[i] = int32(i)
	}
	left := make([]int, len(ms)) // each secret's original bytes still in the text
	for k, m := range ms {
		left[k] = m.End - m.Start
	}
	partial := false
	for _, e := range edits {
		if e.Old == "" {
			if text != "" {
				return "", false, partial
			}
			text, orig = e.New, inserted(len(e.New))
			continue
		}
		old := strings.ReplaceAll(e.Old, "\r\n", "\n")
		if !strings.Contains(text, old) {
			i, n, ok := quoteIndex(text, old)
			if !ok {
				return "", false, partial
			}
			old = text[i : i+n]
		}
		var b strings.Builder
		var tags []int32
		at := 0
		for {
			j := strings.Index(text[at:], old)
			if j < 0 {
				break
			}
			j += at
			b.WriteString(text[at:j])
			tags = append(tags, orig[at:j]...)
			partial = cutsSecret(orig[j:j+len(old)], ms, left) || partial
			b.WriteString(e.New)
			tags = append(tags, inserted(len(e.New))...)
			at = j + len(old)
			if !e.All || len(old) == 0 || b.Len() > 2*maxSecretRead {
				break
			}
		}
		b.WriteString(text[at:])
		tags = append(tags, orig[at:]...)
		text, orig = b.String(), tags
		if len(text) > 2*maxSecretRead {
			return "", false, partial
		}
	}
	return text, true, partial
}

// inserted returns n tags of bytes an edit brought in.
func inserted(n int) []int32 {
	t := make([]int32, n)
	for i := range t {
		t[i] = -1
	}
	return t
}

// cutsSecret takes the replaced bytes (their original offsets) off left
// and reports whether they were some, not all, of a secret's bytes still
// in the text.
func cutsSecret(replaced []int32, ms []detect.Match, left []int) bool {
	if len(ms) == 0 {
		return false
	}
	n := make([]int, len(ms))
	for _, o := range replaced {
		if o < 0 {
			continue
		}
		for k, m := range ms {
			if int(o) >= m.Start && int(o) < m.End {
				n[k]++
			}
		}
	}
	cut := false
	for k := range ms {
		if n[k] > 0 && n[k] < left[k] {
			cut = true
		}
		left[k] -= n[k]
	}
	return cut
}

// quoteIndex finds old in text with curly quotes read as straight ones
// (the client's fallback match) and returns the start and length of the
// text matched (64 tries at most: past them, not found).
func quoteIndex(text, old string) (int, int, bool) {
	nt, no := straightQuotes(text), straightQuotes(old)
	for from, tries := 0, 0; from <= len(nt) && tries < 64; tries++ {
		j := strings.Index(nt[from:], no)
		if j < 0 {
			break
		}
		j += from
		start, end := origOffset(text, j), origOffset(text, j+len(no))
		if straightQuotes(text[start:end]) == no {
			return start, end - start, true
		}
		from = j + 1 // a match inside a quote's bytes
	}
	return 0, 0, false
}

// straightQuotes returns s with the curly quotes as straight ones (other
// bytes as they are).
func straightQuotes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if q := straightQuote(r); q != r {
			b.WriteRune(q)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// origOffset returns the offset in s of offset n of straightQuotes(s).
func origOffset(s string, n int) int {
	at := 0
	for i := 0; i < len(s); {
		if at >= n {
			return i
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if straightQuote(r) != r {
			at++
		} else {
			at += w
		}
		i += w
	}
	return len(s)
}

// straightQuote returns a curly quote's straight one, other runes as
// they are.
func straightQuote(r rune) rune {
	switch r {
	case '‘', '’', '‚', '‛':
		return '\''
	case '“', '”', '„', '‟':
		return '"'
	}
	return r
}

// blankFound returns text with each of ms (the secrets the rules find
// there) cut out, a blank in its place.
func blankFound(text string, ms []detect.Match) string {
	var b strings.Builder
	at := 0
	for _, m := range ms {
		if m.Start < at {
			continue
		}
		b.WriteString(text[at:m.Start])
		b.WriteByte(' ')
		at = m.End
	}
	b.WriteString(text[at:])
	return b.String()
}

// secretGrams returns the runs of minKeptRun letters and digits of the
// secrets ms of text (separators dropped), each with its rule.
func secretGrams(text string, ms []detect.Match) map[string]string {
	grams := map[string]string{}
	for _, m := range ms {
		sec := alnum(text[m.Start:m.End])
		for k := 0; k+minKeptRun <= len(sec); k++ {
			grams[sec[k:k+minKeptRun]] = m.Rule
		}
	}
	return grams
}

// keptRuns counts, by rule, the runs of grams in t (separators dropped).
func keptRuns(grams map[string]string, t string) map[string]int {
	t = alnum(t)
	n := map[string]int{}
	for k := 0; k+minKeptRun <= len(t); k++ {
		if rule, ok := grams[t[k:k+minKeptRun]]; ok {
			n[rule]++
		}
	}
	return n
}

// alnum returns the letters and digits of s.
func alnum(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}
