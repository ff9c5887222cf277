// Package policy holds guard's rules: the rules.json document, the secure
// defaults embedded in the binary, strict loading and validation, and
// Evaluate, which runs the detectors an input needs in the policy's order.
package policy

import (
	_ "embed"

	"github.com/guardhq/guard/internal/shell"
)

//go:embed default.json
var defaultJSON []byte

// DefaultJSON returns the built-in default policy document, exactly as
// `guard init` writes it to ~/.guard/rules.json. The caller may not modify it.
func DefaultJSON() []byte { return defaultJSON }

// Policy is the decoded rules.json. Every field has a default; a field present
// in the file replaces its default, a missing one keeps it.
type Policy struct {
	Version         string    `json:"version"`
	RemotePolicyURL *string   `json:"remote_policy_url"`
	Bash            Bash      `json:"bash"`
	FilePaths       FilePaths `json:"file_paths"`
	URLs            URLs      `json:"urls"`
	PII             PII       `json:"pii"`
	Injection       Injection `json:"injection"`
	Results         Results   `json:"results"`
	Webhook         Webhook   `json:"webhook"`

	// Source says where the policy came from, for `guard policy list`:
	// "built-in defaults", a file path or a URL.
	Source string `json:"-"`
	// Home is the directory a leading ~ in a path rule stands for.
	Home string `json:"-"`
	// GuardDir is guard's own directory ($GUARD_HOME or ~/.guard). A write
	// anywhere in it, or where it really is when it is a symbolic link, is
	// always blocked, whatever allow_write says: an agent that could edit
	// rules.json or the audit log would switch guard off.
	GuardDir string `json:"-"`
	// Zsh says the clients may run commands with zsh ($SHELL is not bash,
	// shell.MayRunZsh): commands are read as zsh reads them too
	// (shell.Options.Zsh).
	Zsh bool `json:"-"`
	// Self is the name guard's executable runs as (home.SelfName): a
	// command running it is guard's own command line.
	Self string `json:"-"`
	// ZDotDir is where zsh reads its start-up files ($ZDOTDIR of the
	// hook's environment, which is the agent client's and so the user's
	// shell's; "" when unset or not absolute): a write rule for ~/.zshrc,
	// ~/.zshenv, ~/.zprofile, ~/.zlogin or ~/.zlogout covers the file of
	// that name there too (zdotVariants).
	ZDotDir string `json:"-"`

	cache detectors
	// cwd is the working directory of the call checked (UseCwd).
	cwd string
	// files reads the files a command runs, for its analysis (UseFiles).
	files shell.Files
}

// Bash configures the command detector.
type Bash struct {
	Enabled      bool `json:"enabled"`
	BlockOnError bool `json:"block_on_error"`
	// Match says what the block rules see: MatchText (the command as
	// written and what it runs) or MatchCommands (only what it runs).
	Match         string        `json:"match"`
	BlockPatterns []CommandRule `json:"block_patterns"`
	AllowPatterns []string      `json:"allow_patterns"`
}

// The values of bash.match.
const (
	// MatchText: block rules see the command as written (the spec's
	// behaviour) and the commands it runs, normalised.
	MatchText = "text"
	// MatchCommands: block rules, and the injection scan of a command, see
	// only the commands it runs, normalised, without their data words.
	MatchCommands = "commands"
)

// CommandRule is one element of bash.block_patterns.
type CommandRule struct {
	Name    string `json:"name"`
	Pattern string `json:"pattern"`
	// Unless, when set, spares a match of Pattern that it also matches
	// (tried on the matched text alone): the "but not" a pattern without
	// look-around cannot say (git clean -f, but not git clean -n -f).
	Unless   string `json:"unless,omitempty"`
	Severity string `json:"severity,omitempty"`
	// Description says what the rule protects against, Hint what to do
	// instead; both are shown with a block and by guard explain.
	Description string `json:"description,omitempty"`
	Hint        string `json:"hint,omitempty"`
}

// FilePaths configures the path detector: globs for reads and writes.
type FilePaths struct {
	BlockRead  []string `json:"block_read"`
	AllowRead  []string `json:"allow_read"`
	BlockWrite []string `json:"block_write"`
	AllowWrite []string `json:"allow_write"`
}

// URLs configures the URL detector. The SSRF targets are not configurable.
// The blocklist is also accepted under the name block_domains.
type URLs struct {
	Blocklist []string `json:"blocklist"`
	Allowlist []string `json:"allowlist"`
}

// PII configures the PII detector and when its findings block. Both of the
// spec's spellings are accepted on load (see docs/POLICY.md); this is the
// canonical one.
type PII struct {
	Enabled            bool     `json:"enabled"`
	BlockOnPrompt      bool     `json:"block_on_prompt"`
	BlockInFileContent bool     `json:"block_in_file_content"`
	BlockOnResponse    bool     `json:"block_on_response"`
	Types              []string `json:"types"`
}

// Injection switches the injection detector; its patterns are fixed.
type Injection struct {
	Enabled    bool                `json:"enabled"`
	Classifier InjectionClassifier `json:"classifier"`
}

// InjectionClassifier sets the injection detector's second stage, the
// embedded classifier (docs/INJECTION.md). It runs where the patterns run,
// except on shell commands, and only when injection.enabled is true.
type InjectionClassifier struct {
	Enabled bool `json:"enabled"`
	// Threshold is the score from which a text is reported; 0 means the
	// model's own (chosen on its validation split).
	Threshold float64 `json:"threshold"`
	// OnPrompt is what a prompt that scores high gets: "block" or "log".
	OnPrompt string `json:"on_prompt"`
	// OnResult is what a tool result, file or web content that scores high
	// gets: "block" (withheld like a pattern hit) or "log".
	OnResult string `json:"on_result"`
}

// Results says which tool results are checked before they reach the model.
// The spec's tables check file content (Read) and web content (WebFetch,
// WebSearch) and pass every other result through; with ScanAll (the
// default) every other result — shell and search output, sub-agent, MCP
// and unknown tools — is checked too, for secrets (redacted) and injection
// (withheld).
type Results struct {
	ScanAll bool `json:"scan_all"`
}

// Webhook configures the POST sent on every block verdict.
type Webhook struct {
	Enabled    bool    `json:"enabled"`
	URL        string  `json:"url"`
	Token      *string `json:"token"`
	HMACSecret *string `json:"hmac_secret"`
	TimeoutMS  int     `json:"timeout_ms"`
}
