package hook

import (
	"path/filepath"
	"strings"
	"unicode"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/regularfile"
)

// An edit inside a secret reshapes it (review 14b F11): Edit's old_string
// "AKIA" with new_string "AKIA-" leaves AKIA-IOSFODNN7EXAMPLF, which no
// rule matches, in the file and in the tool's result, and every later
// read of the file prints it unredacted. An edit tool's replaced text
// (agent.Call.EditOld) that overlaps a secret of its file's current text
// blocks, unless it takes the whole secret out and what replaces it keeps
// no run of it (keptRun: moving a key to an environment variable passes).

// minKeptRun is the run of a secret's letters and digits a replacement
// may not keep.
const minKeptRun = 8

// editSecrets returns the finding that blocks call's edit of text inside
// a secret its file holds (the file read bounded; one guard cannot read
// holds nothing an edit reshapes).
func editSecrets(call *agent.Call) (event.Finding, bool) {
	if len(call.EditOld) == 0 || call.Stage != agent.StageTool || len(call.Inputs) == 0 || call.Inputs[0].Kind != event.KindWrite {
		return event.Finding{}, false
	}
	h, _ := home.UserHome()
	data, err := regularfile.ReadFile(filepath.FromSlash(path.ExpandHome(call.Inputs[0].Text, h)), maxSecretRead)
	if err != nil {
		return event.Finding{}, false
	}
	text := string(data)
	ms := secret.New().FindAll(text)
	if len(ms) == 0 {
		return event.Finding{}, false
	}
	for _, old := range call.EditOld {
		for from := 0; from < len(text); {
			i := strings.Index(text[from:], old)
			if i < 0 {
				break
			}
			i += from
			for _, m := range ms {
				if i >= m.End || i+len(old) <= m.Start {
					continue
				}
				if m.Start < i || m.End > i+len(old) || keptRun(text[m.Start:m.End], call.EditNew) {
					f := secretFinding("an edit inside a secret leaves a shape no rule may match, in the file and in the tool's result", "the file holds a secret ("+m.Rule+") where the edit replaces text; remove the secret whole, or edit it by hand", m.Rule, "high")
					f.Reason = strings.Replace(f.Reason, "\x00", quoted(call.Inputs[0].Text), 1)
					f.LogReason = strings.Replace(f.LogReason, "\x00", "the file", 1)
					return f, true
				}
			}
			from = i + max(len(old), 1)
		}
	}
	return event.Finding{}, false
}

// keptRun reports whether one of texts holds minKeptRun letters and
// digits of the secret s in a row (separators dropped on both sides),
// other than s whole (a secret kept as it is stays one the rules find).
func keptRun(s string, texts []string) bool {
	sec := alnum(s)
	for _, t := range texts {
		if strings.Contains(t, s) {
			continue
		}
		t = alnum(t)
		for k := 0; k+minKeptRun <= len(sec); k++ {
			if strings.Contains(t, sec[k:k+minKeptRun]) {
				return true
			}
		}
	}
	return false
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
