package hook

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/catalogue"
)

// A read is allowed although the file it reads may hold a secret because
// the result scan redacts what it prints. That holds only where the
// output reaches the scan as the file holds it: not for a read that
// reshapes it (rev F, sed -n 3,5p F, grep -o . F: review 12b F2, F11),
// a Read of part of a file, a route whose output guard cannot replace
// (agent A's Monitor, a background command, agent B: F1), or agent A's
// command that fails (PostToolUseFailure). There guard reads the file
// itself before the call runs, bounded, and a secret in it blocks: guard
// could not redact what the call would print. A command's plain read
// (cat F) of a file holding a private key blocks for every agent: a slice
// of a key's body (tail -n 3 F) is not a value the scan can find.

const (
	// maxSecretRead bounds the bytes guard reads of one file.
	maxSecretRead = 1 << 20
	// maxSecretFiles bounds the files a call's reads have guard read.
	maxSecretFiles = 16
)

// secretReads returns the finding that blocks a read of checked (the
// inputs of call, its own first) whose output guard cannot redact and
// whose file holds a secret, or that guard cannot read to tell. Trees
// (DIR/**) are the policy's (policy.checkOpaque).
func secretReads(call *agent.Call, checked []event.Input) (event.Finding, bool) {
	var d *secret.Detector
	h, _ := home.UserHome()
	files := 0
	for i, in := range checked {
		why, keysOnly := readWhy(call, in, i < len(call.Inputs))
		if why == "" && !keysOnly {
			continue
		}
		p := in.Text
		if strings.HasSuffix(p, "/**") || strings.Contains(p, "/**/") || strings.ContainsAny(p, "*?[\x00") || strings.Contains(p, path.Unknown) {
			continue // a tree, a pattern or an unresolved part: the path rules'
		}
		var f event.Finding
		var hit bool
		if files++; files > maxSecretFiles {
			// Past the bound only a read guard cannot redact at all
			// blocks; the others are the result scan's on success.
			hit = in.Opaque != ""
			f = secretFinding(why, "guard reads at most 16 files of a call to tell", "", "")
		} else {
			if d == nil {
				d = secret.New()
			}
			f, hit = fileSecret(d, filepath.FromSlash(path.ExpandHome(p, h)), why, keysOnly)
		}
		if hit {
			f.Reason = strings.Replace(f.Reason, "\x00", quoted(p), 1)
			f.LogReason = strings.Replace(f.LogReason, "\x00", "the file", 1)
			return f, true
		}
	}
	return event.Finding{}, false
}

// readWhy says why guard cannot redact what read in prints ("" when it
// can), and whether, where it can, a private key in the file still blocks
// (a command's read: its slices are not redacted).
func readWhy(call *agent.Call, in event.Input, own bool) (why string, keysOnly bool) {
	if in.Kind != event.KindRead || call.Stage != agent.StageTool {
		return "", false
	}
	switch {
	case in.Opaque != "":
		return in.Opaque, false
	case own:
		return "", false // the tool's own path, read whole: the result scan's
	}
	prog := strings.SplitN(in.Via, " ", 2)[0]
	switch {
	case catalogue.Unprinted.Has(prog):
		return "", false // prints none of the file's text (wc, sha256sum, cp)
	case call.FailsUnredacted != "":
		return call.FailsUnredacted, false
	case call.Programs == 1 && prog != "" && strings.Contains(wholeReaders, " "+prog+" "):
		return "", false // a key whole, armour and all: the result scan's
	}
	return "", true
}

// fileSecret reads the file at p (bounded, regular files only) and checks
// it for secrets; keysOnly: only a private key counts. A file guard cannot
// read whole blocks unless keysOnly; one that does not exist holds nothing.
func fileSecret(d *secret.Detector, p, why string, keysOnly bool) (event.Finding, bool) {
	data, err := regularfile.ReadFile(p, maxSecretRead)
	switch {
	case err == nil:
	case errors.Is(err, fs.ErrNotExist), keysOnly:
		return event.Finding{}, false
	case errors.Is(err, regularfile.ErrTooLarge):
		if why == agent.CommandFailure {
			return event.Finding{}, false // read as printed: the result scan's on success (docs/HOOKS.md)
		}
		return secretFinding(why, "the file is larger than guard reads (1 MiB) to tell whether it holds a secret", "", ""), true
	case errors.Is(err, regularfile.ErrNotRegular), errors.Is(err, fs.ErrPermission):
		return event.Finding{}, false // not text a read prints; the kernel refuses it alike
	default:
		return secretFinding(why, "guard could not read the file to tell whether it holds a secret", "", ""), true
	}
	f, hit := d.Check(string(data))
	if !hit || keysOnly && f.Rule != "private_key" {
		return event.Finding{}, false
	}
	if keysOnly {
		why = "a command's slice of a private key (a few of its body lines) is not a value the result scan can find"
	}
	return secretFinding(why, "the file holds a secret ("+f.Rule+")", f.Rule, f.Severity), true
}

// secretFinding is the block of a read of file \x00 (filled in by the
// caller) whose output guard cannot redact.
func secretFinding(why, what, rule, severity string) event.Finding {
	if rule == "" {
		rule = "unredactable_read"
	}
	if severity == "" {
		severity = "high"
	}
	msg := "guard could not redact what this call would print of \x00: " + why + "; " + what
	return event.Finding{Detector: event.DetectorSecrets, Rule: rule, Severity: severity, Reason: msg, LogReason: msg}
}

// quoted is p quoted for a reason, or <redacted> when its name holds a
// secret or PII value.
func quoted(p string) string {
	if policy.Sensitive(p) {
		return "'" + event.Redacted + "'"
	}
	return "'" + agent.OneLine(p) + "'"
}

// Readers by their exit status: neverFails print a file's lines and exit
// 0 when every file opens (sort, head on a pipe too); quietFails exit
// non-zero without an error only when they print nothing (grep's 1: no
// line selected), so only as the command's one program. wholeReaders
// print a whole file as it is (a key's armour with it).
const (
	neverFails   = " cat head tail sort uniq less more most bat batcat "
	quietFails   = " grep egrep fgrep rg ack ag "
	wholeReaders = " cat less more most "
)

// showsSuccess reports whether guard can show that command analysis a
// succeeds, so that its output reaches agent A's PostToolUse rather than
// PostToolUseFailure: programs that exit 0 when their files open
// (neverFails, or one quietFails program alone), no reshaping option, and
// every operand an existing regular file guard can open (base: the
// directory relative ones are in). cat F, cat F | head -40, grep -n x F.
func showsSuccess(a *shell.Analysis, base string) bool {
	if a.Err != nil || len(a.Commands) == 0 {
		return false
	}
	h, _ := home.UserHome()
	files := 0
	for _, c := range a.Commands {
		quiet := len(a.Commands) == 1 && strings.Contains(quietFails, " "+c.Name+" ")
		if c.Synthetic || c.Name == "" || !quiet && !strings.Contains(neverFails, " "+c.Name+" ") {
			return false
		}
		args := make([]string, len(c.Args))
		for i, arg := range c.Args {
			args[i] = arg.Text
		}
		if catalogue.Reshapes(c.Name, args) {
			return false
		}
		for _, i := range catalogue.Operands(c.Name, args) {
			if c.Args[i].Data {
				continue // a grep pattern
			}
			if !opens(path.ExpandHome(args[i], h), base) {
				return false
			}
			files++
		}
	}
	return files > 0
}

// opens reports whether p (relative ones under base) is a regular file
// guard can open.
func opens(p, base string) bool {
	p = filepath.FromSlash(p)
	if !filepath.IsAbs(p) {
		if base == "" {
			return false
		}
		p = filepath.Join(base, p)
	}
	f, err := regularfile.Open(p)
	if err != nil {
		return false
	}
	f.Close()
	return true
}
