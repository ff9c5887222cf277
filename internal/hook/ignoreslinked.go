package hook

import (
	"os"
	"slices"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/realpath"
	"github.com/guardhq/guard/internal/shell"
)

// ignoresLinked returns inputs with no read marked Unignored (git add
// without -f, then a push or a printer: policy.unignoredBlocked reads the
// ignore files as they are before the call) when a write or touch of the
// call may change git's ignore rules where its name does not say so (the
// analysis decides from names: shell.GitIgnoreFile): a path a symbolic
// link leads to one of them today (echo '!.env' >> g, g -> .gitignore),
// an existing directory written, or an existing file with another hard
// link (ln .gitignore g, made by an earlier call). Such a tree is then walked as on
// disk. It copies inputs before it changes one; res is the resolver that
// followed the inputs' links (nil: none).
func ignoresLinked(inputs []event.Input, res *realpath.Resolver) []event.Input {
	if res == nil || !slices.ContainsFunc(inputs, func(in event.Input) bool { return in.Unignored }) || !ignoresMayMove(inputs, res) {
		return inputs
	}
	out := slices.Clone(inputs)
	for i := range out {
		out[i].Unignored = false
	}
	return out
}

// ignoresMayMove reports whether a write or touch of inputs may change
// git's ignore rules where its name does not say so (see ignoresLinked).
func ignoresMayMove(inputs []event.Input, res *realpath.Resolver) bool {
	userHome, _ := home.UserHome()
	for _, in := range inputs {
		if in.Kind != event.KindWrite && in.Kind != event.KindTouch || realpath.HasGlob(in.Text) {
			continue // a pattern: the analysis counted it
		}
		p := path.ExpandHome(in.Text, userHome)
		// A name the analysis judged (git's own .git/index, reached
		// through a linked project directory) is not judged again; a
		// link the command makes is the analysis's too.
		if !shell.GitIgnoreFile(p) && slices.ContainsFunc(res.Current(p), shell.GitIgnoreFile) {
			return true
		}
		if !res.Exists(p) {
			continue
		}
		if fi, err := os.Stat(p); err == nil && fi.IsDir() && in.Kind == event.KindWrite {
			return true
		}
		if _, links, ok := fileID(p); ok && links > 1 {
			return true
		}
	}
	return false
}
