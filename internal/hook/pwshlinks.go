package hook

import (
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/pwsh"
	"github.com/guardhq/guard/internal/shell/effect"
)

// pwshLinkReads returns, for PowerShell commands that follow the links in
// the directories they read (pwsh.Command.FollowsLinks: Get-ChildItem
// -Recurse -FollowSymlink, Copy-Item -Recurse, Compress-Archive), where
// the links under dirs lead, each read whole and walked in turn, as the
// bash side's link walk (effect/treelinks.go) reads them. Past the walk's
// bounds, or in a directory guard cannot tell, the command is blocked:
// guard cannot tell where its links lead.
func pwshLinkReads(dirs []string, f runFiles) ([]string, error) {
	var out, walked []string
	budget := effect.MaxLinkWalk
	for i := 0; i < len(dirs); i++ {
		d := dirs[i] // its wildcards kept: the reader expands them (./*)
		if _, after, ok := strings.Cut(d, "::"); ok {
			d = after // a provider path
		}
		if strings.Contains(dirs[i], pwsh.Unknown) || len(walked) >= effect.MaxLinkTargets {
			return nil, pwshLinkError()
		}
		if slicesHas(walked, d) {
			continue
		}
		walked = append(walked, d)
		targets, seen, ok := f.TreeLinks(d, budget)
		if budget -= seen; !ok || budget <= 0 {
			return nil, pwshLinkError()
		}
		for _, t := range targets {
			out = append(out, t, strings.TrimSuffix(t, "/")+"/**")
			dirs = append(dirs, t) // a link to a directory that links on
		}
	}
	return out, nil
}

// pwshLinkError is the block for a link walk guard cannot finish.
func pwshLinkError() error {
	return &agent.Error{Field: "command", Limit: true, Problem: "is a PowerShell command that follows the links in a directory guard cannot tell or that holds more than guard looks at (Get-ChildItem -FollowSymlink, Copy-Item -Recurse, Compress-Archive): guard cannot tell whether a link in it leads to a protected place (name a smaller directory, or list without -FollowSymlink)"}
}

// slicesHas reports whether s holds v.
func slicesHas(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
