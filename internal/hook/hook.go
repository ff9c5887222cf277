// Package hook is guard's hook path: one agent action, one process. Run reads
// the payload from standard input (bounded in size and time), detects the
// agent, parses the payload into inputs, loads the policy, evaluates, appends
// the audit record, answers in the agent's protocol and, on a block, hands
// the record to the Notify seam (the webhook).
//
// # Fail-closed
//
// Every error and every panic ends in a block: exit code 2 and one line
// "[guard] BLOCKED: …" on standard error that says what to fix. When the
// audit log can be written, a failure is recorded too, with one of the Rule*
// names of this package.
//
// # What is recorded
//
// input_hash is the lowercase hex SHA-256 of the checked texts joined by NUL
// bytes (for the usual single input: of that text). tokens_in estimates the
// input tokens as ceil(bytes/4) of the same text. No input text is stored:
// reason is the blocking finding's LogReason.
package hook

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/auditsock"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/realpath"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/repo"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/word"
	"github.com/guardhq/guard/internal/stack"
	"github.com/guardhq/guard/internal/webhook"
)

// Limits of the hook path.
const (
	// MaxPayload bounds the payload read from standard input; a larger one is
	// blocked.
	MaxPayload = 8 << 20
	// MaxTranscript bounds the tail of agent A's transcript file read at Stop.
	MaxTranscript = 4 << 20
	// StdinTimeout bounds the wait for the whole payload.
	StdinTimeout = 30 * time.Second
	// CheckTimeout bounds the checks of one call, from parsing the payload
	// to the verdict; past it the call is blocked. Agents time a hook out
	// (and may then proceed): guard must answer first.
	CheckTimeout = 5 * time.Second
)

// Rule names recorded when guard blocks because it could not check a call.
const (
	RuleInvalidPayload = "invalid_payload" // empty, malformed, oversized or unknown payload
	RulePolicyError    = "policy_error"    // the policy could not be loaded
	RuleInternalError  = "internal_error"  // evaluation failed or guard panicked
)

// Policy is what the hook path needs of the active policy
// (*policy.Policy): Evaluate checks inputs; Redact cuts the secrets (and
// the PII the policy blocks) out of a text of a tool result.
type Policy interface {
	Evaluate(inputs []event.Input) (event.Verdict, error)
	Redact(k event.Kind, text string) (string, []string, error)
}

// Config is everything Run uses from the outside world. A nil function field
// takes the real implementation; tests replace them.
type Config struct {
	// Agent forces the agent ("a", "b" or "c"); "" detects it.
	Agent  string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer

	Getenv func(string) string
	Getwd  func() (string, error)
	// LoadPolicy returns the active policy and its version label; nil loads
	// the real one (policy.Load), once per call.
	LoadPolicy func() (Policy, string, error)
	// AuditPath returns the audit log's path, creating guard's directory.
	AuditPath func() (string, error)
	// Append writes one record to the audit log (audit.Append).
	Append func(path string, rec *event.Record) error
	// ReadTranscript returns the bounded tail of a transcript file and
	// whether the file holds more than that tail.
	ReadTranscript func(path string) ([]byte, bool, error)
	Now            func() time.Time
	User           func() string
	Host           func() string
	// Repo names the repository of a directory as <org>/<repo>, or "".
	Repo func(dir string) string
	// Notify, when set, receives the record of every block once it is
	// written and the answer is out: the webhook seam. It cannot change the
	// verdict; a panic in it is contained. When both LoadPolicy and Notify
	// are nil, Notify sends the block to the loaded policy's webhook
	// (webhook.Notify); with a LoadPolicy of its own, a nil Notify sends
	// nothing.
	Notify func(event.Record)
	// StdinTimeout bounds the wait for the payload; 0 means StdinTimeout,
	// a negative value no bound.
	StdinTimeout time.Duration
	// CheckTimeout bounds the checks of one call (parsing, the files and
	// links a command names, the detectors, redaction); 0 means
	// CheckTimeout, a negative value no bound.
	CheckTimeout time.Duration
	// Exit ends the process with a code when the checks time out; it is
	// called from the watchdog's goroutine while the checks still run.
	// nil means os.Exit. Tests pass one that returns: Run then returns the
	// same code once the checks end.
	Exit func(code int)
}

// defaults are CheckTimeout and os.Exit, the time-out and the exit of a
// Config that sets neither. The package's tests set their own (TestMain):
// under the race detector on a loaded machine one call's checks can
// outlast the product's time-out, and an exit would end the test binary
// without a word.
var defaults = struct {
	checkTimeout time.Duration
	exit         func(int)
}{CheckTimeout, os.Exit}

func (c *Config) fill() {
	if c.Stdin == nil {
		c.Stdin = os.Stdin
	}
	if c.Stdout == nil {
		c.Stdout = os.Stdout
	}
	if c.Stderr == nil {
		c.Stderr = os.Stderr
	}
	if c.Getenv == nil {
		c.Getenv = os.Getenv
	}
	if c.Getwd == nil {
		c.Getwd = os.Getwd
	}
	// One call asks for the working directory once, however many relative
	// paths it resolves (the checks may run on while a time-out answers).
	c.Getwd = sync.OnceValues(c.Getwd)
	if c.LoadPolicy == nil {
		c.realPolicy()
	}
	if sock := c.Getenv(auditsock.EnvSocket); sock != "" && c.Append == nil {
		// Inside `guard run`'s sandbox guard's directory is read-only:
		// the record goes to the guard run process, which appends it.
		if c.AuditPath == nil {
			c.AuditPath = func() (string, error) { return home.File(home.AuditName) }
		}
		c.Append = func(_ string, rec *event.Record) error { return auditsock.Send(sock, rec) }
	}
	if c.AuditPath == nil {
		c.AuditPath = AuditPath
	}
	if c.Append == nil {
		c.Append = AppendAnchored
	}
	if c.ReadTranscript == nil {
		c.ReadTranscript = func(path string) ([]byte, bool, error) { return ReadTail(path, MaxTranscript) }
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.User == nil {
		c.User = func() string { return userName(c.Getenv) }
	}
	if c.Host == nil {
		c.Host = func() string { h, _ := os.Hostname(); return h }
	}
	if c.Repo == nil {
		c.Repo = repo.Name
	}
	if c.StdinTimeout == 0 {
		c.StdinTimeout = StdinTimeout
	}
	if c.CheckTimeout == 0 {
		c.CheckTimeout = defaults.checkTimeout
	}
	if c.Exit == nil {
		c.Exit = defaults.exit
	}
}

// realPolicy sets LoadPolicy to the real policy, loaded at most once per
// call (a remote policy that cannot be fetched costs one wait, not two),
// and, unless Notify is set, Notify to the real webhook: a bare `guard`
// (the command agents run) and `guard hook` notify alike.
func (c *Config) realPolicy() {
	stderr := c.Stderr
	var (
		active  *policy.Policy
		loadErr error
		loaded  bool
	)
	load := func() (*policy.Policy, error) {
		if !loaded {
			loaded = true
			active, loadErr = policy.Load()
		}
		return active, loadErr
	}
	c.LoadPolicy = func() (Policy, string, error) {
		p, err := load()
		if err != nil {
			return nil, "", err
		}
		return p, p.Version, nil
	}
	if c.Notify == nil {
		c.Notify = c.webhookNotify(load, stderr)
	}
}

// webhookNotify returns the Notify that sends a block to the loaded
// policy's webhook within what is left of CallBudget, counted from now.
// A block before the policy was needed (a payload guard could not read)
// loads it then for its webhook settings.
func (c *Config) webhookNotify(load func() (*policy.Policy, error), stderr io.Writer) func(event.Record) {
	now := c.Now
	if now == nil {
		now = time.Now
	}
	started := now()
	return func(rec event.Record) {
		if p, err := load(); err == nil {
			notifyWithin(p.Webhook, rec, CallBudget-c.Now().Sub(started), stderr)
		}
	}
}

// CallBudget bounds a blocked call's wait for its webhook: the call ends
// within it (the webhook's time-out is cut to what is left), since the
// exit code is the verdict agents A and C act on and their clients give a
// hook 60 s by default, treating a hook they time out as one that did not
// object. The checks (CheckTimeout), a remote policy fetch and the audit
// lock's wait take at most about 20 s before it.
const CallBudget = 30 * time.Second

// notifyWithin sends rec to w's webhook with at most left to wait; with
// less than a few milliseconds left it says so and sends nothing.
func notifyWithin(w policy.Webhook, rec event.Record, left time.Duration, stderr io.Writer) {
	if !w.Enabled || rec.Verdict != string(event.Block) {
		return
	}
	if left < 10*time.Millisecond {
		fmt.Fprintf(stderr, "[guard] webhook: not sent: the call already took its %s (the verdict stands)\n", CallBudget)
		return
	}
	if ms := int(left / time.Millisecond); ms < w.TimeoutMS {
		w.TimeoutMS = ms
	}
	webhook.Notify(w, rec, stderr)
}

// AppendAnchored appends rec to the audit log at path (audit.AppendWith)
// and keeps guard's anchor of the log in the user's state directory
// (home.StateDir), outside guard's directory: a log deleted together with
// its lock file then still fails `guard audit verify`. See docs/AUDIT.md.
func AppendAnchored(path string, rec *event.Record) error {
	var opt audit.AppendOptions
	if dir, err := home.StateDir(); err == nil {
		opt.AnchorFile = audit.AnchorFile(dir, path)
	}
	return audit.AppendWith(path, rec, opt)
}

// AuditPath returns the audit log's path, creating guard's directory (mode
// 0700) when it does not exist.
func AuditPath() (string, error) {
	dir, err := home.Ensure()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, home.AuditName), nil
}

// Expand returns the inputs a call is checked with: its own, then for each
// shell command (internal/shell, which parses it) the files it reads and
// writes (cat ~/.ssh/id_rsa, echo >> ~/.bashrc), the files it hands to a
// program guard does not know to only read them (touches: gzip F), and the
// URLs and hosts it contacts (curl http://169.254.169.254/…), each path
// followed by the path symbolic links lead it to. Relative paths are resolved like the call's own
// (agent.ResolvePaths), after any cd in the command; ~, $HOME and ${HOME}
// are left for the path rules. Only the call's own inputs are recorded. An
// error means a command beyond guard's limits (size, words, nesting).
//
// The command rules themselves see the commands a command runs through
// policy.Evaluate, which analyses the command input the same way.
func Expand(call *agent.Call, opt agent.Options) ([]event.Input, error) {
	checked, _, _, _, err := expand(call, opt, nil)
	return checked, err
}

// expand is Expand, also returning the files guard read because the
// commands run them (sh x.sh, python3 x.py), as the commands name them, the
// resolver that looked the paths up (nil when there was none), whose
// lookups the hard-link check reuses, and the finding that blocks a file
// of a revision guard cannot read to tell (revReads).
func expand(call *agent.Call, opt agent.Options, prot *protected) ([]event.Input, []string, *realpath.Resolver, *event.Finding, error) {
	derived, ran, revBlock, err := commandInputsWith(call, opt, prot)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	checked := call.Inputs
	derived = append(derived, toolTreeLinks(call.Inputs, call.Tool)...) // toollinks.go
	if len(derived) > 0 {
		checked = append(append(make([]event.Input, 0, len(call.Inputs)+len(derived)), call.Inputs...), derived...)
	}
	checked = opaqueTrees(call, checked)
	checked, res := linkTargetsOf(checked)
	checked = ignoresLinked(checked, res) // ignoreslinked.go
	return checked, ran, res, revBlock, nil
}

// opaqueTrees marks the reads of a call whose result guard cannot replace
// (agent.ResultsReplaced, agent.Call.Unredacted) as opaque: the result
// scan cannot redact what they print, so a recursive read (DIR/**) meets
// the globs whose files may be anywhere too (a project's .env), and a
// file's text is checked before the call runs (secretReads). It copies
// inputs before it changes one.
func opaqueTrees(call *agent.Call, inputs []event.Input) []event.Input {
	why := call.Unredacted
	if !agent.ResultsReplaced(call.Agent) {
		why = agent.NoResultRedaction
	}
	if why == "" {
		return inputs
	}
	var out []event.Input
	var prints event.LinePrinter
	printsRead := false
	for i, in := range inputs {
		if in.Kind != event.KindRead || in.Opaque != "" || unprinted(in) {
			continue // wc -c F, sha256sum F print none of it
		}
		if out == nil {
			out = slices.Clone(inputs)
		}
		out[i].Opaque = why
		if isPrintedTree(in) {
			if !printsRead {
				prints, printsRead = commandPrints(call), true
			}
			out[i].Prints = prints // a grep whose pattern meets no protected line prints none
		}
	}
	if out == nil {
		return inputs
	}
	return out
}

// commandPrints returns what the call's one shell command may print of a
// file (treePrints, read as the user's shell reads it); nil when the call
// has no such command or several, or guard cannot tell.
func commandPrints(call *agent.Call) event.LinePrinter {
	var text string
	n := 0
	for _, in := range call.Inputs {
		if in.Kind == event.KindCommand {
			text, n = in.Text, n+1
			if in.Shell != "" {
				return nil // PowerShell: not modelled
			}
		}
	}
	if n == 0 && len(call.Search) > 1 {
		g, ok := rgLines(call.Search[1:]) // a Grep tool: the rg it runs
		if !ok {
			return nil
		}
		return &treeGreps{greps: []grepSpec{g}, base: call.Cwd}
	}
	if n != 1 {
		return nil
	}
	return rootedAt(treePrints(text, userZsh()), call.Cwd)
}

// rootedAt returns print model pr with the directory its greps' relative
// roots lie under (the call's), whose own filters (grep --exclude, rg
// -g '!X') then count.
func rootedAt(pr event.LinePrinter, cwd string) event.LinePrinter {
	if t, ok := pr.(*treeGreps); ok {
		t.base = cwd
	}
	return pr
}

// userZsh reports whether the clients may run commands with zsh: unless
// the user's shell ($SHELL) is bash (shell.MayRunZsh).
func userZsh() bool {
	sh, _ := lookupEnv("SHELL")
	return shell.MayRunZsh(sh)
}

// commandInputs returns the read, write, touch and URL inputs the shell
// commands of call name, and the files guard read because they run them.
func commandInputs(call *agent.Call, opt agent.Options) ([]event.Input, []string, error) {
	in, ran, _, err := commandInputsWith(call, opt, nil)
	return in, ran, err
}

// commandInputsWith is commandInputs with the files the policy protects by
// path (see runFiles.prot); it also returns the text of the files of a
// revision the commands read, as file content, and the finding that
// blocks one guard cannot read (revReads).
func commandInputsWith(call *agent.Call, opt agent.Options, prot *protected) ([]event.Input, []string, *event.Finding, error) {
	var out, contents []event.Input
	var revBlock *event.Finding
	var ran []string
	var opt0 shell.Options
	shown, seen := true, false // every command guard analysed shows it succeeds
	for _, in := range call.Inputs {
		if in.Kind != event.KindCommand {
			continue
		}
		if in.Shell == event.ShellPowerShell {
			ps, files, err := pwshInputs(in.Text, filesFor(call, opt))
			if err != nil {
				return nil, nil, nil, err
			}
			out = append(out, ps...)
			ran = append(ran, files...)
			shown = false
			continue
		}
		if opt0.Files == nil {
			f := filesWith(call, opt, prot)
			opt0 = shell.Options{Home: f.home, Files: f, Zsh: userZsh(), Self: home.SelfName()}
		}
		a := shell.Analyze(in.Text, opt0)
		if errors.Is(a.Err, shell.ErrLimit) {
			return nil, nil, nil, &agent.Error{Field: "command", Limit: true, Problem: strings.TrimSuffix(a.Err.Error(), ": "+shell.ErrLimit.Error()) +
				": guard blocks a command it cannot check whole"}
		}
		ran = append(ran, a.Files...)
		base := agent.BaseDir(call, opt)
		imports, block := contextShellWrites(a, base, opt0.Home)
		out = append(out, imports...)
		if block == nil {
			block = shellEditSecrets(a, base, opt0.Home) // shelledits.go
		}
		if block == nil {
			block = dashNames(a, base) // dashnames.go
		}
		if block == nil {
			block = handedPaths(a, base) // handedpaths.go
		}
		if block != nil && revBlock == nil {
			revBlock = block
		}
		ins := append(analysisInputs(a), heldInputs(a, call)...)
		printedTrees(ins, call, in.Text, opt0.Zsh)
		out = append(out, ins...)
		if len(a.RevReads) > 0 && revBlock == nil {
			why := unredactedWhy(call)
			if why == "" && call.FailsUnredacted != "" && !treeShown(a, in.Text, opt0.Zsh, base, call.FailsUnredacted) {
				why = call.FailsUnredacted // git show HEAD; false
			}
			var texts []event.Input
			texts, revBlock = revReads(why, agent.BaseDir(call, opt), a.RevReads)
			contents = append(contents, texts...)
		}
		call.Programs += len(a.Commands)
		// A client's time-out (agent.ClientTimeout) is a failure no
		// program's status shows.
		seen, shown = true, shown && call.FailsUnredacted == agent.CommandFailure && showsSuccess(a, in.Text, opt0.Zsh, base)
	}
	if seen && shown {
		call.FailsUnredacted = "" // every command's output reaches PostToolUse (secretreads.go)
	}
	if err := agent.UnknownRootError(call, out); err != nil {
		return nil, nil, nil, err // agent B: a relative path under a root guard cannot read
	}
	if err := agent.NoBaseError(call, out, opt); err != nil {
		return nil, nil, nil, err // a relative cwd
	}
	if len(out) > 0 {
		out = resolveCommandInputs(out, call, opt, opt0.Home)
	}
	return append(out, contents...), ran, revBlock, nil
}

// printedTrees marks the trees the command prints (grep -r x .) that the
// result scan will not see: the command's output does not reach the
// client's result unredacted (call.FailsUnredacted), or goes to a file
// (grep -r . . > out.txt) where the scan redacts.
func printedTrees(ins []event.Input, call *agent.Call, text string, zsh bool) {
	reshapedTrees(ins, func() event.LinePrinter { return rootedAt(treePrints(text, zsh), call.Cwd) })
	if !slices.ContainsFunc(ins, isPrintedTree) {
		return
	}
	switch {
	case call.FailsUnredacted != "":
		failingTrees(ins, call.FailsUnredacted+"; "+unshownTree, rootedAt(treePrints(text, zsh), call.Cwd))
	case unredactedWhy(call) == "":
		if pr, copied := treeCopies(text, zsh); copied {
			failingTrees(ins, copiedTree, rootedAt(pr, call.Cwd))
		}
	}
}

// resolveCommandInputs resolves the commands' inputs exactly as the call's
// own paths: against its cwd, else agent B's project directory, else the
// working directory; with the names guard cannot tell at run time, agent
// B's other workspace roots, the home directories mounts stand for and
// the links guard cannot follow.
func resolveCommandInputs(out []event.Input, call *agent.Call, opt agent.Options, home string) []event.Input {
	out = append(out, runTimeUnknowns(out)...)                        // unknownlinks.go
	out = append(out, agent.OtherRootInputs(out, call.OtherRoots)...) // agent B's other workspace roots
	agent.ResolvePaths(&agent.Call{Agent: call.Agent, Cwd: call.Cwd, Inputs: out}, opt)
	out = homeMounts(out, home)                                            // mounts.go
	out = append(out, unknownLinkInputs(out, agent.BaseDir(call, opt))...) // unknownlinks.go
	for i := range out {
		out[i].ByFiles = textHomes(out[i].ByFiles)
	}
	return out
}

// analysisInputs returns the inputs a command's analysis a names: its
// reads, writes, touches (bare ones marked), the touches of the files it
// runs (with those files), URLs and paths with a part guard cannot work
// out, each as the agent's environment expands it.
func analysisInputs(a *shell.Analysis) []event.Input {
	var out []event.Input
	var names vias // built on the first path
	viaOf := func(p string) string {
		if names == nil {
			names = viasOf(a)
		}
		return names.of(p)
	}
	// The command's shell inherits the agent's environment, as guard
	// does: $GUARD_HOME/rules.json is guard's own policy file.
	sent := sendsOutput(a)
	for _, p := range a.Reads {
		in := event.Input{Kind: event.KindRead, Text: shell.ExpandEnv(p, lookupEnv), Via: viaOf(p), Unprinted: slices.Contains(a.UnprintedReads, p),
			Tracked: slices.Contains(a.TrackedReads, p), Unignored: slices.Contains(a.UnignoredReads, p), Visible: slices.Contains(a.VisibleReads, p),
			Mount: slices.Contains(a.MountReads, p)}
		switch {
		case slices.Contains(a.OpaqueReads, p):
			in.Opaque = transformed
		case slices.Contains(a.UnattributedReads, p):
			in.Opaque = unattributedTree
		case sent:
			in.Opaque = netSent
		}
		out = withUnknownVars(out, in)
		if g, ok := gitObjectsDir(in.Text); ok && !in.Unprinted {
			out = append(out, event.Input{Kind: event.KindRead, Text: g + "/**", Via: in.Via, Opaque: gitObjects, History: true})
		}
	}
	for _, p := range a.Writes {
		out = withUnknownVars(out, event.Input{Kind: event.KindWrite, Text: shell.ExpandEnv(p, lookupEnv), Via: viaOf(p)})
	}
	for _, p := range a.Touches {
		out = withUnknownVars(out, event.Input{Kind: event.KindTouch, Text: shell.ExpandEnv(p, lookupEnv), Via: viaOf(p),
			Bare: slices.Contains(a.BareTouches, p)})
	}
	// What the text of a file the command runs touches: the policy
	// weighs it by who can write the file.
	for _, e := range a.FileTouches {
		by := strings.Split(e.Files, "\n")
		for i, f := range by {
			by[i] = shell.ExpandEnv(f, lookupEnv)
		}
		if e.Unresolved {
			text, _ := shell.UnknownVars(shell.ExpandEnv(e.Path, lookupEnv))
			out = append(out, event.Input{Kind: event.KindWrite, Text: text, ByFiles: strings.Join(by, "\n")})
			continue
		}
		for _, in := range withUnknownVars(nil, event.Input{Kind: event.KindTouch, Text: shell.ExpandEnv(e.Path, lookupEnv), Via: viaOf(e.Path), Bare: e.Bare}) {
			in.ByFiles = strings.Join(by, "\n")
			out = append(out, in)
		}
	}
	for _, u := range a.URLs {
		out = append(out, event.Input{Kind: event.KindURL, Text: u})
	}
	// A path with a part guard cannot work out: the path rules ask
	// whether it could name a protected place (path.Unknown).
	for _, u := range a.Unresolved {
		kind := event.KindRead
		if u.Write {
			kind = event.KindWrite
		}
		text := shell.ExpandEnv(u.Text, lookupEnv)
		text, _ = shell.UnknownVars(text)
		out = append(out, event.Input{Kind: kind, Text: text})
	}
	return out
}

// textHomes returns where the texts of files (one per line) really are,
// their links followed, when each has one name there: a file the user
// linked into a protected directory (~/.local/bin/tool → ~/proj/tool.sh)
// holds text the agent may write, and so does a file with another hard
// link. "" when guard cannot tell for one of them: the touches are then
// the command's.
func textHomes(files string) string {
	if files == "" {
		return ""
	}
	h, _ := home.UserHome()
	list := strings.Split(files, "\n")
	for i, f := range list {
		real, err := filepath.EvalSymlinks(path.ExpandHome(f, h))
		if err != nil || !filepath.IsAbs(real) {
			return ""
		}
		if _, links, ok := fileID(real); !ok || links != 1 {
			return ""
		}
		list[i] = real
	}
	return strings.Join(list, "\n")
}

// unknownHeld is why guard cannot redact what an unknown program's output
// holds of the files it was given.
const unknownHeld = "a program guard knows nothing of prints what it was given (an archive it writes may hold the files as they are), and no result scan guard can redact sees it"

// heldInputs returns, for a call whose output guard cannot redact (agent
// B, a result guard cannot replace, agent A's failure route), the reads
// the command's printed output may hold (shell.Analysis.HeldReads: jar
// c0M . prints the files it stores) as reads whose output guard cannot
// redact: a tree's files are scanned for secrets as any tree read's.
func heldInputs(a *shell.Analysis, call *agent.Call) []event.Input {
	why := unredactedWhy(call)
	if why == "" {
		why = call.FailsUnredacted
	}
	if why == "" || len(a.HeldReads) == 0 {
		return nil
	}
	var out []event.Input
	for _, p := range a.HeldReads {
		out = withUnknownVars(out, event.Input{Kind: event.KindRead, Text: shell.ExpandEnv(p, lookupEnv), Opaque: why + "; " + unknownHeld})
	}
	return out
}

// reshapedTrees gives the recursive reads of ins whose output a later
// stage reshapes (transformed) the print model of the command's searches
// (prints: treePrints; nil: any file), computed once: a filter of a
// search's lines prints nothing of a file the search prints no line of
// (treereshape.go), so the policy's tree rule counts only those files.
func reshapedTrees(ins []event.Input, prints func() event.LinePrinter) {
	var pr event.LinePrinter
	read := false
	for i, in := range ins {
		if in.Kind != event.KindRead || in.Opaque != transformed || in.Prints != nil || !strings.HasSuffix(in.Text, "/**") {
			continue
		}
		if !read {
			pr, read = prints(), true
		}
		ins[i].Prints = pr
	}
}

// transformed is why guard cannot redact what a recursive read of a
// command prints (shell.Analysis.OpaqueReads).
const transformed = "the command encodes, reshapes or slices what the read prints before the result scan sees it"

// unattributedTree is why guard cannot redact what a program prints of a
// tree it reads without the file's name before each line (cat, head,
// more of found names): guard cannot tell which file a printed line came
// from, and the result scan finds only values of known shapes.
const unattributedTree = "the command prints the files of a directory without each line's file name (only the grep family's lines are attributed to files), so guard cannot tell which lines came from a file it protects"

// ranNote adds to the finding of a block which files guard read because the
// command runs them: what blocked may be in one of them (the command rules
// quote the command and the line, the path rules the path). A name that
// holds a secret or PII value (policy.Sensitive) shows as <redacted>. The
// recorded reason only counts them. A finding in an input no file the
// command runs adds to (the prompt, the tool's input as text, a search
// query, the answer) gets no note: it would name the wrong text.
func ranNote(f event.Finding, ran []string) event.Finding {
	switch f.Source {
	case event.KindToolInput, event.KindPrompt, event.KindQuery, event.KindResponse:
		return f
	}
	if len(ran) == 0 {
		return f
	}
	names := make([]string, len(ran))
	for i, r := range ran {
		r = word.Render(r) // $GOPATH/p.sh, not the walker's marker
		if policy.Sensitive(r) {
			r = event.Redacted
		}
		names[i] = "'" + agent.OneLine(r) + "'"
	}
	f.Reason += "; guard read what the command runs: " + strings.Join(names, ", ")
	f.LogReason += fmt.Sprintf("; guard read %d files the command runs", len(ran))
	return f
}

// withUnknownVars adds path input in, and when its path still names
// variables the environment does not hold, the path with those written
// path.Unknown: the path rules check what it could name.
func withUnknownVars(out []event.Input, in event.Input) []event.Input {
	out = append(out, in)
	if u, ok := shell.UnknownVars(in.Text); ok {
		in.Text = u
		out = append(out, in)
	}
	return out
}

// afterRules returns the finding of the checks that follow the policy's
// rules on a call they allow: a read whose output guard cannot redact
// (the file's own text), an edit that writes a secret, the block the
// command's analysis gave (revBlock: a revision, a context file's
// imports), a write of a program a bare name on PATH finds (base: the
// directory the call works in).
func afterRules(call *agent.Call, checked []event.Input, revBlock *event.Finding, base string) (event.Finding, bool) {
	if f, hit := secretReads(call, checked, base); hit {
		return f, true
	}
	if f, hit := editSecrets(call); hit {
		return f, true
	}
	if revBlock != nil {
		return *revBlock, true
	}
	return dotPathWrite(checked, base, os.Getenv("PATH"))
}

// DryRun is `guard test`: one input of the given type, expanded exactly as
// the hook path expands a call's inputs (relative paths joined with cwd, the
// files a command names, symbolic links and hard links to protected files
// followed), evaluated against p. The content types (policy.ContentTypes)
// go through the hook's own checks as agent A's result or answer
// (dryRunContent).
func DryRun(p *policy.Policy, typ, input, cwd string) (r *policy.DryRunResult, err error) {
	defer func() {
		// A panic blocks, as the hook's does (panicFailure), and prints
		// no trace; the input is shown only by its size and hash.
		if recover() != nil {
			r, err = blockedResult(typ, input, panicFailure()), nil
		}
	}()
	if slices.Contains(policy.ContentTypes, typ) {
		return dryRunContent(p, typ, input, cwd)
	}
	kind, err := policy.TestKind(typ)
	if err != nil {
		return nil, err
	}
	call := &agent.Call{Cwd: cwd, Inputs: []event.Input{{Kind: kind, Text: input}}}
	opt := agent.Options{AccountHome: accountTilde}
	agent.ResolvePaths(call, opt)
	prot := newProtected(p)
	p.UseFiles(filesWith(call, opt, prot))
	p.UseCwd(cwd)
	checked, ran, res, block, err := expand(call, opt, prot)
	if err == nil {
		checked, err = withHardLinks(checked, p, res)
	}
	if e := (*agent.Error)(nil); errors.As(err, &e) && e.Limit {
		// Past one of guard's bounds: the hook blocks it (payloadFailure).
		return blockedResult(typ, input, payloadFailure(err)), nil
	}
	if err != nil {
		return nil, err
	}
	v, err := p.Evaluate(checked)
	if err != nil {
		return nil, err
	}
	if !v.Blocked() {
		if f, hit := afterRules(call, checked, block, agent.BaseDir(call, opt)); hit {
			v.Decision, v.Finding = event.Block, f
		}
	}
	r = policy.Report(typ, input, v)
	if r.Verdict == string(event.Block) && len(ran) > 0 {
		r.Reason = ranNote(event.Finding{Reason: r.Reason}, ran).Reason
	}
	return r, err
}

// withLinkTargets adds, after each path to read, write or touch, the paths
// it may lead to when symbolic links (and `..` after them) lead elsewhere
// (realpath.Targets), and the files a shell pattern in it expands to
// (realpath.Resolver.Glob), so that neither a link nor a pattern can carry
// a read or a write past the path rules. A path that stands for a tree
// (DIR/** or DIR/**/NAME, see shell.Analysis.Reads) is followed through
// DIR, its tail kept. The record still hashes what the agent sent.
func withLinkTargets(inputs []event.Input) []event.Input {
	out, _ := linkTargetsOf(inputs)
	return out
}

// linkTargetsOf is withLinkTargets, and the resolver it used (nil when no
// input is a path).
func linkTargetsOf(inputs []event.Input) ([]event.Input, *realpath.Resolver) {
	userHome, _ := home.UserHome()
	var res *realpath.Resolver    // one per call: a command's paths share directories
	var known map[string][]string // a path read and touched is walked once
	out, _ := followedBy(inputs, func(in event.Input) ([]string, error) {
		if !isPath(in.Kind) {
			return nil, nil
		}
		if res == nil {
			res = realpath.NewResolver(userHome)
			known = map[string][]string{}
		}
		guess := in.Kind != event.KindTouch
		key := in.Text
		if !guess {
			key = "\x00" + key // a touch's targets are not a read's
		}
		reals, ok := known[key]
		if !ok {
			reals = linkTargets(res, in.Text, guess)
			known[key] = reals
		}
		return reals, nil
	})
	return out, res
}

// followedBy returns inputs with each followed by inputs of its kind for the
// texts more returns for it: inputs itself, not a copy, when more returns
// none for any; an error of more is returned as it is.
func followedBy(inputs []event.Input, more func(event.Input) ([]string, error)) ([]event.Input, error) {
	var out []event.Input // nil until an input has more
	for i, in := range inputs {
		texts, err := more(in)
		if err != nil {
			return nil, err
		}
		if len(texts) > 0 && out == nil {
			out = append(make([]event.Input, 0, len(inputs)+len(texts)), inputs[:i]...)
		}
		if out != nil {
			out = append(out, in)
			for _, t := range texts {
				more := in // Via, Opaque, ByFiles, Bare: the same path's
				more.Text = t
				out = append(out, more)
			}
		}
	}
	if out == nil {
		return inputs, nil
	}
	return out, nil
}

// isPath reports whether inputs of kind k name a file.
func isPath(k event.Kind) bool {
	return k == event.KindRead || k == event.KindWrite || k == event.KindTouch
}

// linkTargets returns the other paths p may lead to (see withLinkTargets);
// without guess, only where links lead today (realpath.Resolver.Current).
func linkTargets(res *realpath.Resolver, p string, guess bool) []string {
	dir, tail := cutTree(p)
	var reals []string
	targets := res.Targets
	if !guess {
		targets = res.Current
	}
	join := func(d string) string {
		if tail == "" {
			return d
		}
		return strings.TrimRight(d, "/") + tail
	}
	for _, t := range targets(dir) {
		reals = append(reals, join(t))
		for _, g := range res.Glob(t) {
			// A pattern after LINK/..: where the link leads, or a
			// directory it may (up3 -> /proc/self/cwd).
			reals = append(reals, join(g))
		}
	}
	// A pattern names the files the shell expands it to: cat
	// ~/.ss?/id_rsa reads ~/.ssh/id_rsa.
	for _, g := range res.Glob(dir) {
		reals = append(reals, join(g))
		for _, t := range targets(g) {
			reals = append(reals, join(t))
		}
	}
	return reals
}

// cutTree splits a path that stands for a tree, DIR/** or DIR/**/NAME, into
// DIR and the rest ("/" is the root's DIR); any other path is its own DIR.
func cutTree(p string) (dir, tail string) {
	if d, ok := strings.CutSuffix(p, "/**"); ok {
		tail = "/**"
		p = d
	} else if i := strings.LastIndex(p, "/**/"); i >= 0 && !strings.ContainsAny(p[i+4:], `/\`) && p[i+4:] != "" {
		tail = p[i:]
		p = p[:i]
	}
	if p == "" && tail != "" {
		p = "/" // /**: the root's
	}
	return p, tail
}

// failure is a reason to block without a verdict: what to show and what to
// record.
type failure struct {
	rule  string
	shown string // the stderr message: what went wrong and what to fix
	log   string // the recorded reason: no input text, no policy content
}

// runner is the state of one Run.
type runner struct {
	cfg      Config
	payload  []byte
	parsed   agent.Payload
	agent    string
	event    string
	hook     string
	stage    agent.Stage
	tool     string // best effort, for the record of a payload that fails to parse
	call     *agent.Call
	version  string
	recorded bool // a record was appended
	// For a payload guard could not decode: what a skim of it found, and
	// for one over MaxPayload the hash of what was read.
	skim        *agent.Skim
	payloadHash []byte
}

// outcome is what the checks of one call decided.
type outcome struct {
	call    *agent.Call
	verdict event.Verdict
	// For a tool result that must not reach the model as it is: Action
	// (redacted or withheld), the replacement in the result's own shape
	// (agent A) and the text that takes its place (agent C).
	action      string
	replacement []byte
	text        string
	redacted    []string // rules whose values were redacted
	retried     bool     // a finding at a response the client already retries: noted, not blocked
	whole       bool     // the result is withheld whole, never redacted (searchLines)
	fail        *failure
}

// Run handles one hook call and returns the process exit code. It never
// panics and never returns a code other than 0 or 2.
func Run(cfg Config) (code int) {
	stack.Grow() // the walker recurses (package stack)
	cfg.fill()
	ignoreSIGPIPE()
	r := &runner{cfg: cfg}
	defer func() {
		if recover() != nil {
			code = r.fail(panicFailure())
		}
	}()
	return r.run()
}

// panicFailure is the failure of a panic. Its value is neither shown nor
// recorded: it might quote the input.
func panicFailure() failure {
	return failure{
		rule:  RuleInternalError,
		shown: "guard hit an internal error (a panic); please report it with the output of 'guard --version' and the hook event",
		log:   "internal error: panic",
	}
}

func (r *runner) run() int {
	switch r.cfg.Agent {
	case "", agent.A, agent.B, agent.C:
	default:
		return r.fail(failure{
			rule:  RuleInvalidPayload,
			shown: fmt.Sprintf("unknown agent %q: --agent takes a, b or c", r.cfg.Agent),
			log:   "unknown --agent value",
		})
	}
	r.agent = r.cfg.Agent
	data, err := r.readPayload()
	if err != nil {
		return r.fail(payloadFailure(err))
	}
	r.payload = data
	p, err := agent.Decode(data)
	if err != nil {
		r.sniff(agent.Sniff(data))
		return r.fail(payloadFailure(err))
	}
	r.parsed = p
	if r.agent == "" {
		if r.agent, err = agent.Detect(p, r.cfg.Getenv); err != nil {
			return r.fail(payloadFailure(err))
		}
	}
	r.event = agent.EventName(r.agent, p, r.cfg.Getenv)
	r.hook, _ = agent.HookFor(r.agent, r.event)
	r.stage = agent.StageOf(r.agent, r.event)
	r.tool = agent.ToolName(p)

	pol, version, err := r.cfg.LoadPolicy()
	if err != nil {
		return r.fail(failure{
			rule:  RulePolicyError,
			shown: fmt.Sprintf("%v; %s", err, policy.Hint(err)),
			log:   "the policy could not be loaded",
		})
	}
	r.version = version

	o, ok, code := r.checkWithin(pol)
	if !ok {
		return code // the watchdog answered
	}
	if o.fail != nil {
		return r.fail(*o.fail)
	}
	r.call = o.call
	return r.conclude(o)
}

// checkWithin runs the checks of the call under the check time-out, on the
// calling goroutine. ok is false when they did not finish in time: a
// watchdog (time.AfterFunc, which starts no goroutine unless it fires) has
// then answered with the time-out's block and ended the process
// (Config.Exit), and code is that answer's exit code. A second goroutine
// that ran the checks while this one waited cost every call two thread
// hand-overs; the watchdog costs a timer.
func (r *runner) checkWithin(pol Policy) (o outcome, ok bool, code int) {
	if r.cfg.CheckTimeout < 0 {
		return r.checkContained(pol), true, 0
	}
	var decided atomic.Bool // set by the first of the checks and the watchdog to finish
	answered := make(chan struct{})
	t := time.AfterFunc(r.cfg.CheckTimeout, func() {
		if !decided.CompareAndSwap(false, true) {
			return
		}
		defer close(answered) // reached only where Exit returns: tests
		defer func() {
			if recover() != nil {
				code = 2 // no answer could be written; exit 2 still blocks a call
			}
			r.cfg.Exit(code)
		}()
		code = r.fail(failure{
			rule:  RuleInternalError,
			shown: fmt.Sprintf("checking the call took longer than %s; guard blocks what it cannot finish checking", r.cfg.CheckTimeout),
			log:   "checks timed out",
		})
	})
	o = r.checkContained(pol)
	t.Stop()
	if decided.CompareAndSwap(false, true) {
		return o, true, 0
	}
	<-answered
	return outcome{}, false, code
}

// checkContained is check with a panic in it turned into the failure of a
// panic, so that the watchdog's answer and this one never both go out.
func (r *runner) checkContained(pol Policy) (o outcome) {
	defer func() {
		if recover() != nil {
			f := panicFailure()
			o = outcome{fail: &f}
		}
	}()
	return r.check(pol)
}

// check parses the payload and decides. It touches no state of r that the
// caller reads while it may still run.
func (r *runner) check(pol Policy) outcome {
	opt := agent.Options{Getenv: r.cfg.Getenv, Getwd: r.cfg.Getwd, ReadTranscript: r.cfg.ReadTranscript,
		AccountHome: accountTilde}
	call, err := agent.Parse(r.agent, r.parsed, opt)
	if err != nil {
		f := payloadFailure(err)
		return outcome{fail: &f}
	}
	o := outcome{call: call, verdict: event.Verdict{Decision: event.Allow}}
	prot := newProtected(pol)
	if fu, ok := pol.(filesUser); ok {
		// The policy's own analysis of a command reads the files it runs
		// as the hook's does.
		fu.UseFiles(filesWith(call, opt, prot))
	}
	if cu, ok := pol.(interface{ UseCwd(string) }); ok {
		// The project's hook files name programs the client runs later.
		cu.UseCwd(call.Cwd)
	}
	checked, ran, res, revBlock, err := expand(call, opt, prot)
	if err == nil {
		// A write of an agent's context file reads what it imports.
		raw, _ := agent.Member(r.parsed, "tool_input")
		h, _ := home.UserHome()
		imports, block := contextToolReads(call, raw, h, agent.BaseDir(call, opt))
		checked = append(slices.Clip(checked), imports...)
		if revBlock == nil {
			revBlock = block
		}
		checked, err = withHardLinks(checked, pol, res)
	}
	if err == nil && call.Joined != nil {
		// A secret split across the texts the model reads together.
		checked = append(slices.Clip(checked), call.Joined...)
	}
	if err != nil {
		f := payloadFailure(err)
		return outcome{call: call, fail: &f}
	}
	if len(checked) > 0 {
		if o.verdict, err = pol.Evaluate(checked); err != nil {
			f := evalFailure(err)
			return outcome{call: call, fail: &f}
		}
	}
	if !o.verdict.Blocked() && !call.Logging {
		if f, hit := afterRules(call, checked, revBlock, agent.BaseDir(call, opt)); hit {
			o.verdict.Decision, o.verdict.Finding = event.Block, f
		}
	}
	if !call.Logging && (!o.verdict.Blocked() || policy.Redactable(o.verdict.Finding)) {
		if err := r.searchResult(pol, opt, &o); err != nil {
			f := evalFailure(err)
			return outcome{call: call, fail: &f}
		}
	}
	if o.verdict.Blocked() {
		o.verdict.Finding = ranNote(o.verdict.Finding, ran)
	}
	if !o.verdict.Blocked() || call.Logging {
		return o
	}
	if call.Stage == agent.StageResponse && call.Retry {
		o.retried = true
		return o
	}
	if call.Result != nil {
		if err := r.withhold(pol, &o); err != nil {
			f := evalFailure(err)
			return outcome{call: call, fail: &f}
		}
	}
	return o
}

// searchResult withholds whole a content search's result that holds lines
// of a protected file or of a secret: the redaction of another secret
// would leave them.
func (r *runner) searchResult(pol Policy, opt agent.Options, o *outcome) error {
	call := o.call
	scope, trees, counts := resultScope(call, r.parsed, opt)
	if f, hit := searchLines(call); hit {
		o.verdict.Decision, o.verdict.Finding, o.whole = event.Block, f, true
		return nil
	}
	f, hit, err := searchReads(call, pol, scope, trees, counts)
	if hit && err == nil {
		o.verdict.Decision, o.verdict.Finding, o.whole = event.Block, f, true
	}
	return err
}

// evalFailure is the failure of an evaluation error.
func evalFailure(err error) failure {
	return failure{
		rule:  RuleInternalError,
		shown: fmt.Sprintf("evaluation failed: %v; run 'guard explain' to check the active rules", err),
		log:   "evaluation failed",
	}
}

// withhold decides what reaches the model of a tool result that blocked:
// the result with each secret (and PII value the policy blocks) replaced by
// a [REDACTED:<rule>] marker when that leaves nothing the checks find,
// else none of it (injection, a finding in an object key, anything a
// redaction cannot clean).
func (r *runner) withhold(pol Policy, o *outcome) error {
	call, res := o.call, o.call.Result
	if policy.Redactable(o.verdict.Finding) && !o.whole {
		texts := make([]string, res.Texts)
		clean := true
		changed := false
		for i := range texts {
			in := call.Inputs[res.First+i]
			red, rules, err := pol.Redact(in.Kind, in.Text)
			if err != nil {
				return err
			}
			if len(rules) > 0 {
				changed = true
				if res.IsKey(i) {
					clean = false
				}
			}
			texts[i] = red
			for _, rule := range rules {
				if !slices.Contains(o.redacted, rule) {
					o.redacted = append(o.redacted, rule)
				}
			}
		}
		if clean && call.Joined != nil {
			var across bool
			var err error
			if texts, across, clean, err = redactJoined(pol, res, call.Joined[0].Kind, texts, &o.redacted); err != nil {
				return err
			}
			changed = changed || across
		}
		if clean && changed {
			again := append([]event.Input(nil), call.Inputs...)
			for i, t := range texts {
				again[res.First+i].Text = t
			}
			for _, sg := range res.Segments(texts) {
				again = append(again, event.Input{Kind: call.Inputs[res.First].Kind, Text: sg.Text})
			}
			if j := res.KeyJoins(texts); j != "" {
				again = append(again, event.Input{Kind: call.Inputs[res.First].Kind, Text: j})
			}
			v, err := pol.Evaluate(again)
			if err != nil {
				return err
			}
			if !v.Blocked() {
				out, err := res.Rewrite(texts)
				if err != nil {
					return err
				}
				o.action, o.replacement = event.ActionRedacted, out
				o.text = "[guard] redacted " + strings.Join(o.redacted, ", ") + " from this result; the rest follows:\n" + res.LLMText(texts)
				return nil
			}
		}
	}
	o.redacted = nil
	o.action = event.ActionWithheld
	notice := withheldNotice(o.verdict.Finding.Reason, o.verdict.Finding.Explain)
	o.replacement = res.Withheld(notice)
	o.text = notice
	// The replacement keeps the result's plain keys (its shape): when the
	// checks refuse one of them (a secret or an injection as a key), the
	// notice alone takes the result's place.
	if kept := agent.KeptText(o.replacement, notice); kept != "" && res.First < len(call.Inputs) {
		v, err := pol.Evaluate([]event.Input{{Kind: call.Inputs[res.First].Kind, Text: kept}})
		if err != nil {
			return err
		}
		if v.Blocked() {
			o.replacement = res.NoticeOnly(notice)
		}
	}
	return nil
}

// redactJoined redacts what the checks find in the texts of res joined as
// the model reads them (Result.Segments) but in no text alone: a secret a
// command split across stdout and stderr. Every text the redacted part of
// a segment touches has its part in it replaced by a [REDACTED:<rule>]
// marker; the rules are added to redacted (each text was redacted alone
// already, so what a segment still holds spans texts: a key in one, its
// value in the next). changed says a text was replaced;
// clean is false when the redaction cannot be expressed (it touches an
// object key), or when more secrets cross boundaries than guard redacts
// (maxJoinedRedactions): the result is then withheld.
func redactJoined(pol Policy, res *agent.Result, k event.Kind, texts []string, redacted *[]string) (out []string, changed, clean bool, err error) {
	for range maxJoinedRedactions {
		var found bool
		for _, sg := range res.Segments(texts) {
			red, rules, err := pol.Redact(k, sg.Text)
			if err != nil {
				return texts, changed, false, err
			}
			if len(rules) == 0 {
				continue
			}
			lo, hi := changedSpan(sg.Text, red)
			var key bool
			texts, key, _ = res.RedactSegment(texts, sg, lo, hi, "[REDACTED:"+rules[0]+"]")
			for _, rule := range rules {
				if !slices.Contains(*redacted, rule) {
					*redacted = append(*redacted, rule)
				}
			}
			if key {
				return texts, true, false, nil
			}
			changed, found = true, true
			break // the texts changed: their segments are taken again
		}
		if !found {
			return texts, changed, true, nil
		}
	}
	return texts, changed, false, nil
}

// maxJoinedRedactions bounds the secrets redacted across the boundaries of
// one result's texts.
const maxJoinedRedactions = 16

// changedSpan returns the bytes [lo, hi) of a that b replaces: a and b
// agree before lo and after hi.
func changedSpan(a, b string) (lo, hi int) {
	n := min(len(a), len(b))
	for lo < n && a[lo] == b[lo] {
		lo++
	}
	s := 0
	for s < n-lo && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	return lo, len(a) - s
}

// redactedNote says which rules' values were replaced.
func redactedNote(rules []string) string {
	return "replaced every " + strings.Join(rules, ", ") + " value with a [REDACTED:<rule>] marker"
}

// withheldNotice is the text a withheld result is replaced by: the reason
// and, when there is one, guard's explanation on a line of its own.
func withheldNotice(reason, explain string) string {
	notice := "[guard] withheld this result: " + agent.OneLine(reason)
	if explain != "" {
		notice += "\n[guard] " + agent.OneLine(explain)
	}
	return notice
}

// conclude records the call's outcome and answers.
func (r *runner) conclude(o outcome) int {
	call, v := o.call, o.verdict
	rec := r.record(call.Inputs)
	var notes []event.Finding
	switch {
	case call.Logging || o.retried:
		// Logging hooks never block; a response the client already
		// retries is not blocked again: every finding is only recorded.
		if v.Blocked() {
			notes = append(notes, v.Finding)
		}
		notes = append(notes, v.Notes...)
	default:
		notes = v.Notes
	}
	rec.Findings = ruleNames(notes)
	blocked := v.Blocked() && !call.Logging && !o.retried
	reason, explain := v.Finding.Reason, v.Finding.Explain
	if blocked {
		rec.Verdict = string(event.Block)
		rec.Rule = v.Finding.Rule
		rec.Reason = v.Finding.LogReason
		rec.Action = o.action
		for _, rule := range o.redacted {
			if rule != rec.Rule && !slices.Contains(rec.Findings, rule) {
				rec.Findings = append(rec.Findings, rule)
			}
		}
		switch {
		case o.action == event.ActionRedacted:
			reason += "; guard " + redactedNote(o.redacted) + " and passed the rest of the result on"
			rec.Reason += "; redacted"
		case o.action == event.ActionWithheld:
			reason += "; guard withheld the whole result"
			rec.Reason += "; withheld"
		case call.Stage == agent.StageResponse:
			reason += "; answer again without it"
		}
	}
	if err := r.append(rec); err != nil {
		return r.fail(failure{
			shown: fmt.Sprintf("cannot write the audit log: %v; %s", err, auditHint(err)),
		})
	}
	if o.retried {
		io.WriteString(r.cfg.Stderr, "[guard] NOTE: "+agent.OneLine(v.Finding.Reason)+
			"; not blocked again: the agent is already answering again after a block (stop_hook_active), and another block would loop\n")
	}
	switch {
	case !blocked:
		return r.answer(agent.Allow(r.agent), "", "", rec, false)
	case o.action != "":
		return r.answer(agent.Withhold(r.agent, call.Tool, reason, explain, o.replacement, o.text), reason, explain, rec, true)
	}
	return r.answer(agent.Deny(r.agent, call.Stage, reason, explain), reason, explain, rec, true)
}

// readPayload reads standard input, at most MaxPayload bytes, within the
// time-out (readWithin). A larger payload is read on only through a skim
// (and its hash, for the record): it is blocked, in the form its event
// needs.
func (r *runner) readPayload() ([]byte, error) {
	var over overflow
	data, err := readWithin(r.cfg.Stdin, MaxPayload, r.cfg.StdinTimeout, &over)
	if errors.Is(err, errTooLarge) {
		r.sniff(&over.skim)
		r.payloadHash = over.hash.Sum(nil)
		return nil, &agent.Error{Limit: true, Problem: fmt.Sprintf("is larger than %d MiB: guard blocks what it cannot read whole", MaxPayload>>20)}
	}
	if errors.Is(err, errStdinTimeout) {
		return nil, &agent.Error{Problem: fmt.Sprintf("did not arrive within %s: standard input stayed open", r.cfg.StdinTimeout)}
	}
	if err != nil {
		return nil, &agent.Error{Problem: "could not be read from standard input: " + errText(err)}
	}
	return data, nil
}

// overflow takes a payload over MaxPayload: a skim of it, and its hash.
type overflow struct {
	skim agent.Skim
	hash hash.Hash
}

func (o *overflow) Write(p []byte) (int, error) {
	if o.hash == nil {
		o.hash = sha256.New()
	}
	o.hash.Write(p)
	return o.skim.Write(p)
}

// sniff takes the answer's form from what a skim of a payload guard could
// not decode found: at agent A's tool result only a JSON answer withholds.
// It only picks the form of the block, and the tool the record names.
func (r *runner) sniff(s *agent.Skim) {
	r.skim = s
	sniffed, name := s.Event(r.cfg.Getenv)
	if r.agent == "" {
		r.agent = sniffed
	}
	if r.agent != "" {
		r.event = name
		r.hook, _ = agent.HookFor(r.agent, name)
		r.stage = agent.StageOf(r.agent, name)
	}
	r.tool = s.Tool()
}

// payloadFailure describes a payload error. Its text names fields, never
// their values, so it is both shown and recorded. A payload past one of
// guard's bounds gets no hint about its form: it says what guard could not
// read.
func payloadFailure(err error) failure {
	shown := fmt.Sprintf("%v; guard expects the agent's hook payload, one JSON object, on standard input (check the hook command in the agent's settings, or run 'guard init')", err)
	if e := (*agent.Error)(nil); errors.As(err, &e) && e.Limit {
		shown = err.Error()
	}
	return failure{rule: RuleInvalidPayload, shown: shown, log: err.Error()}
}

// record starts the audit record of this call.
func (r *runner) record(inputs []event.Input) *event.Record {
	hash, tokens := digest(inputs)
	hook := r.hook
	if hook == "" {
		hook = event.HookPreToolUse // the event is unknown: the call was blocked before it ran
	}
	rec := &event.Record{
		TS:            r.cfg.Now().UTC().Format("2006-01-02T15:04:05.000Z07:00"),
		Hook:          hook,
		Verdict:       string(event.Allow),
		User:          r.cfg.User(),
		Host:          r.cfg.Host(),
		Repo:          r.cfg.Repo(r.repoDir()),
		InputHash:     hash,
		TokensIn:      tokens,
		PolicyVersion: r.version,
		Agent:         r.agent,
		Event:         name(r.event),
		Tool:          name(r.tool),
	}
	if r.call != nil {
		rec.Tool = name(r.call.Tool)
		rec.Tag = r.call.Tag
	}
	return rec
}

// MaxName bounds an event or tool name as recorded.
const MaxName = 128

// name returns an event or tool name from the payload as it is recorded:
// unchanged when it looks like a name (at most MaxName bytes of ASCII
// letters, digits and _ - . : / @, e.g. mcp__github__create_issue) and
// holds no secret or PII value (policy.Sensitive), else event.Redacted. The
// payload decides these values, so a sentence, a secret or a long blob is
// never stored, and a record stays short.
func name(s string) string {
	if len(s) > MaxName {
		return event.Redacted
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '_', c == '-', c == '.', c == ':', c == '/', c == '@':
		default:
			return event.Redacted
		}
	}
	// A name joins its words with _ and its parts with __
	// (mcp__server__tool): the detectors' word boundaries are looked for
	// at both.
	if s == "" || agent.KnownName(s) {
		return s // an agent's own event or tool name: clean (TestKnownNamesClean)
	}
	// Each spelling once: a name without _ is all three.
	for i, t := range [...]string{s, strings.ReplaceAll(s, "__", " "), strings.ReplaceAll(s, "_", " ")} {
		if (i == 0 || t != s) && policy.Sensitive(t) {
			return event.Redacted
		}
	}
	return s
}

// repoDir is the directory whose repository the record names: the payload's
// cwd, else agent B's project directory, else the process working directory.
func (r *runner) repoDir() string {
	dir := ""
	if r.call != nil {
		dir = r.call.Cwd
	}
	if dir == "" && r.agent == agent.B {
		dir = r.cfg.Getenv(agent.EnvAgentBProjectDir)
	}
	wd, err := r.cfg.Getwd()
	if err != nil {
		wd = ""
	}
	if dir == "" {
		return wd
	}
	if !filepath.IsAbs(dir) && wd != "" {
		dir = filepath.Join(wd, dir)
	}
	return dir
}

func (r *runner) append(rec *event.Record) error {
	path, err := r.cfg.AuditPath()
	if err != nil {
		return err
	}
	if err := r.cfg.Append(path, rec); err != nil {
		return err
	}
	r.recorded = true
	return nil
}

// answer writes a to the agent; on a block also the BLOCKED line, then hands
// the record to Notify.
func (r *runner) answer(a agent.Answer, reason, explain string, rec *event.Record, blocked bool) int {
	if blocked {
		io.WriteString(r.cfg.Stderr, agent.BlockedLines(reason, explain))
	}
	if len(a.Stdout) > 0 {
		if _, err := r.cfg.Stdout.Write(a.Stdout); err != nil {
			// The agent cannot read the answer: block by exit code.
			io.WriteString(r.cfg.Stderr, agent.BlockedLine("cannot write the answer to standard output: "+errText(err)))
			a.Code = agent.ExitBlock
		}
	}
	if blocked && rec != nil && r.cfg.Notify != nil {
		r.notify(*rec)
	}
	return a.Code
}

// notify calls Notify, containing a panic: the webhook never changes the
// verdict.
func (r *runner) notify(rec event.Record) {
	defer func() { _ = recover() }()
	r.cfg.Notify(rec)
}

// fail blocks the call because it could not be checked. It records the
// failure when f has a rule and nothing was recorded yet, and answers with
// exit code 2.
func (r *runner) fail(f failure) int {
	shown := f.shown
	var rec *event.Record
	if f.rule != "" && !r.recorded {
		rec, shown = r.recordFailure(f)
	}
	var replacement []byte
	agentName, stage := r.failForm()
	if agentName == agent.A && stage == agent.StageResult {
		notice := withheldNotice(shown, "")
		if raw, ok := agent.Member(r.parsed, "tool_response"); ok || r.skim == nil {
			replacement = agent.WithheldRaw(raw, notice)
		} else {
			replacement = r.skim.Withheld(notice)
		}
	}
	return r.answer(agent.Fail(agentName, r.tool, stage, shown, replacement), shown, "", rec, true)
}

// failForm returns the agent and stage whose answer form a failure takes:
// the call's, except where agent A's event is uncertain (the payload and
// $AGENT_A_HOOK_EVENT name different events). No one
// answer acts under both a tool call and a tool result: the client
// refuses whole a JSON answer naming another event than its own (a
// PreToolUse would run the tool) and ignores exit 2 after the tool ran.
// So what the payload carries decides: a tool_response means the tool
// ran, and only the JSON answer withholding it acts; without one there is
// no result to withhold, and exit 2 stops a call before it runs.
func (r *runner) failForm() (string, agent.Stage) {
	name, ran := agent.PayloadEvent(r.parsed), false
	_, ran = agent.Member(r.parsed, "tool_response")
	if r.skim != nil {
		name, ran = r.skim.PayloadEvent(), r.skim.HasResult()
	}
	if r.agent != "" && r.agent != agent.A || !agent.EventUncertain(name, r.cfg.Getenv) {
		return r.agent, r.stage
	}
	if ran {
		return agent.A, agent.StageResult
	}
	return agent.A, agent.StageTool
}

// recordFailure appends the record of a failure, best effort. It returns the
// record when written, and the message to show.
func (r *runner) recordFailure(f failure) (rec *event.Record, shown string) {
	shown = f.shown
	defer func() {
		if v := recover(); v != nil {
			rec = nil
		}
	}()
	var inputs []event.Input
	if r.call != nil {
		inputs = r.call.Inputs
	}
	rec = r.record(inputs)
	if r.stage == agent.StageResult && r.agent != agent.B {
		rec.Action = event.ActionWithheld
	}
	if r.call == nil {
		// Nothing was checked: the hash identifies the payload itself (as
		// far as it was read, for one over MaxPayload).
		sum := r.payloadHash
		if sum == nil {
			s := sha256.Sum256(r.payload)
			sum = s[:]
		}
		rec.InputHash = hex.EncodeToString(sum)
		rec.TokensIn = 0
	}
	rec.Verdict = string(event.Block)
	rec.Rule = f.rule
	rec.Reason = f.log
	if err := r.append(rec); err != nil {
		return nil, shown + " (the audit log could not be written either: " + errText(err) + ")"
	}
	return rec, shown
}

// digest returns the input_hash and tokens_in of inputs: SHA-256 of their
// texts joined by NUL bytes, and ceil(bytes/4) of the same.
func digest(inputs []event.Input) (string, int) {
	h := sha256.New()
	n := 0
	var chunk [4096]byte // the hash takes bytes: texts go through it a chunk at a time, not copied whole
	for i, in := range inputs {
		if i > 0 {
			h.Write([]byte{0})
			n++
		}
		for t := in.Text; t != ""; {
			c := copy(chunk[:], t)
			h.Write(chunk[:c])
			t = t[c:]
		}
		n += len(in.Text)
	}
	return hex.EncodeToString(h.Sum(nil)), (n + 3) / 4
}

func ruleNames(fs []event.Finding) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range fs {
		if f.Rule != "" && !seen[f.Rule] {
			seen[f.Rule] = true
			out = append(out, f.Rule)
		}
	}
	return out
}

// lookupEnv is os.LookupEnv, with $USER from the account database when the
// environment has none (so ~NAME of the user guard runs as is ~ in a
// container that sets no USER).
//
// "~NAME" (path.OwnTilde's question) is answered from the account database:
// "~" when NAME's home is the user's home, else NAME's home; not known when
// the account cannot be looked up.
func lookupEnv(k string) (string, bool) {
	if name, ok := strings.CutPrefix(k, "~"); ok {
		return accountHome(name, user.Lookup)
	}
	if v, ok := os.LookupEnv(k); ok || k != "USER" {
		return v, ok
	}
	if n := userName(os.Getenv); n != "" {
		return n, true
	}
	return "", false
}

// accountTilde answers agent.Options.AccountHome as lookupEnv answers "~NAME".
func accountTilde(name string) (string, bool) { return lookupEnv("~" + name) }

// maxAccountLookups bounds the account look-ups of one call (~NAME words).
const maxAccountLookups = 8

// accountHomes holds their answers (the hook is one process per call).
var (
	accountHomes = map[string]accountAnswer{}
	accountMu    sync.Mutex
)

type accountAnswer struct {
	home  string
	known bool
}

// accountHome answers lookupEnv's "~NAME": "~" when the home find gives
// NAME (the shell's getpwnam) is $HOME, their real paths compared; else
// that home; not known when the look-up fails or the bound is spent.
func accountHome(name string, find func(string) (*user.User, error)) (string, bool) {
	accountMu.Lock()
	defer accountMu.Unlock()
	if a, ok := accountHomes[name]; ok {
		return a.home, a.known
	}
	if len(accountHomes) >= maxAccountLookups {
		return "", false
	}
	var a accountAnswer
	u, err := find(name)
	if home := os.Getenv("HOME"); err == nil && u.HomeDir != "" && home != "" {
		a = accountAnswer{u.HomeDir, true}
		if sameDir(u.HomeDir, home) {
			a.home = "~"
		}
	}
	accountHomes[name] = a
	return a.home, a.known
}

// sameDir reports whether a and b are one directory, their links resolved.
func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}

// userName is the OS user: $USER, $USERNAME or $LOGNAME, else the account
// database.
func userName(getenv func(string) string) string {
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		if v := getenv(k); v != "" {
			return v
		}
	}
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return ""
}

// auditHint says how to fix an audit log that cannot be written.
func auditHint(err error) string {
	if errors.Is(err, audit.ErrNotRegular) {
		return "move it away: guard creates a new log, a regular file"
	}
	if errors.Is(err, auditsock.ErrUnreachable) {
		return "the 'guard run' process that started this agent is gone or stuck; quit the agent and start it again under 'guard run'"
	}
	if errors.Is(err, audit.ErrLockTimeout) {
		return "end the process that keeps " + home.AuditName + audit.LockSuffix + " locked (a stuck guard, or a leftover flock)"
	}
	return fmt.Sprintf("make guard's directory (%s) writable by this user", guardDirHint())
}

func guardDirHint() string {
	if d, err := home.Dir(); err == nil {
		return d
	}
	return "~/.guard"
}

// errText is err's message without the path of an *fs.PathError, so that it
// can be recorded.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	return err.Error()
}

// ReadTail returns the last max bytes of the regular file at path, and
// whether the file holds more than that (then the first line of the tail is
// cut). Errors do not name the path.
func ReadTail(path string, max int64) ([]byte, bool, error) {
	f, err := regularfile.Open(path)
	if errors.Is(err, regularfile.ErrNotRegular) {
		return nil, false, regularfile.ErrNotRegular
	}
	if err != nil {
		return nil, false, errors.New(errText(err))
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, false, errors.New(errText(err))
	}
	off := int64(0)
	if fi.Size() > max {
		off = fi.Size() - max
	}
	// One read of the tail, into a buffer of its size; a file that shrank
	// since the stat gives what it still holds.
	buf := make([]byte, fi.Size()-off)
	n, err := f.ReadAt(buf, off)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, false, errors.New(errText(err))
	}
	return buf[:n], off > 0, nil
}
