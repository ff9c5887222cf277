package policy

import (
	"errors"
	"fmt"
	"io"
	"os"
	gopath "path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/command"
	"github.com/guardhq/guard/internal/detect/injection"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/pii"
	"github.com/guardhq/guard/internal/detect/secret"
	urldetect "github.com/guardhq/guard/internal/detect/url"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/shell"
)

// check is one detector run on an input. piiBlocks says, for the PII
// detector, whether a finding blocks or is only noted.
type check struct {
	detector  string
	piiBlocks func(*Policy) bool
}

var (
	blockAlways = func(*Policy) bool { return true }
	onPrompt    = func(p *Policy) bool { return p.PII.BlockOnPrompt }
	inFile      = func(p *Policy) bool { return p.PII.BlockInFileContent }
	onResponse  = func(p *Policy) bool { return p.PII.BlockOnResponse }
)

// plan maps each kind of input to the detectors it needs, in the order of the
// spec's hook tables. The logging kinds report PII as blocking; the hook path
// turns every finding of a logging hook into a note. Built on first use: a
// map literal is built at every process start.
var plan = sync.OnceValue(func() map[event.Kind][]check {
	return map[event.Kind][]check{
		event.KindPrompt:      {{event.DetectorInjection, nil}, {event.DetectorPII, onPrompt}},
		event.KindCommand:     {{event.DetectorCommands, nil}, {event.DetectorInjection, nil}},
		event.KindRead:        {{event.DetectorPaths, nil}},
		event.KindWrite:       {{event.DetectorPaths, nil}},
		event.KindTouch:       {{event.DetectorPaths, nil}},
		event.KindURL:         {{event.DetectorURLs, nil}},
		event.KindQuery:       {{event.DetectorInjection, nil}},
		event.KindFileContent: {{event.DetectorInjection, nil}, {event.DetectorSecrets, nil}, {event.DetectorPII, inFile}},
		event.KindWebContent:  {{event.DetectorInjection, nil}, {event.DetectorSecrets, nil}},
		event.KindResponse:    {{event.DetectorSecrets, nil}, {event.DetectorPII, onResponse}},
		event.KindToolInput:   {{event.DetectorSecrets, nil}, {event.DetectorInjection, nil}},
		event.KindToolOutput:  {{event.DetectorInjection, nil}, {event.DetectorPII, blockAlways}},
		event.KindToolResult:  {{event.DetectorSecrets, nil}},
		event.KindShellOutput: {{event.DetectorSecrets, nil}, {event.DetectorPII, blockAlways}},
		event.KindOutput:      {{event.DetectorInjection, nil}, {event.DetectorSecrets, nil}},
	}
})

// Detectors returns the names of the detectors that inputs of kind k run
// through, in order; nil for an unknown kind.
func Detectors(k event.Kind) []string {
	var names []string
	for _, c := range plan()[k] {
		names = append(names, c.detector)
	}
	return names
}

// detectors holds each detector, built the first time an input needs it.
type detectors struct {
	mu         sync.Mutex
	commands   *command.Detector
	readPaths  *path.Detector
	writePaths *writeChecker
	touchPaths *writeChecker
	// bareTouchPaths are the touch rules of a single hidden name the
	// command wrote bare (event.Input.Bare).
	bareTouchPaths *writeChecker
	linkDirs       []string // the PATH directories whose links the write rules follow
	outsideDirs    []string // writable PATH directories outside the home (startup.go), compiled lazily
	userFiles      []string // the start-up files and the files they source (userText)
	userReal       []string // where they really are (userFiles)
	// realDirs is where each directory of a path glob really is
	// (linkVariants).
	realDirs map[string]string
	// homeEntries is the home directory's listing (homeEntry), and
	// homeListed whether it was read whole.
	homeEntries map[string]int
	homeListed  bool
	urls        *urldetect.Detector
	pii         *pii.Detector
	secrets     *secret.Detector
	injection   *injection.Detector
	// injectionClf is injection with the classifier stage, for every kind
	// but commands.
	injectionClf *injection.Detector
	// progs are the programs the clients run later (hookprograms.go) as
	// block globs; progsRead says they were looked up. unreadHooks are
	// the globs protected whole because a hook file there could not be
	// read (hookDir).
	progs, unreadHooks []string
	progsRead          bool
	// markets are the local plugin marketplaces the hook files read name,
	// not yet followed; pluginRoots the plugin and extension directories
	// read (hookplugins.go).
	markets, pluginRoots []string
	// progDirs are the directories whose hook files progs come from;
	// dirProgs the programs of the hook files of each other directory a
	// written path lies in, projectProgs all of those, projectRules their
	// compiled sets (hookprojects.go).
	progDirs     []string
	projectTop   string // the top of the cwd's repository, or the cwd
	dirProgs     map[string][]string
	projectProgs []string
	projectRules map[string]*path.Detector
	// hooks are the repositories' hooks directories looked up, for every
	// write checker (one read of the git configuration a call).
	hooks *hooksDirs
	// broken is set when a panic interrupted a build under mu: what it
	// left is not to be trusted, and every later detector fails closed.
	broken bool
}

// Evaluate checks inputs in order. For each input the detectors its kind needs
// run in the spec's order (allow lists are consulted inside a detector before
// its block rules); the first block wins and stops evaluation. Findings that
// do not block (PII where the policy says so) are returned as notes.
//
// An error (an unknown kind, a detector that cannot be built) means the
// caller must block: guard fails closed.
//
// A command is parsed (internal/shell) and its block rules see, besides the
// command as written, the commands it runs, normalised; with bash.match
// "commands" they, and the injection scan, see only those. A command that
// cannot be parsed or checked whole blocks (see command.RuleUnchecked).
func (p *Policy) Evaluate(inputs []event.Input) (event.Verdict, error) {
	v := event.Verdict{Decision: event.Allow}
	// A write only the glob of the home's hidden files meets blocks last:
	// another input's finding says more (~/.bashrc, a name guard cannot
	// work out).
	var later *event.Input
	var laterFinding event.Finding
	// A command blocked only because guard cannot tell what a program
	// does with words handed to it (shell.Unsure) blocks after the other
	// inputs: a path its own words write says more.
	var unsure *event.Input
	var unsureFinding event.Finding
	var unsureSh *shell.Analysis
	for _, in := range inputs {
		checks, ok := plan()[in.Kind]
		if !ok {
			return event.Verdict{}, fmt.Errorf("evaluate: unknown input kind %q", in.Kind)
		}
		if in.Kind == event.KindOutput && !p.Results.ScanAll {
			continue
		}
		if in.ByFiles != "" {
			if mine, err := p.userText(strings.Split(in.ByFiles, "\n")); err != nil {
				return event.Verdict{}, err
			} else if mine {
				continue // the user's files touch it, not the command
			}
		}
		var sh *shell.Analysis // parsed on first need
		analysis := func() *shell.Analysis {
			if sh == nil {
				sh = shell.Analyze(in.Text, shell.Options{Home: p.Home, Files: p.files, Zsh: p.Zsh, Self: p.Self})
			}
			return sh
		}
		for _, c := range checks {
			d, err := p.detector(c.detector, in.Kind)
			if err != nil {
				return event.Verdict{}, err
			}
			if in.Kind == event.KindTouch && in.Bare && c.detector == event.DetectorPaths && d != nil {
				d = p.cache.bareTouchPaths
			}
			if d == nil { // switched off by the policy
				continue
			}
			f, hit := p.check(c.detector, d, in, analysis)
			if !hit {
				continue
			}
			if in.Kind == event.KindTouch {
				f = touchFinding(f)
			}
			if (c.piiBlocks != nil && !c.piiBlocks(p)) || !p.classifierBlocks(f, in.Kind) {
				v.Notes = append(v.Notes, f)
				continue
			}
			if f.Detector == event.DetectorPaths && slices.Contains(homeCatchAll, f.Entry) {
				if later == nil {
					later, laterFinding = &in, f
				}
				continue
			}
			if f.Rule == command.RuleUnchecked && sh != nil && shell.Unsure(sh.Err) {
				if unsure == nil {
					unsure, unsureFinding, unsureSh = &in, f, sh
				}
				continue
			}
			return p.blocked(v, inputs, in, f, sh)
		}
	}
	if later != nil {
		return p.blocked(v, inputs, *later, laterFinding, nil)
	}
	if unsure != nil {
		return p.blocked(v, inputs, *unsure, unsureFinding, unsureSh)
	}
	return v, nil
}

// check runs detector d (called name) on input in, the command's analysis
// parsed on first need: a PowerShell command, the commands rules with
// their allow patterns, the injection scan on what a command runs, an
// opaque read, a written tree, else the detector's own check.
func (p *Policy) check(name string, d checker, in event.Input, analysis func() *shell.Analysis) (event.Finding, bool) {
	switch {
	case in.Kind == event.KindCommand && in.Shell == event.ShellPowerShell && name == event.DetectorCommands:
		return p.checkPowerShell(d.(*command.Detector), in.Text)
	case in.Kind == event.KindCommand && name == event.DetectorCommands:
		return p.checkCommandAllowing(d.(*command.Detector), in.Text, analysis())
	case in.Kind == event.KindCommand && in.Shell == event.ShellPowerShell:
		return d.Check(in.Text) // the injection scan, on the command as written
	case in.Kind == event.KindCommand && name == event.DetectorInjection && p.Bash.Match == MatchCommands:
		// The injection scan follows bash.match: not on data words
		// such as a grep pattern or a commit message.
		text := in.Text
		if a := analysis(); a.Err == nil {
			text = a.Executed()
		}
		return d.Check(text)
	case in.Kind == event.KindRead && in.Opaque != "":
		return p.checkOpaque(d.(*path.Detector), in)
	case (in.Kind == event.KindWrite || in.Kind == event.KindTouch) && name == event.DetectorPaths && writtenTree(in.Text):
		return checkWrittenTree(d, in.Text, p.Home) // treeheld.go
	default:
		return d.Check(in.Text)
	}
}

// blocked returns v blocked by finding f on input in, one of the call's
// inputs (sh: in's analysis, when it is a command that was parsed), with
// the reason that quotes a secret or PII value redacted and the
// explanation.
func (p *Policy) blocked(v event.Verdict, inputs []event.Input, in event.Input, f event.Finding, sh *shell.Analysis) (event.Verdict, error) {
	v.Decision = event.Block
	f.Source = in.Kind
	v.Finding = f
	quote := true
	if quotesInput(f) {
		// The shown reason quotes the command, path or URL host.
		// When that text holds a secret or PII value, show the
		// redacted form instead, and note what was found.
		shown := in
		if in.Kind == event.KindCommand && sh != nil {
			// The reason may quote a normalised line too.
			shown.Text = in.Text + "\n" + sh.Executed()
		}
		hidden, err := p.sensitive(shown)
		if err != nil {
			return event.Verdict{}, err
		}
		switch {
		case hidden != nil:
			v.Finding.Reason = f.LogReason
			v.Notes = append(v.Notes, *hidden)
			quote = false
		case anySensitive(inputs):
			// A value of a kind the policy does not check in this
			// input (PII in a command) is not shown either, nor part
			// of one: the host of a URL taken from a command may hold
			// the end of a value the shell split (https://(555)
			// 867-5309.oast.fun/).
			v.Finding.Reason = f.LogReason
			quote = false
		}
	}
	if quote && in.Via != "" && Sensitive(in.Via) {
		in.Via = ""
	}
	v.Finding.Explain = p.explain(in, v.Finding, quote)
	return v, nil
}

// Redactable reports whether a finding names a value that Redact can cut
// out of its text (a secret or a PII value), as opposed to text that taints
// the whole input (injection).
func Redactable(f event.Finding) bool {
	return f.Detector == event.DetectorSecrets || f.Detector == event.DetectorPII
}

// Redact returns text with every secret — and, where the policy blocks PII
// in inputs of kind k, every PII value of an enabled type — replaced by a
// "[REDACTED:<rule>]" marker, and the names of the rules that matched, in
// order of first match. The caller checks the result again: Redact finds at
// least what Evaluate finds, but a text it cannot clean must be withheld.
func (p *Policy) Redact(k event.Kind, text string) (string, []string, error) {
	var ms []detect.Match
	for _, c := range plan()[k] {
		switch {
		case c.detector == event.DetectorSecrets:
			d, err := p.detector(c.detector, k)
			if err != nil {
				return "", nil, err
			}
			ms = append(ms, d.(*secret.Detector).FindAll(text)...)
		case c.detector == event.DetectorPII && c.piiBlocks != nil && c.piiBlocks(p):
			d, err := p.detector(c.detector, k)
			if err != nil {
				return "", nil, err
			}
			if d != nil {
				ms = append(ms, d.(*pii.Detector).FindAll(text)...)
			}
		}
	}
	if len(ms) == 0 {
		return text, nil, nil
	}
	var rules []string
	for _, m := range ms {
		if !slices.Contains(rules, m.Rule) {
			rules = append(rules, m.Rule)
		}
	}
	detect.SortMatches(ms)
	return detect.Redact(text, ms), rules, nil
}

// UseFiles makes the analysis of a command read the files it runs through
// f (see shell.Options.Files): the hook path sets it for the call it
// checks, before Evaluate. Not for concurrent use with Evaluate.
func (p *Policy) UseFiles(f shell.Files) { p.files = f }

// checkCommand runs the command rules on a command and its analysis;
// allowDone says the allow patterns were applied already (see
// checkCommandAllowing).
func (p *Policy) checkCommand(d *command.Detector, text string, a *shell.Analysis, allowDone bool) (event.Finding, bool) {
	c := command.Command{Text: text, Lines: a.Lines, Parsed: true, LinesOnly: p.Bash.Match == MatchCommands, AllowDone: allowDone}
	var pe *shell.ParseError
	if errors.Is(a.Err, shell.ErrHidden) {
		// Parsed whole; what it runs from elsewhere could not be seen.
		msg := fmt.Sprintf("the command %s; guard blocks what it cannot check",
			strings.TrimSuffix(a.Err.Error(), ": "+shell.ErrHidden.Error()))
		c.Unchecked, c.UncheckedLog = msg, msg
		if logged, ok := shell.HiddenLog(a.Err); ok {
			c.UncheckedLog = fmt.Sprintf("the command %s; guard blocks what it cannot check", logged)
		}
	} else if a.Err != nil && !(errors.As(a.Err, &pe) && pe.Recovered) {
		// Not read whole: the command as written is matched, in both modes.
		c.Parsed, c.LinesOnly = false, false
		c.Unchecked, c.UncheckedLog = unchecked(text, a.Err)
		if c.Unchecked == "" && !parseErrorsBlock && errors.As(a.Err, &pe) && !pe.Recovered {
			// On Windows the command may be PowerShell: read as such, it
			// blocks when it names or may name a protected place.
			c.Unchecked, c.UncheckedLog = p.pwshUnchecked(text, pe.Error())
		}
	}
	if a.ZshErr != nil && c.Unchecked == "" && parseErrorsBlock {
		c.Unchecked, c.UncheckedLog = p.zshUnchecked(a)
	}
	return d.CheckCommand(c)
}

// zshUnchecked says why a command zsh's parser rejects is blocked: it names
// a path the path rules protect (a word of its, a file it reads or writes),
// and what zsh would do with it is not known. Nothing when it names none.
func (p *Policy) zshUnchecked(a *shell.Analysis) (shown, logged string) {
	words := append(append([]string(nil), a.Reads...), a.Writes...)
	for _, c := range a.Commands {
		words = append(words, c.Name)
		for _, arg := range c.Args {
			words = append(words, arg.Text)
		}
	}
	for _, kind := range []event.Kind{event.KindRead, event.KindWrite} {
		d, err := p.detector(event.DetectorPaths, kind)
		if err != nil || d == nil {
			continue
		}
		for _, w := range words {
			if f, hit := d.Check(shell.ExpandEnv(w, os.LookupEnv)); hit {
				const what = "; guard blocks a command it cannot check whole that names a protected path: fix its syntax"
				return fmt.Sprintf("guard cannot parse this command as zsh would (%s), and it names a protected path (%s)%s", a.ZshErr, f.Reason, what),
					fmt.Sprintf("guard cannot parse this command as zsh would (line %d, column %d), and it names a protected path%s", a.ZshErr.Line, a.ZshErr.Col, what)
			}
		}
	}
	return "", ""
}

// unchecked says why a command could not be checked, shown and logged (the
// logged form quotes nothing of the command). It returns nothing for a parse
// error the analysis got past: a command that only stops short (an unclosed
// quote, bracket or here-document at its end, which internal/shell closes
// and analyses whole), or that runs nothing (only blanks, quotes and shell
// punctuation, such as a stray ")").
func unchecked(text string, err error) (shown, logged string) {
	var pe *shell.ParseError
	if errors.As(err, &pe) {
		if pe.Recovered || !runsSomething(text) || !parseErrorsBlock {
			return "", ""
		}
		const what = "; guard blocks a command it cannot check: fix its syntax"
		return fmt.Sprintf("guard cannot parse this command (%s)%s", pe, what),
			fmt.Sprintf("guard cannot parse this command (line %d, column %d)%s", pe.Line, pe.Col, what)
	}
	msg := fmt.Sprintf("the command %s; guard blocks a command it cannot check whole: split it",
		strings.TrimSuffix(err.Error(), ": "+shell.ErrLimit.Error()))
	return msg, msg
}

// parseErrorsBlock says whether a command the bash parser rejects blocks.
// Not on Windows: there an agent's shell may be cmd.exe or PowerShell
// (`if exist x (echo y)`, `IEX (…)`), whose commands bash cannot read; they
// are matched as written instead. A variable for tests.
var parseErrorsBlock = runtime.GOOS != "windows"

// runsSomething reports whether text holds anything a shell could run: a
// character other than blanks, quotes and shell punctuation.
func runsSomething(text string) bool {
	return strings.IndexFunc(text, func(r rune) bool {
		return !unicode.IsSpace(r) && !strings.ContainsRune(";&|()<>{}'\"`", r)
	}) >= 0
}

// quotesInput reports whether f's Reason quotes the checked text: the
// command and path rules do, in the spec's form, and the URL rules quote
// the host (where a secret can stand: https://<token>.oast.fun/).
func quotesInput(f event.Finding) bool {
	return f.Detector == event.DetectorCommands || f.Detector == event.DetectorPaths || f.Detector == event.DetectorURLs
}

// anyValue holds the detectors Sensitive runs: the secrets catalogue and
// every PII type. Built on first use.
var anyValue = sync.OnceValues(func() (*secret.Detector, *pii.Detector) {
	d, err := pii.New(pii.Types())
	if err != nil {
		return secret.New(), nil
	}
	return secret.New(), d
})

// Sensitive reports whether text holds a value of the secrets catalogue or
// of any PII type, whatever a policy enables: text guard shows or records
// beside a verdict that is not the checked input itself (the name of a file
// a command runs, a tool or event name) is shown only when it holds none.
// It needs no policy, so a call blocked before its policy loaded is checked
// alike; without its PII detector it reports every text sensitive.
func Sensitive(text string) bool {
	s, p := anyValue()
	if p == nil {
		return true
	}
	if _, hit := s.Check(text); hit {
		return true
	}
	_, hit := p.Check(text)
	return hit
}

// anySensitive reports whether the text of any of inputs is Sensitive.
func anySensitive(inputs []event.Input) bool {
	for _, in := range inputs {
		if Sensitive(in.Text) {
			return true
		}
	}
	return false
}

// sensitive returns the first secret or PII finding in the text of in, or
// nil. It runs only for a block whose reason would quote that text.
func (p *Policy) sensitive(in event.Input) (*event.Finding, error) {
	for _, name := range []string{event.DetectorSecrets, event.DetectorPII} {
		d, err := p.detector(name, in.Kind)
		if err != nil {
			return nil, err
		}
		if d == nil {
			continue
		}
		if f, hit := d.Check(in.Text); hit {
			return &f, nil
		}
	}
	return nil, nil
}

// checker is what every detector package's Detector provides.
type checker interface {
	Check(text string) (event.Finding, bool)
}

// detector returns the detector called name for inputs of kind k, building it
// on first use; nil when the policy switches it off.
func (p *Policy) detector(name string, k event.Kind) (checker, error) {
	c := &p.cache
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken {
		return nil, errBroken
	}
	built := false
	defer func() {
		if !built {
			c.broken = true // a panic left the rules half built
		}
	}()
	d, err := p.buildDetector(name, k)
	built = true
	return d, err
}

// errBroken is the error of a policy whose rules a panic left half built.
var errBroken = errors.New("the policy's rules could not be built")

// buildDetector is detector's work; the caller holds p.cache.mu.
func (p *Policy) buildDetector(name string, k event.Kind) (checker, error) {
	c := &p.cache
	var err error
	switch name {
	case event.DetectorCommands:
		if !p.Bash.Enabled {
			return nil, nil
		}
		if c.commands == nil {
			rules := make([]command.Rule, len(p.Bash.BlockPatterns))
			for i, r := range p.Bash.BlockPatterns {
				rules[i] = command.Rule{Name: r.Name, Pattern: r.Pattern, Unless: r.Unless, Severity: r.Severity, Description: r.Description,
					Prefilter: builtinPrefilters()[r.Pattern], UnlessPrefilter: builtinPrefilters()[r.Unless]} // nil for a pattern of the user's own
			}
			c.commands, err = command.New(rules, p.Bash.AllowPatterns)
		}
		return nilIfErr(c.commands, err, name)
	case event.DetectorPaths:
		if k == event.KindWrite || k == event.KindTouch {
			if c.writePaths == nil {
				err = p.buildWriteRules(c)
			}
			if k == event.KindTouch && err == nil {
				if c.touchPaths == nil {
					base := p.touchDetector(c.writePaths.base)
					var progs *path.Detector
					base, progs, err = p.touchPrograms(base)
					if err != nil {
						return nil, err
					}
					c.touchPaths = p.newWriteChecker(base, c.linkDirs, true, false)
					c.bareTouchPaths = p.newWriteChecker(base, c.linkDirs, true, true)
					c.touchPaths.named, c.bareTouchPaths.named = progs, progs
				}
				return c.touchPaths, nil
			}
			return nilIfErr(c.writePaths, err, name)
		}
		if c.readPaths == nil {
			block := append(slices.Clip(p.FilePaths.BlockRead), movedGlobs(p.Home, p.FilePaths.BlockRead, false, envLookup)...) // envmoves.go
			c.readPaths, err = path.Compile(path.Rules{Block: block, Allow: p.FilePaths.AllowRead,
				Home: p.Home, Variants: p.linkVariants(p.FilePaths.BlockRead, p.FilePaths.AllowRead)})
		}
		return nilIfErr(c.readPaths, err, name)
	case event.DetectorURLs:
		if c.urls == nil {
			c.urls, err = urldetect.New(p.URLs.Blocklist, p.URLs.Allowlist)
		}
		return nilIfErr(c.urls, err, name)
	case event.DetectorPII:
		if !p.PII.Enabled || len(p.PII.Types) == 0 {
			return nil, nil
		}
		if c.pii == nil {
			c.pii, err = pii.New(p.PII.Types)
		}
		return nilIfErr(c.pii, err, name)
	case event.DetectorSecrets:
		if c.secrets == nil {
			c.secrets = secret.New()
		}
		return c.secrets, nil
	case event.DetectorInjection:
		if !p.Injection.Enabled {
			return nil, nil
		}
		if c.injection == nil {
			c.injection = injection.New()
		}
		if !p.Injection.Classifier.Enabled || k == event.KindCommand {
			return c.injection, nil
		}
		if c.injectionClf == nil {
			c.injectionClf = c.injection.WithClassifier(p.Injection.Classifier.Threshold)
		}
		return c.injectionClf, nil
	}
	return nil, fmt.Errorf("evaluate: unknown detector %q", name)
}

// userText reports whether every one of files (where their texts really
// are) holds the user's own text (event.Input.ByFiles): a shell start-up
// file or a file one sources, by name, that the write rules protect. Not
// every file the write rules protect: the same names as a `**/` glob's
// (.husky/pre-commit, .git/hooks/…) arrive in every clone and archive, and
// package managers put the agent's own files in PATH directories and the
// trees their links lead into (pip install --user ., npm install -g ./pkg).
func (p *Policy) userText(files []string) (bool, error) {
	d, err := p.detector(event.DetectorPaths, event.KindWrite)
	if err != nil || d == nil {
		return false, err
	}
	named := p.userFiles()
	for _, f := range files {
		if !slices.Contains(named, f) {
			return false, nil
		}
		if _, hit := d.Check(f); !hit {
			return false, nil // allow_write opens it to the agent
		}
	}
	return true, nil
}

// userFiles returns where the start-up files and the files they source
// really are (links followed), for userText; built once per policy.
func (p *Policy) userFiles() []string {
	c := &p.cache
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.userReal == nil {
		c.userReal = []string{}
		for _, f := range c.userFiles {
			if r, err := filepath.EvalSymlinks(f); err == nil {
				c.userReal = append(c.userReal, r)
			}
		}
	}
	return c.userReal
}

// writeChecker checks the write (or touch) rules: base, compiled when the
// first write is checked, then groups of rules that cost more to build
// and concern few paths, each compiled on the first check of a path it may
// concern: the rules the links of PATH directories under the home
// directory add (startup.go pathLinks: a listing of each directory), for a
// path in or above the trees those directories lie in (~/.pyenv for
// ~/.pyenv/bin); and the home directory's hidden files (homeDots), for a
// path in or above the home directory. It is safe for concurrent use.
type writeChecker struct {
	p      *Policy
	base   *path.Detector
	groups []*lazyRules
	hooks  *hooksDirs // core.hooksPath (hookspath.go), shared by the policy's checkers
	// named are the rules a path meets only by naming a protected file
	// itself, not a directory above it: the hook programs for a touch
	// (touchPrograms); nil: none.
	named *path.Detector
	touch bool // the touch rules: the projects' programs are met by name only (hookprojects.go)
}

// lazyRules is a group of write rules compiled on first need.
type lazyRules struct {
	tops []string // the directories it concerns, normalised and folded, without a trailing /
	// dots marks the homeDots group: a name with a part guard cannot
	// work out meets it only when what it knows already lies in a hidden
	// entry of the home (~/.mavenr$(…)).
	dots bool
	// known marks a group that concerns a path with a part guard cannot
	// tell only when the part it knows may lie in one of tops (the PATH
	// directories outside the home: hookspath.go's neighbour, startup.go).
	known bool
	// deep marks the homeDots group of the touches: it concerns a path
	// below a hidden entry of the home (~/.pyenv/plugins/x), not the entry
	// itself, which a data word resolved in the home also names (yq
	// '.spec' → ~/.spec).
	deep  bool
	build func() (*path.Detector, error)
	once  sync.Once
	d     *path.Detector // nil: no rules
	err   error
}

// newWriteChecker returns the checker of the write rules of base, of the
// links of PATH directories linkDirs, and of the home directory's hidden
// files when the policy lists homeDots; touch makes them the touch rules,
// and bare those of the touches of bare names, where homeDots concerns only
// paths below a hidden entry (see there).
func (p *Policy) newWriteChecker(base *path.Detector, linkDirs []string, touch, bare bool) *writeChecker {
	if p.cache.hooks == nil { // the caller holds the lock
		p.cache.hooks = &hooksDirs{home: filepath.Clean(p.Home)}
	}
	w := &writeChecker{p: p, base: base, hooks: p.cache.hooks, touch: touch}
	home := filepath.Clean(p.Home)
	norm := func(d string) string { return strings.TrimSuffix(path.Fold(path.Normalize(d, "")), "/") }
	finish := func(d *path.Detector, err error) (*path.Detector, error) {
		if d != nil && touch {
			d = p.touchDetector(d)
		}
		return d, err
	}
	if len(linkDirs) > 0 {
		g := &lazyRules{build: func() (*path.Detector, error) { return finish(p.compileLazy(pathLinks(home, linkDirs), nil)) }}
		for _, d := range linkDirs {
			if t := norm(filepath.Join(home, homeTop(home, d))); !slices.Contains(g.tops, t) {
				g.tops = append(g.tops, t)
			}
		}
		w.groups = append(w.groups, g)
	}
	if dirs := p.cache.outsideDirs; len(dirs) > 0 { // set by detector, which holds the lock
		globs := make([]string, len(dirs))
		g := &lazyRules{known: true, build: func() (*path.Detector, error) { return finish(p.compileLazy(globs, nil)) }}
		for i, d := range dirs {
			globs[i] = filepath.ToSlash(filepath.Join(d, "*"))
			g.tops = append(g.tops, norm(d))
		}
		w.groups = append(w.groups, g)
	}
	var catchAll []string // the catch-alls the policy lists
	for _, g := range homeCatchAll {
		if slices.Contains(p.FilePaths.BlockWrite, g) {
			catchAll = append(catchAll, g)
		}
	}
	if len(catchAll) > 0 && filepath.IsAbs(home) && home != "/" {
		w.groups = append(w.groups, &lazyRules{tops: []string{norm(home)}, dots: true, deep: bare,
			build: func() (*path.Detector, error) { return finish(p.compileLazy(catchAll, homeData)) }})
	}
	return w
}

// compileLazy compiles block globs with the policy's allow_write and the
// exceptions allow, as the write rules are compiled.
func (p *Policy) compileLazy(block, allow []string) (*path.Detector, error) {
	if len(block) == 0 {
		return nil, nil
	}
	allow = append(slices.Clip(allow), p.FilePaths.AllowWrite...)
	p.cache.mu.Lock() // linkVariants' memo
	variants := p.linkVariants(block, allow)
	p.cache.mu.Unlock()
	return path.Compile(path.Rules{Block: block, Allow: allow, Home: p.Home, Variants: variants, Trees: true, Named: true})
}

// Check implements checker.
func (w *writeChecker) Check(text string) (event.Finding, bool) {
	f, hit := w.base.Check(text)
	if !hit && w.named != nil {
		f, hit = w.named.Check(text)
	}
	if !hit {
		f, hit = w.hooks.check(text)
	}
	if !hit {
		f, hit = w.p.projectPrograms(text, w.touch) // hookprojects.go
	}
	if hit || len(w.groups) == 0 {
		return f, hit
	}
	var n string
	opaque := strings.Contains(text, path.Unknown) || strings.Contains(text, "..") || strings.ContainsAny(text, `*?[\`)
	if !opaque {
		n = strings.TrimSuffix(path.Fold(path.Normalize(text, w.p.Home)), "/")
	}
	for _, g := range w.groups {
		if !opaque && !g.concerns(n) || g.dots && !w.inDots(text, g.deep) || g.known && !g.concerns(w.knownPart(text)) {
			continue
		}
		g.once.Do(func() { g.d, g.err = g.build() })
		if g.err != nil {
			// Fail closed: the rules could not be built.
			return event.Finding{Detector: event.DetectorPaths, Rule: "blocked_path", Severity: "high",
				Reason: "guard could not build its write rules: " + g.err.Error(), LogReason: "guard could not build its write rules"}, true
		}
		if g.d == nil {
			continue
		}
		if f, hit := g.d.Check(text); hit {
			return f, true
		}
		if g.dots && strings.Contains(text, path.Unknown) {
			// inDots found its known part inside a hidden entry.
			return path.UnresolvedFinding(text, homeDots), true
		}
	}
	return event.Finding{}, false
}

// inDots reports whether the homeDots group applies to text: for a name
// with a part guard cannot work out, only when the part before it already
// lies in a hidden entry of the home directory and in none of its data
// stores; deep (the touches) asks for a path below the hidden entry, the
// part guard knows too.
func (w *writeChecker) inDots(text string, deep bool) bool {
	i := strings.Index(text, path.Unknown)
	home := strings.TrimSuffix(path.Fold(path.Normalize(w.p.Home, "")), "/")
	if i < 0 {
		return !deep || belowHidden(text, w.p.Home)
	}
	known := path.Fold(path.Normalize(text[:i], w.p.Home))
	if strings.HasSuffix(text[:i], "/") {
		known = strings.TrimSuffix(known, "/") + "/"
	}
	if !strings.HasPrefix(known, home+"/.") || strings.Contains(known, "/..") {
		return false
	}
	if deep && !strings.Contains(known[len(home)+2:], "/") {
		return false
	}
	for _, d := range homeData {
		dir, ok := strings.CutSuffix(d, "/**")
		if !ok {
			continue
		}
		if strings.HasPrefix(known, strings.TrimSuffix(path.Fold(path.Normalize(dir, w.p.Home)), "/")+"/") {
			return false
		}
	}
	return true
}

// belowHidden reports whether path p lies below a hidden entry of home
// (~/.pyenv/plugins/x), or not in home at all (the glob decides then). A
// backslash is no separator here: p is a bare name the shell resolved
// (.output "out\tx.csv" is sqlite3's data, one name), where the path rules
// read one as a separator.
func belowHidden(p, home string) bool {
	home = strings.TrimSuffix(home, "/")
	rest, ok := strings.CutPrefix(p, "~/")
	if !ok {
		rest, ok = strings.CutPrefix(p, home+"/")
	}
	if !ok {
		return true
	}
	rest = strings.TrimSuffix(gopath.Clean(rest), "/")
	return !strings.HasPrefix(rest, ".") || strings.Contains(rest, "/")
}

// concerns reports whether normalised path n is in or above one of g's
// directories. (A path with a part guard does not know, a .., or a glob
// character concerns every group; a link on the way is checked by the hook
// as the path it leads to.)
func (g *lazyRules) concerns(n string) bool {
	for _, t := range g.tops {
		if n == t || n == "" || strings.HasPrefix(n, t+"/") || strings.HasPrefix(t, n+"/") {
			return true
		}
	}
	return false
}

// homeDots is the default block_write glob for the home directory's hidden
// files and directories: configuration and state that programs read when
// they start, of which no list is ever complete. Listed, it protects them
// from writes but the tools' data stores, homeData; from touches below a
// hidden entry (npm --prefix ~/.tmux/x, pip download -d
// ~/.pyenv/plugins/e), not of the entry itself: a word guard cannot tell
// from a path (yq '.spec', sqlite3 '.tables', go's ./...) is one in the
// home's top level when the agent works there, and a path the command named
// cannot be told from one a word became. A name with a part
// guard cannot work out meets it only when its known part already lies in
// a hidden entry (~/.mavenr$(…)), not when the unknown could be anything
// (cd -; go build ./...). See writeChecker.inDots.
const homeDots = "~/.*/**"

// homeCatchAll are the default block_write globs compiled with homeDots,
// with its data stores as exceptions: the hidden files, and the places
// Windows (~/AppData) and macOS (~/Library) keep the same kind of
// configuration. A finding of one blocks last.
var homeCatchAll = []string{homeDots, "~/AppData/**", "~/Library/**"}

// homeData are the data stores under the home's hidden directories that
// homeDots leaves writable: caches, downloaded packages and toolchains,
// histories. Writes elsewhere under ~/.* need allow_write.
//
// Only stores programs do not load code from at start: not
// ~/.local/share (shell completions, editor plugins, systemd units,
// desktop entries), user site-packages, toolchains or installed runtimes;
// nor unpacked packages a build compiles or links as they are: cargo's
// registry/src and git/checkouts, maven's and gradle's jars, nuget, pub,
// conda, pnpm's store (hard-linked into projects), bun's cache. Stores
// whose entries are checked against a hash when used stay (npm's cacache,
// yarn's cache, cargo's .crate files and index), and so does ~/.cache
// whole (pre-commit's clones and Go's build cache among the applications'
// caches: a glob for them would block every command handed ~/.cache, the
// directory above).
// ~/.cache stays (applications keep their caches there by name); a file
// there that a start-up file sources (powerlevel10k's instant prompt) is
// protected by the start-up scan, which the data stores do not open.
var homeData = []string{
	"~/.cache/**",
	"~/.npm/_cacache/**", "~/.npm/_logs/**", "~/.yarn/berry/cache/**",
	"~/.cargo/registry/cache/**", "~/.cargo/registry/index/**", "~/.cargo/git/db/**",
	"~/.local/share/Trash/**", "~/.Trash/**",
	"~/.bash_history", "~/.zsh_history", "~/.python_history", "~/.node_repl_history", "~/.lesshst", "~/.viminfo",
	"~/.wget-hsts", "~/.sqlite_history", "~/.psql_history", "~/.mysql_history",
	"~/Library/Caches/**", "~/Library/Logs/**", "~/Library/Developer/Xcode/DerivedData/**",
	"~/AppData/Local/Temp/**", "~/AppData/Local/npm-cache/**", "~/AppData/Local/pip/cache/**",
	"~/AppData/Local/go-build/**", "~/AppData/Local/Yarn/Cache/**",
}

// touchDetector returns the detector of touches: the write rules without
// the globs under the system's own directories (path.SystemGlob), where the
// OS already refuses an unprivileged agent and programs guard does not know
// read all day (a compiler reads /usr/include), and without the data globs
// (dataGlob). It shares write's compiled globs.
func (p *Policy) touchDetector(write *path.Detector) *path.Detector {
	return write.Without(func(g string) bool { return path.SystemGlob(g, p.Home) || p.dataGlob(g) }).Shallow()
}

// dataGlob reports whether block_write glob g names a data file a
// project's own programs read by name all day (**/.env: load_dotenv('.env')
// in the app the agent runs): a glob without a fixed directory that
// block_read lists too. A program handed such a name is not counted as its
// writer (a touch); the read rules still block handing it to one guard does
// not know, and the writes guard knows (a redirection, cp, tee, sed -i, the
// Write tool) still meet the write rule.
func (p *Policy) dataGlob(g string) bool {
	return slices.Contains(p.FilePaths.BlockRead, g) && path.FixedDir(path.Normalize(g, p.Home)) == ""
}

// touchFinding says of a path rule's finding on a touch what guard could
// not tell: that the program only reads the path.
func touchFinding(f event.Finding) event.Finding {
	const why = "; the command hands it to a program guard does not know to only read it, so guard counts it as a write"
	f.Reason += why
	f.LogReason += why
	return f
}

// guardDirs returns guard's own directory, and where it really is when it
// or a directory above it is a symbolic link, then guard's state directory
// (home.StateDir: the audit log's anchor) and where it really is: writes
// there are always blocked. A policy that never learnt them (built in a
// test) asks home.
func (p *Policy) guardDirs() ([]string, error) {
	dir := p.GuardDir
	if dir == "" {
		var err error
		if dir, err = home.Dir(); err != nil {
			return nil, fmt.Errorf("guard's directory: %w", err)
		}
	}
	dirs := []string{dir}
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != dir {
		dirs = append(dirs, real)
	}
	// A file of guard's that is a symbolic link (rules.json kept in a
	// dotfiles repository) is protected where it really is, too.
	entries, _ := os.ReadDir(dir)
	for i, e := range entries {
		if i == maxGuardEntries {
			break
		}
		if e.Type()&os.ModeSymlink == 0 {
			continue
		}
		if real, err := filepath.EvalSymlinks(filepath.Join(dir, e.Name())); err == nil && filepath.IsAbs(real) {
			dirs = append(dirs, real)
		}
	}
	return append(dirs, p.stateDirs()...), nil
}

// stateDirs returns guard's state directory, where the audit log's anchor
// is kept outside guard's own directory (see package audit), and where it
// really is: an agent that could delete the anchor with the log would hide
// the loss. None when the home directory is not known.
func (p *Policy) stateDirs() []string {
	state := ""
	if p.Home != "" {
		state = home.StateDirFor(p.Home)
	} else if d, err := home.StateDir(); err == nil {
		state = d
	}
	if state == "" {
		return nil
	}
	dirs := []string{state}
	if real, err := filepath.EvalSymlinks(state); err == nil && real != state {
		dirs = append(dirs, real)
	}
	return dirs
}

// maxGuardEntries bounds the entries of guard's directory looked at for
// symbolic links.
const maxGuardEntries = 64

// ProtectedFiles returns the files another hard link to which must meet the
// path rules as the file itself: every file in guard's directory (and one
// level below it), the file each glob of file_paths.block_write and
// block_read without a wildcard names (the agent hook files, the start-up
// files, ~/.netrc) and each file the start-up files source, and the files
// in the directory of each glob DIR/** whose DIR has none (~/.ssh/**), ~
// expanded. It reads those directories, at most maxGuardEntries entries
// each.
func (p *Policy) ProtectedFiles() []string {
	var out []string
	var walk func(dir string, depth int)
	walk = func(dir string, depth int) {
		entries, _ := os.ReadDir(dir)
		for i, e := range entries {
			if i == maxGuardEntries {
				break
			}
			full := filepath.Join(dir, e.Name())
			switch {
			case e.IsDir() && depth > 0:
				walk(full, depth-1)
			case e.Type().IsRegular():
				out = append(out, full)
			}
		}
	}
	if dirs, err := p.guardDirs(); err == nil {
		walk(dirs[0], 1)
	}
	p.cache.mu.Lock()
	progs := p.programs() // guard's executable, the hook entries' programs
	p.cache.mu.Unlock()
	for _, g := range progs {
		if f, ok := globLiteral(g); ok {
			out = append(out, filepath.FromSlash(f))
		}
	}
	// The files the start-up files source count too (startup.go).
	for _, list := range [][]string{p.FilePaths.BlockWrite, p.FilePaths.BlockRead, p.startupWrites()} {
		for _, g := range list {
			n := path.Normalize(g, p.Home)
			if dir, ok := strings.CutSuffix(n, "/**"); ok && filepath.IsAbs(filepath.FromSlash(dir)) && !strings.ContainsAny(dir, "*?[") {
				if !path.SystemGlob(g, p.Home) {
					walk(filepath.FromSlash(dir), 0)
				}
				continue
			}
			if !strings.ContainsAny(g, "*?[") {
				out = append(out, filepath.FromSlash(n))
			}
		}
	}
	return out
}

// buildWriteRules compiles the write rules into c (the caller holds c's
// lock): the policy's block_write but its catch-alls (compiled apart, with
// their exceptions: writeChecker), the files the start-up files source and
// the PATH directories' links (startup.go), guard's own directories, and
// each glob's other spellings (links, ZDOTDIR, zsh's .zwc).
func (p *Policy) buildWriteRules(c *detectors) error {
	guardDirs, err := p.guardDirs()
	if err != nil {
		return err
	}
	startup, linkDirs, named, outside := p.startupRules()
	c.userFiles, c.outsideDirs = named, outside
	block := slices.DeleteFunc(slices.Clone(p.FilePaths.BlockWrite), func(g string) bool { return slices.Contains(homeCatchAll, g) })
	block = append(block, startup...)
	block = append(block, p.programs()...) // hookprograms.go
	variants := p.linkVariants(block, p.FilePaths.AllowWrite)
	variants = p.zwcVariants(p.zdotVariants(variants, block, p.FilePaths.AllowWrite), block)
	d, err := path.Compile(path.Rules{Block: block, Allow: p.FilePaths.AllowWrite,
		Protected: guardDirs, Home: p.Home, Variants: variants, Trees: true, Named: true})
	if err != nil {
		return err
	}
	c.writePaths = p.newWriteChecker(d, linkDirs, false, false)
	c.linkDirs = linkDirs
	return nil
}

// zshStartup are zsh's start-up files: read from $ZDOTDIR when it is set,
// else from the home directory.
var zshStartup = [...]string{".zshenv", ".zprofile", ".zshrc", ".zlogin", ".zlogout"}

// zdotVariants adds to v, for each glob of lists that names one of zsh's
// start-up files in the home directory (~/.zshrc), the same file in
// p.ZDotDir, where zsh really reads it. It returns v (a new map when v is
// nil and there is something to add).
func (p *Policy) zdotVariants(v map[string][]string, lists ...[]string) map[string][]string {
	if p.ZDotDir == "" {
		return v
	}
	dir := filepath.ToSlash(filepath.Clean(p.ZDotDir))
	if strings.ContainsAny(dir, "*?[]{}\\") {
		return v // would be read as a glob: the ~ rules still hold
	}
	for _, list := range lists {
		for _, g := range list {
			name, ok := strings.CutPrefix(g, "~/")
			if !ok || !slices.Contains(zshStartup[:], name) {
				continue
			}
			if v == nil {
				v = map[string][]string{}
			}
			v[g] = append(v[g], strings.TrimSuffix(dir, "/")+"/"+name)
		}
	}
	return v
}

// zwcVariants adds to v, when the user's shell is zsh, for each glob of
// block that names files (not a directory's whole tree) and its variants,
// the same name with .zwc: zsh reads FILE.zwc, its compiled form, in place
// of a FILE it sources or starts with when the .zwc is newer. It returns v
// (a new map when v is nil and there is something to add).
func (p *Policy) zwcVariants(v map[string][]string, block []string) map[string][]string {
	if !p.Zsh {
		return v
	}
	for _, g := range block {
		if strings.HasSuffix(g, "/**") || strings.HasSuffix(g, "*") || strings.HasSuffix(g, ".zwc") {
			continue
		}
		if v == nil {
			v = map[string][]string{}
		}
		more := []string{path.Normalize(g, p.Home) + ".zwc"} // variants are compiled without a home
		for _, o := range v[g] {
			more = append(more, o+".zwc")
		}
		v[g] = append(v[g], more...)
	}
	return v
}

// realDirs finds where directories really are, following links, one
// lstat per component, remembered in memo. A directory under one that
// does not exist does not exist either: it is looked up no further
// (memoMissing marks it).
type realDirs struct {
	p    *Policy
	memo map[string]string
}

// memoMissing begins a memo entry of a directory that does not exist.
const memoMissing = "\x00"

// real returns where dir really is, and whether it exists.
func (d realDirs) real(dir string) (string, bool) {
	if r, ok := d.memo[dir]; ok {
		if r, gone := strings.CutPrefix(r, memoMissing); gone {
			return r, false
		}
		return r, true
	}
	parent := filepath.Dir(dir)
	r, exists := dir, true
	if parent != dir {
		var realParent string
		realParent, exists = d.real(parent)
		r = filepath.Join(realParent, filepath.Base(dir))
		if exists {
			var link bool
			if kind, listed := d.p.homeEntry(parent, realParent, filepath.Base(dir)); listed {
				exists, link = kind != entryAbsent, kind == entryLink
			} else {
				fi, err := os.Lstat(r)
				exists = err == nil
				link = exists && fi.Mode()&os.ModeSymlink != 0
			}
			if link {
				if t, err := filepath.EvalSymlinks(r); err == nil {
					r = t
				}
			}
		}
	}
	if exists {
		d.memo[dir] = r
	} else {
		d.memo[dir] = memoMissing + r
	}
	return r, exists
}

// linkVariants returns, for each glob whose fixed directory is behind a
// symbolic link (a home directory /home/me → /usr/home/me, /etc →
// /private/etc on macOS), the glob rewritten under the directory the link
// leads to, so that a path named through the real location matches too. It
// reads the file system: one EvalSymlinks per distinct directory, of the
// deepest ancestor that exists.
func (p *Policy) linkVariants(lists ...[]string) map[string][]string {
	var out map[string][]string
	// Where each directory really is, one lstat per component, shared by
	// the read, write and touch rules of this policy (the caller holds
	// p.cache.mu).
	if p.cache.realDirs == nil {
		p.cache.realDirs = map[string]string{}
	}
	real := realDirs{p: p, memo: p.cache.realDirs}.real
	// A glob of an entry the home directory's listing lacks has no other
	// spelling while the home directory itself is where it says: its fixed
	// directory is ~ or inside ~/ELEMENT (path.HomeElement), which real
	// finds missing, so unmoved.
	listed := p.homeUnmoved(real)
	for _, list := range lists {
		for _, g := range list {
			if e, ok := path.HomeElement(g); ok && listed {
				if _, there := p.cache.homeEntries[foldName(e)]; !there {
					continue
				}
			}
			n := path.Normalize(g, p.Home)
			dir := path.FixedDir(n)
			if dir == "" || dir == "/" || len(dir) == 3 && dir[1] == ':' {
				continue
			}
			if !strings.ContainsAny(n, "*?[") {
				// A protected file that is itself a link (a dotfile
				// manager's ~/.profile -> ~/dotfiles/profile) is
				// protected where it leads, too.
				dir = n
			}
			rd, _ := real(filepath.FromSlash(dir))
			r := filepath.ToSlash(rd)
			if r == dir {
				continue
			}
			if out == nil {
				out = map[string][]string{}
			}
			out[g] = append(out[g], r+n[len(dir):])
		}
	}
	return out
}

// homeUnmoved reports whether the home directory is where it says (real:
// linkVariants' lookup) and its listing could be read whole.
func (p *Policy) homeUnmoved(real func(string) (string, bool)) bool {
	h := filepath.FromSlash(path.Normalize("~", p.Home))
	if p.Home == "" || !skipAbsent {
		return false
	}
	if r, _ := real(h); r != h {
		return false
	}
	_, listed := p.homeEntry(h, h, "") // the listing, read once
	return listed
}

// skipAbsent turns linkVariants' shortcut for absent home entries on; a
// variable for tests.
var skipAbsent = true

// What homeEntry found.
const (
	entryAbsent = iota
	entryLink
	entryOther
)

// maxHomeEntries bounds the home directory's listing homeEntry reads; a
// larger home is looked up an entry at a time.
const maxHomeEntries = 4096

// homeEntry reports what name is in the home directory (dir, which is
// really at realDir) from one listing of it, read once per policy: the
// path rules' directories are mostly at the home's top level, and one
// listing costs less than an lstat for each (listed false: dir is not the
// home directory, or it could not be listed whole).
func (p *Policy) homeEntry(dir, realDir, name string) (kind int, listed bool) {
	c := &p.cache
	if p.Home == "" || filepath.Clean(dir) != filepath.Clean(filepath.FromSlash(p.Home)) {
		return 0, false
	}
	if c.homeEntries == nil {
		c.homeEntries = map[string]int{}
		c.homeListed = false
		if f, err := os.Open(realDir); err == nil {
			es, err := f.ReadDir(maxHomeEntries + 1)
			f.Close()
			if (err == nil || errors.Is(err, io.EOF)) && len(es) <= maxHomeEntries {
				for _, e := range es {
					k := entryOther
					if e.Type()&os.ModeSymlink != 0 {
						k = entryLink
					}
					c.homeEntries[foldName(e.Name())] = k
				}
				c.homeListed = true
			}
		}
	}
	if !c.homeListed {
		return 0, false
	}
	return c.homeEntries[foldName(name)], true // absent: entryAbsent
}

// foldName is a name as the home's file system compares it: case-folded
// where it usually ignores case (macOS, Windows).
func foldName(name string) string {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return strings.ToLower(name)
	}
	return name
}

// nilIfErr avoids returning a typed nil pointer inside a non-nil interface.
func nilIfErr[T checker](d T, err error, name string) (checker, error) {
	if err != nil {
		return nil, fmt.Errorf("%s detector: %w", name, err)
	}
	return d, nil
}

// classifierBlocks reports whether finding f on an input of kind k blocks:
// every finding does but the classifier's where the policy says "log" for
// the kind (on_prompt for prompts, on_result for the rest).
func (p *Policy) classifierBlocks(f event.Finding, k event.Kind) bool {
	if f.Rule != injection.RuleClassifier {
		return true
	}
	action := p.Injection.Classifier.OnResult
	if k == event.KindPrompt {
		action = p.Injection.Classifier.OnPrompt
	}
	return action != "log"
}
