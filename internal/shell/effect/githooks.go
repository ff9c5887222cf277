package effect

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// GitHookNames are the names git runs as hooks from .git/hooks
// (githooks(5)).
const GitHookNames word.Set = " applypatch-msg pre-applypatch post-applypatch pre-commit pre-merge-commit prepare-commit-msg commit-msg post-commit pre-rebase post-checkout post-merge pre-push pre-receive update proc-receive post-receive post-update reference-transaction push-to-checkout pre-auto-gc post-rewrite sendemail-validate fsmonitor-watchman p4-changelist p4-prepare-changelist p4-post-changelist p4-pre-submit post-index-change "

// unknownDirHook records, for p, a name written or touched relative to
// the shell's directory, a hook's name written in a directory guard
// cannot tell (cd "$(…)" && cp x pre-commit): that directory may be a
// repository's .git/hooks, so the write is also recorded there, under the
// unknown directory, for the path rules to weigh (fifth attack F6).
func (w *Ledger) unknownDirHook(p string, k pathKind) {
	name := strings.TrimPrefix(p, "./")
	if k == readPath || w.Dir == "" || !GitHookNames.Has(name) || word.IsKnown(path.Base(w.Dir)) {
		return
	}
	w.record(Under(w.Dir, ".git/hooks/"+name), k)
}
