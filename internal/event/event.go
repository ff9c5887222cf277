// Package event is guard's shared vocabulary: what is checked (Input), what a
// detector reports (Finding), what the policy decides (Verdict) and what the
// audit log keeps (Record).
//
// It imports nothing of guard's own, so every other package can depend on it.
package event

// Kind says what an Input holds. The policy decides from the Kind which
// detectors run and which PII setting applies.
type Kind string

// The kinds of input the hook path produces. The first five are also the
// types accepted by `guard test`.
const (
	KindPrompt      Kind = "prompt"       // a user prompt: injection, PII (pii.block_on_prompt)
	KindCommand     Kind = "command"      // a shell command: command rules, injection
	KindRead        Kind = "read"         // a path about to be read: file_paths.block_read
	KindWrite       Kind = "write"        // a path about to be written: file_paths.block_write
	KindTouch       Kind = "touch"        // a path given to a program not known to only read it (gzip F): block_write, system directories aside
	KindURL         Kind = "url"          // a URL about to be fetched: SSRF, domain blocklist
	KindQuery       Kind = "query"        // a web search query: injection
	KindFileContent Kind = "file_content" // content of a file: injection, secrets, PII (pii.block_in_file_content)
	KindWebContent  Kind = "web_content"  // fetched or searched web content: injection, secrets
	KindResponse    Kind = "response"     // the agent's final answer: secrets, PII (pii.block_on_response)
	KindToolInput   Kind = "tool_input"   // arguments of an MCP tool call: secrets, injection
	KindToolOutput  Kind = "tool_output"  // output of a tool (logging hooks): injection, PII
	KindToolResult  Kind = "tool_result"  // result of an MCP call (logging hooks): secrets
	KindShellOutput Kind = "shell_output" // output of a shell command (logging hooks): secrets, PII
	// KindOutput is the result of a tool the spec's tables pass through
	// (shell, search, sub-agent, MCP…): secrets, injection; not checked when
	// the policy's results.scan_all is false.
	KindOutput Kind = "output"
)

// Detector names, as they appear in findings and in `guard explain`.
const (
	DetectorCommands  = "commands"
	DetectorPaths     = "paths"
	DetectorPII       = "pii"
	DetectorSecrets   = "secrets"
	DetectorInjection = "injection"
	DetectorURLs      = "urls"
)

// Input is one piece of text to check, with the kind that says how.
type Input struct {
	Kind Kind
	Text string
	// Via says, for a path taken from a shell command, which program and
	// options name it ("chmod -R"), for the explanation shown with a block;
	// empty when not known. It is neither hashed nor recorded.
	Via string
	// Opaque says, for a read of a directory whole (DIR/**), why guard
	// cannot redact what the read prints: the agent's client does not let
	// guard replace the result, or the command transforms the output
	// before it reaches the model. Empty when the result scan sees it as
	// the read printed it. Such a read also meets the block globs whose
	// files may be anywhere (**/.env). Neither hashed nor recorded.
	Opaque string
	// ByFiles are, for a path the text of a file the command runs touches
	// (export NVM_DIR=… in a sourced ~/.bashrc), the files whose text made
	// the shell's state up to there, one per line, that file last
	// (shell.FileTouch):
	// the touch is their authors', and the policy does not count it
	// against the command when it write-protects every one of them (the
	// agent cannot have written a word of it). Empty for the command's own
	// paths. Neither hashed nor recorded.
	ByFiles string
	// Bare marks, for a touch, a single hidden name the command wrote bare
	// (.spec, not ~/.spec or .x/y): a data word guard cannot tell from a
	// path (yq '.spec') becomes one in the home when the agent works there,
	// so the glob of the home's hidden files concerns only what lies below
	// it. Neither hashed nor recorded.
	Bare bool
	// Unprinted marks, for a read, one of which the command prints none
	// of the file's text (git log --oneline -- F, git rev-parse HEAD:F:
	// shell.Analysis.UnprintedReads). Neither hashed nor recorded.
	Unprinted bool
	// Tracked marks, for a read of a directory whole (DIR/**), one that
	// reaches only the files git's index holds under DIR (git grep
	// without --untracked: shell.Analysis.TrackedReads): where its output
	// is opaque, only a tracked protected file counts. Neither hashed nor
	// recorded.
	Tracked bool
	// Unignored marks, for a read of a git work tree whole (TOP/**), one
	// that reaches the files git's index holds and the untracked ones its
	// ignore rules do not ignore (git add -A, then git push:
	// shell.Analysis.UnignoredReads): where its output is opaque, an
	// ignored, untracked protected file does not count. Neither hashed
	// nor recorded.
	Unignored bool
	// Visible marks, for a read of a directory whole (DIR/**), one that
	// skips hidden names (rg without --hidden:
	// shell.Analysis.VisibleReads): where its output is opaque, a
	// protected file with a hidden name or under a hidden directory does
	// not count. Neither hashed nor recorded.
	Visible bool
	// History marks, for a read of a git directory whole (GITDIR/**), one
	// of its object store by a program other than git: it
	// prints the committed text of any file of the repository's history,
	// so the names the history holds count. Neither hashed nor recorded.
	History bool
	// Mount marks a read of a tree a container shares by a bind mount
	// with a command guard walks (shell.Analysis.MountReads): the hook
	// keeps it only where the tree is the home, holds it, or lies in a
	// hidden directory of the home. Neither hashed nor recorded.
	Mount bool
	// Prints says, for an opaque read of a directory whole, which
	// regular files the read may print a line of (a grep whose pattern
	// matches none of a file's lines prints none); nil: any
	// file's. Neither hashed nor recorded.
	Prints LinePrinter
	// Shell says, for a command, which language it is in: ShellPowerShell
	// for agent A's PowerShell tool, "" for the POSIX shells. Neither
	// hashed nor recorded.
	Shell string
}

// LinePrinter tells whether a read may print a line of the regular file
// at path p (Input.Prints), and whether it reads through the symbolic
// links it meets in the tree.
type LinePrinter interface {
	PrintsLine(p string) bool
	FollowsLinks() bool
}

// ShellPowerShell is Input.Shell for a PowerShell command.
const ShellPowerShell = "powershell"

// Finding is what a detector reports when its input matches one of its rules.
//
// Reason is the message shown to the agent and the person at the terminal. It
// may quote a command or a path (the spec's form), but never a matched secret
// or PII value. LogReason is the same message with the input replaced by the
// marker Redacted; it is the only form that is stored or sent.
//
// Explain is the plain-language line shown beside Reason: what the rule
// protects, what in the input reached it, what to do instead or how to
// allow it. Like Reason it may quote the checked path or command, never a
// secret or PII value; it is never stored or sent.
type Finding struct {
	Detector  string // one of the Detector* names
	Rule      string // rule name, e.g. "dangerous_rm", "pii_ssn"
	Severity  string // critical, high, medium, low or empty
	Reason    string // shown to the agent; never holds a secret or PII value
	LogReason string // stored and sent; never holds input text
	// Entry is, for a rule that is a list of entries, the entry that
	// matched: the glob of a path rule (a protected directory written
	// DIR/**). Never input text.
	Entry string
	// Reach says how a checked path met Entry (one of the Reach* values).
	Reach   Reach
	Explain string // shown beside Reason; never stored or sent
	// Source is the kind of the input that blocked (policy.Evaluate sets
	// it): a reason names only what that input came from.
	Source Kind
}

// Reach says how a checked path met the glob of a path rule.
type Reach string

// The ways a path meets a glob.
const (
	ReachMatch  Reach = ""       // the path is one the glob protects
	ReachHolds  Reach = "holds"  // the path is a directory that holds some (written, removed, moved)
	ReachTree   Reach = "tree"   // the path stands for a directory read whole (DIR/**) that holds some
	ReachNamed  Reach = "named"  // the path stands for the files of a name under a directory (DIR/**/NAME)
	ReachMaybe  Reach = "maybe"  // the path has a part guard cannot work out and could name one
	ReachOpaque Reach = "opaque" // the path stands for a directory read whole whose output guard cannot redact (see Input.Opaque)
)

// Redacted stands in a LogReason where the input text would have been.
const Redacted = "<redacted>"

// Decision is the answer to one hook call.
type Decision string

// The decisions. The spec's third verdict, redact, is a block whose record
// says what was done to the tool result (Record.Action): see
// docs/DECISIONS.md.
const (
	Allow Decision = "allow"
	Block Decision = "block"
)

// Verdict is the outcome of evaluating a set of inputs against the policy.
type Verdict struct {
	Decision Decision
	// Finding is the finding that blocked; zero when Decision is Allow.
	Finding Finding
	// Notes are findings that did not block, such as PII in a prompt while
	// pii.block_on_prompt is false. Only their rule names are recorded.
	Notes []Finding
}

// Blocked reports whether the verdict is a block.
func (v Verdict) Blocked() bool { return v.Decision == Block }

// Record is one line of the audit log. Field order is the order written.
// Only hashes of inputs are kept, never their text.
type Record struct {
	TS            string   `json:"ts"`         // RFC 3339, UTC, milliseconds
	Hook          string   `json:"hook"`       // UserPromptSubmit, PreToolUse, PostToolUse or Stop
	Verdict       string   `json:"verdict"`    // allow or block
	Rule          string   `json:"rule"`       // blocking rule; empty on allow
	Reason        string   `json:"reason"`     // LogReason of the blocking finding; empty on allow
	User          string   `json:"user"`       // OS user name
	Host          string   `json:"host"`       // host name
	Repo          string   `json:"repo"`       // <org>/<repo> from .git/config, or empty
	InputHash     string   `json:"input_hash"` // hex SHA-256 of the checked text
	PrevHash      string   `json:"prev_hash"`  // hex SHA-256 of the previous line's bytes
	TokensIn      int      `json:"tokens_in"`
	PolicyVersion string   `json:"policy_version"`
	Agent         string   `json:"agent"`              // a, b or c
	Event         string   `json:"event"`              // the agent's own event name
	Tag           string   `json:"tag,omitempty"`      // e.g. subagent_spawn
	Tool          string   `json:"tool,omitempty"`     // tool name, when the event concerns a tool
	Action        string   `json:"action,omitempty"`   // on a blocked result: ActionRedacted or ActionWithheld
	Findings      []string `json:"findings,omitempty"` // rule names of findings that did not block
}

// What a block did to a tool result or a response, recorded in Record.Action.
// The verdict stays "block" (counters stay two-valued); Action says whether
// the agent got the result with each matched value replaced by a marker, or
// nothing of it.
const (
	ActionRedacted = "redacted" // matched values replaced by [REDACTED:<rule>]
	ActionWithheld = "withheld" // the whole result replaced by guard's notice
)

// The four hook names used in audit records; events of agents B and C are
// mapped onto them.
const (
	HookUserPromptSubmit = "UserPromptSubmit"
	HookPreToolUse       = "PreToolUse"
	HookPostToolUse      = "PostToolUse"
	HookStop             = "Stop"
)

// Hooks lists the four audit hook names in lifecycle order.
var Hooks = []string{HookUserPromptSubmit, HookPreToolUse, HookPostToolUse, HookStop}

// ZeroHash is the prev_hash of the first record of a log.
const ZeroHash = "0000000000000000000000000000000000000000000000000000000000000000"
