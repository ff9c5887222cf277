package hook

import (
	"errors"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/pwsh"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
)

// pwshInputs returns the paths a PowerShell command names (internal/pwsh):
// a known reader's operands are reads, every other program's are reads and
// touches, > targets are writes. A part the reader could not work out is
// path.Unknown; one that begins a word may be an absolute path. What the
// command holds that guard cannot work out around a protected name is the
// policy's to judge (policy.Evaluate reads the command too), and so is a
// script it runs that guard cannot read (pwsh.Analysis.Hidden). The
// scripts it runs are read through f (./x.ps1, pwsh -File x.ps1); ran are
// those guard read. Its URLs and external programs are pwshNative's.
func pwshInputs(text string, f runFiles) (inputs []event.Input, ran []string, err error) {
	a, err := pwsh.Read(text, pwsh.Options{Home: f.home, Env: lookupEnv, Files: f})
	if err != nil {
		return nil, nil, &agent.Error{Field: "command", Limit: true, Problem: "is a PowerShell command too large or nested too deep to read: guard blocks a command it cannot check whole"}
	}
	home := f.home
	var out []event.Input
	add := func(k event.Kind, p, via string) {
		out = append(out, event.Input{Kind: k, Text: pwshPath(p), Via: via})
	}
	for _, c := range a.Commands {
		reads, touches, writes := c.Paths()
		name := strings.TrimSuffix(strings.ToLower(c.Name[strings.LastIndexByte(c.Name, '/')+1:]), ".exe")
		if store, ok := catalogue.PrinterStore(name, c.Args); ok && home != "" {
			// gh auth token prints the token of ~/.config/gh/hosts.yml:
			// a read of it (catalogue.CredPrinters).
			reads = append(reads, strings.TrimSuffix(home, "/")+"/"+store)
		}
		if c.FollowsLinks() {
			more, err := pwshLinkReads(pwsh.LinkDirs(reads, touches), f) // pwshlinks.go
			if err != nil {
				return nil, nil, err
			}
			reads = append(reads, more...)
		}
		for _, p := range reads {
			add(event.KindRead, p, c.Name)
		}
		for _, p := range touches {
			add(event.KindRead, p, c.Name)
			add(event.KindTouch, p, c.Name)
			out[len(out)-1].Bare = shell.BareHidden(p) // Select-String .spec x.yaml in the home
		}
		for _, p := range writes {
			add(event.KindWrite, p, "")
		}
	}
	native, err := pwshNative(a, f)
	if err != nil {
		return nil, nil, err
	}
	return append(out, native...), a.Files, nil
}

// pwshNative returns what a PowerShell command's URLs and external
// programs name: a URL input for each URL (a file: URL is a
// read of its file), and for the programs' command lines (tar, git,
// python3, bash -c, Expand-Archive as unzip: pwsh.Analysis.BashLines) the
// inputs the shell analysis finds, as for a bash command, and the lines as
// a command input, which the policy checks as bash (the command rules,
// what a program runs that guard cannot see).
func pwshNative(a *pwsh.Analysis, f runFiles) ([]event.Input, error) {
	var out []event.Input
	for _, u := range a.URLs() {
		if p, ok := lang.FilePath(u); ok {
			out = append(out, event.Input{Kind: event.KindRead, Text: pwshPath(p)})
			continue
		}
		out = append(out, event.Input{Kind: event.KindURL, Text: strings.ReplaceAll(u, pwsh.Unknown, "")})
	}
	lines, ok := a.BashLines()
	if !ok {
		return nil, &agent.Error{Field: "command", Limit: true, Problem: "is a PowerShell command that runs more programs than guard reads: guard blocks a command it cannot check whole"}
	}
	if lines == "" {
		return out, nil
	}
	sa := shell.Analyze(lines, shell.Options{Home: f.home, Files: f, Self: home.SelfName()})
	if errors.Is(sa.Err, shell.ErrLimit) {
		return nil, &agent.Error{Field: "command", Limit: true, Problem: "is a PowerShell command whose programs' command lines are too large to read: guard blocks a command it cannot check whole"}
	}
	out = append(out, analysisInputs(sa)...)
	return append(out, event.Input{Kind: event.KindCommand, Text: lines}), nil
}

// pwshPath turns a word of a PowerShell command into a path the path rules
// check: a provider's prefix (NAME::) dropped, a wildcard (* ? [) stands for text guard does not know, and an
// unknown part at the start may be an absolute path (written twice, see
// path.Unknown).
func pwshPath(p string) string {
	if _, after, ok := strings.Cut(p, "::"); ok {
		p = after // a provider path: Microsoft.PowerShell.Core\FileSystem::C:\x
	}
	p, tree := strings.CutSuffix(p, "/**") // a recursive read (pwsh.Command.Paths): kept
	if strings.ContainsAny(p, "*?[") {
		p = wildcards(p)
	}
	if strings.HasPrefix(p, path.Unknown) && !strings.HasPrefix(p, path.Unknown+path.Unknown) {
		p = path.Unknown + p
	}
	if tree {
		p += "/**"
	}
	return p
}

// wildcards returns p with each of PowerShell's wildcards (*, ?, a class
// […]) turned into path.Unknown: Get-Content, Set-Content and Copy-Item
// expand them (~/.ss[h]/id_r[s]a is ~/.ssh/id_rsa).
func wildcards(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '*', '?':
			b.WriteString(path.Unknown)
		case '[':
			if j := strings.IndexByte(p[i+1:], ']'); j >= 0 {
				i += j + 1
			}
			b.WriteString(path.Unknown)
		default:
			b.WriteByte(p[i])
		}
	}
	return b.String()
}
