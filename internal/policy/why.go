package policy

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/command"
	"github.com/guardhq/guard/internal/detect/injection"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/pii"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
)

// help.json is the catalogue of what guard's fixed rules and default path
// globs protect and what to do instead; the command rules carry theirs in
// default.json (description, hint). zz_help.go holds it decoded
// (TestGeneratedHelp), built on first use: only a block and `guard explain`
// read it, and decoding 53 KB of JSON cost a block 1.5 ms.

// helpDoc is help.json decoded.
type helpDoc struct {
	Rules     map[string]ruleHelp  `json:"rules"`     // rules that are not a list entry of the policy
	Detectors map[string]ruleHelp  `json:"detectors"` // secrets, pii, injection: one text per detector
	GuardDir  placeHelp            `json:"guard_dir"` // guard's own directory
	StateDir  placeHelp            `json:"state_dir"` // guard's state directory (the anchor)
	Globs     map[string]placeHelp `json:"globs"`     // the default path globs
}

// ruleHelp says what a rule protects against and what to do instead
// (ResultHint: instead, when the finding is in a tool's result, which the
// model did not write).
type ruleHelp struct {
	Description string `json:"description"`
	Hint        string `json:"hint"`
	ResultHint  string `json:"result_hint,omitempty"`
}

// placeHelp says what a protected place is, what is at stake there, and
// what to do instead (WriteHint: instead of a write, when that differs).
type placeHelp struct {
	What      string `json:"what"`
	Risk      string `json:"risk,omitempty"`
	Hint      string `json:"hint"`
	WriteHint string `json:"write_hint,omitempty"`
}

// helpCatalogue builds help.json's catalogue once (zz_help.go).
var helpCatalogue = sync.OnceValue(builtinHelp)

// readRisk is what is at stake in a protected file the model would read,
// when the catalogue names nothing more.
const readRisk = "what the model reads can end up in its answers, in logs and in other services"

// RuleHelp is what `guard explain RULE`, the console and a block show
// about a rule: what it protects against, what to do instead, and how a
// person can allow what it blocks.
type RuleHelp struct {
	Rule        string `json:"rule"`
	Description string `json:"description"`
	Hint        string `json:"hint,omitempty"`
	Allow       string `json:"allow"`
}

// Help returns what this policy says about the rule named rule (a command
// rule, a fixed rule, a secret, PII or injection rule, or one of the hook's
// failure rules), and false for a name it does not know. It quotes no
// input: it is the same for every block of the rule.
func (p *Policy) Help(rule string) (RuleHelp, bool) {
	h := RuleHelp{Rule: rule}
	for _, r := range p.Bash.BlockPatterns {
		if r.Name == rule {
			h.Description, h.Hint = r.Description, r.Hint
			if h.Description == "" {
				h.Description = "a command that matches rule " + rule + " of bash.block_patterns"
			}
			h.Allow = commandAllow(rule)
			return h, true
		}
	}
	if rule == "ssrf" {
		rule = "ssrf_protection" // the name guard test shows
	}
	cat := helpCatalogue()
	if r, ok := cat.Rules[rule]; ok {
		h.Description, h.Hint, h.Allow = r.Description, r.Hint, fixedAllow(rule)
		return h, true
	}
	detector, desc := fixedRule(rule)
	if detector == "" {
		return RuleHelp{}, false
	}
	d := cat.Detectors[detector]
	h.Description, h.Hint, h.Allow = desc+", "+d.Description, d.Hint, detectorAllow(detector)
	return h, true
}

// fixedRule returns the detector and the description of a rule of the
// secrets, PII or injection catalogues, or "" when rule is none of theirs.
func fixedRule(rule string) (detector, desc string) {
	for _, c := range []struct {
		detector string
		rules    func() []detect.RuleInfo
	}{{event.DetectorSecrets, secret.Rules}, {event.DetectorPII, pii.Rules}, {event.DetectorInjection, injection.Rules}} {
		for _, r := range c.rules() {
			if r.Name == rule {
				return c.detector, r.Description
			}
		}
	}
	return "", ""
}

// commandAllow says how a person allows what command rule name blocks.
func commandAllow(name string) string {
	return fmt.Sprintf("if it is intended, ask the user: they can allow it in rules.json (bash.allow_patterns; see 'guard explain %s')", name)
}

// fixedAllow says how a person allows what a fixed rule blocks.
func fixedAllow(rule string) string {
	switch rule {
	case "ssrf_protection", "invalid_url_host":
		return "no allow list opens it: if it is intended, ask the user to do it themselves"
	case "blocked_domain":
		return "if it is intended, ask the user: they can allow the URL in rules.json (urls.allowlist; see 'guard explain blocked_domain')"
	case "blocked_path":
		return "if it is intended, ask the user: they can allow the path in rules.json (file_paths.allow_read or allow_write; see 'guard explain blocked_path')"
	case command.RuleUnchecked:
		return commandAllow(rule)
	case "unresolved_path":
		return "if it is intended, ask the user to run it themselves (see 'guard explain unresolved_path')"
	}
	return "see 'guard doctor'"
}

// detectorAllow says what a person can do about a block of the secrets,
// PII or injection detector.
func detectorAllow(detector string) string {
	switch detector {
	case event.DetectorSecrets:
		return "no allow list opens the secrets catalogue"
	case event.DetectorPII:
		return "if the data may be shared, ask the user: they can change the pii settings in rules.json (see 'guard explain pii')"
	}
	return "if it is a false alarm, tell the user (see 'guard explain injection')"
}

// explain returns the plain-language line shown beside the reason of f, a
// block of input in (event.Finding.Explain): what the rule protects, what
// in the input reached it, what to do instead and how a person allows it.
// With quote false (the input holds a secret or PII value) it names
// nothing of the input. Empty for a rule it cannot say more of than the
// reason does (a rule that could not be compiled).
func (p *Policy) explain(in event.Input, f event.Finding, quote bool) string {
	var why, hint, allow string
	switch {
	case f.Detector == event.DetectorPaths:
		why, hint, allow = p.pathWhy(in, f, quote)
	case strings.Contains(f.Reason, "could not be compiled"):
		return ""
	default:
		h, ok := p.Help(f.Rule)
		if !ok {
			return ""
		}
		why, hint, allow = h.Description, h.Hint, h.Allow
		if f.Detector == event.DetectorSecrets || f.Detector == event.DetectorPII || f.Detector == event.DetectorInjection {
			why = "found in " + kindWhere(in.Kind) + ": " + why
			if r := helpCatalogue().Detectors[f.Detector].ResultHint; r != "" && resultKind(in.Kind) {
				hint = r
			}
		}
	}
	return joinWhy(why, hint, allow)
}

// resultKind reports whether inputs of kind k are a tool's result or
// content the model reads, not text the model or the user wrote.
func resultKind(k event.Kind) bool {
	switch k {
	case event.KindFileContent, event.KindWebContent, event.KindToolOutput, event.KindToolResult, event.KindShellOutput, event.KindOutput:
		return true
	}
	return false
}

// joinWhy writes the three parts of an explanation as one line.
func joinWhy(why, hint, allow string) string {
	out := "why: " + why
	if hint != "" {
		out += "; instead: " + hint
	}
	return out + "; " + allow
}

// kindWhere names where an input of kind k comes from, for an explanation.
func kindWhere(k event.Kind) string {
	switch k {
	case event.KindPrompt:
		return "the prompt"
	case event.KindQuery:
		return "the search query"
	case event.KindFileContent:
		return "the file's content"
	case event.KindWebContent:
		return "the fetched web content"
	case event.KindResponse:
		return "the answer"
	case event.KindToolInput:
		return "the tool's input"
	case event.KindToolOutput, event.KindToolResult, event.KindShellOutput, event.KindOutput:
		return "the tool's result"
	case event.KindCommand:
		return "the command"
	}
	return "the input"
}

// place returns what the catalogue says of the place f's Entry protects:
// guard's own or state directory, a default glob, or a glob of the user's.
func (p *Policy) place(f event.Finding) placeHelp {
	cat := helpCatalogue()
	if dirs, err := p.guardDirs(); err == nil {
		state := p.stateDirs()
		for i, d := range dirs {
			if path.DirGlob(d, p.Home) != f.Entry {
				continue
			}
			if i >= len(dirs)-len(state) {
				return cat.StateDir
			}
			return cat.GuardDir
		}
	}
	if h, ok := cat.Globs[f.Entry]; ok {
		return h
	}
	p.cache.mu.Lock()
	prog := p.cache.progsRead && slices.Contains(p.cache.progs, f.Entry) ||
		slices.Contains(p.cache.projectProgs, f.Entry) // hookprojects.go
	unread := slices.Contains(p.cache.unreadHooks, f.Entry)
	p.cache.mu.Unlock()
	if unread { // hookprograms.go hookDir
		return placeHelp{What: "a directory whose hook file guard cannot read (the hook file that may run it)",
			Risk: "guard cannot tell which programs that hook file runs, so it cannot tell this write does not change one",
			Hint: "ask the user to fix the hook file (it must be JSON, comments allowed, under 512 KiB, a regular file)"}
	}
	if prog && !p.isSelf(f.Entry) { // hookprograms.go (not "guard's own executable")
		return placeHelp{What: "a program or file an installed hook entry runs",
			Risk: "whoever changes it runs code at the agent's next tool call outside guard's checks",
			Hint: "ask the user to change the hook's program, or to allow it"}
	}
	if prog {
		return placeHelp{What: "guard's own executable",
			Risk: "whoever replaces it switches guard off, or runs code at the agent's next tool call outside guard's checks",
			Hint: "build and install programs elsewhere (go build -o ./bin/x); ask the user to update guard or the hook's script"}
	}
	return placeHelp{What: "a path the policy protects"}
}

// pathWhy explains a path rule's block: which protected place the path
// reaches and how (a file in it, a directory that holds it, a recursive
// read, a search by name, a part guard cannot work out), what is at stake,
// what to do instead and how the user allows it.
func (p *Policy) pathWhy(in event.Input, f event.Finding, quote bool) (why, hint, allow string) {
	pl := p.place(f)
	why = pathReach(in, f, pl.What+" ("+f.Entry+")", quote)
	risk := pl.Risk
	if risk == "" && in.Kind == event.KindRead {
		risk = readRisk
	}
	if risk != "" {
		why += ": " + risk
	}
	if in.Kind == event.KindTouch {
		prog := "the program"
		if quote && in.Via != "" {
			prog = strings.Fields(in.Via)[0]
		}
		why += fmt.Sprintf("; guard does not know that %s only reads it", prog)
	}
	hint = pl.Hint
	if in.Kind != event.KindRead && pl.WriteHint != "" {
		hint = pl.WriteHint
	}
	if hint == "" {
		hint = helpCatalogue().Rules["blocked_path"].Hint
	}
	list := "file_paths.allow_write"
	if in.Kind == event.KindRead {
		list = "file_paths.allow_read"
	}
	switch {
	case pl == helpCatalogue().GuardDir || pl == helpCatalogue().StateDir:
		allow = "no allow list opens it: if it is intended, ask the user to do it themselves"
	case f.Rule == "unresolved_path":
		allow = fixedAllow(f.Rule)
	default:
		allow = "if it is intended, ask the user: they can allow the path in rules.json (" + list + "; see 'guard explain blocked_path')"
	}
	return why, hint, allow
}

// pathReach says what in input in reached the protected place what, and
// how: "chmod -R on '/' would also change <what>, which is inside it". With
// quote false it names neither the path nor the program.
func pathReach(in event.Input, f event.Finding, what string, quote bool) string {
	shown, name := in.Text, ""
	switch f.Reach {
	case event.ReachTree, event.ReachOpaque:
		shown = strings.TrimSuffix(shown, "/**")
	case event.ReachNamed:
		if i := strings.LastIndex(shown, "/**/"); i >= 0 {
			shown, name = shown[:i], shown[i+4:]
		}
	case event.ReachMaybe:
		shown = strings.ReplaceAll(shown, path.Unknown, "…")
	}
	q := "'" + detect.Printable(shown) + "'"
	via := in.Via
	if !quote {
		q, name, via = "'"+event.Redacted+"'", event.Redacted, ""
	}
	subject, would, change := "reading "+q, "would", "read"
	switch in.Kind {
	case event.KindWrite:
		subject, change = "writing "+q, "change"
	case event.KindTouch:
		subject, would, change = "handing "+q+" to a program", "may", "change"
	}
	if via != "" {
		subject = via + " on " + q
	}
	switch f.Reach {
	case event.ReachHolds:
		return fmt.Sprintf("%s %s also %s %s, which is inside it", subject, would, change, what)
	case event.ReachTree:
		return fmt.Sprintf("%s reads all of it, and so %s, which is inside it", subject, what)
	case event.ReachOpaque:
		return fmt.Sprintf("%s reads all of it, and guard cannot redact what it prints (%s), so it would show %s if the directory holds one", subject, in.Opaque, what)
	case event.ReachNamed:
		return fmt.Sprintf("a search of %s for files named '%s' would reach %s", q, detect.Printable(name), what)
	case event.ReachMaybe:
		return fmt.Sprintf("%s has a part guard cannot work out before the command runs, and it could be %s", q, what)
	}
	return fmt.Sprintf("%s %s %s %s", subject, would, change, what)
}

// isSelf reports whether glob g names guard's own executable (or where it
// really is), not a program a hook entry runs.
func (p *Policy) isSelf(g string) bool {
	exe, err := os.Executable()
	if err != nil {
		return false
	}
	for _, q := range []string{exe, evalOrSelf(exe)} {
		if filepath.ToSlash(q) == g {
			return true
		}
	}
	return false
}

// evalOrSelf returns where link q leads, or q.
func evalOrSelf(q string) string {
	if real, err := filepath.EvalSymlinks(q); err == nil {
		return real
	}
	return q
}
