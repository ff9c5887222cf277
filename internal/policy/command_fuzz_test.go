package policy

import (
	"errors"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell"
)

// FuzzEvaluateCommand: a command, in either bash.match mode, is evaluated
// without a panic or an error, a command that could not be parsed or
// checked whole is never allowed when it holds something a shell could run
// (fail closed), and a block by a rule of the policy explains itself on one
// line.
func FuzzEvaluateCommand(f *testing.F) {
	for _, s := range []string{"rm -rf /", "echo ok; )", "for f in *.go; echo $f", "echo 'unclosed", "bash <<EOF\nrm -rf /",
		"cat <<'EOF'\nx", "(((((", "$(", "`", "echo ${x", "f(){ :|:& };f", "a=(", "case x in", ";;", ")", "if true; then echo",
		"crontab x", "curl x | at now", "sed e f", "git -C x reset --hard", "git clean -fdx -e .env", "git push -f --force-with-lease",
		"git restore -SW .", "git branch -D x | git branch -d y", "git clean -n | git clean -f"} {
		f.Add(s)
	}
	text, err := Default()
	if err != nil {
		f.Fatal(err)
	}
	commands, _ := Default()
	commands.Bash.Match = MatchCommands
	f.Fuzz(func(t *testing.T, cmd string) {
		a := shell.Analyze(cmd, shell.Options{Home: text.Home})
		var pe *shell.ParseError
		mustBlock := errors.Is(a.Err, shell.ErrLimit) || errors.Is(a.Err, shell.ErrHidden) ||
			errors.As(a.Err, &pe) && !pe.Recovered && runsSomething(cmd)
		for _, p := range []*Policy{text, commands} {
			v, err := p.Evaluate([]event.Input{{Kind: event.KindCommand, Text: cmd}})
			if err != nil {
				t.Fatalf("%q: %v", cmd, err)
			}
			if mustBlock && !v.Blocked() {
				t.Fatalf("%q (match %s): %v, allowed", cmd, p.Bash.Match, a.Err)
			}
			_, quoted, _ := strings.Cut(v.Finding.LogReason, "/ in '")
			if v.Blocked() && len(cmd) > 3 && strings.Contains(quoted, cmd) {
				t.Fatalf("%q: LogReason quotes the command: %s", cmd, v.Finding.LogReason)
			}
			if _, known := p.Help(v.Finding.Rule); v.Blocked() && known && !strings.Contains(v.Finding.Reason, "could not be compiled") &&
				(!strings.HasPrefix(v.Finding.Explain, "why: ") || strings.Contains(v.Finding.Explain, "\n")) {
				t.Fatalf("%q: block by %s explained %q", cmd, v.Finding.Rule, v.Finding.Explain)
			}
		}
	})
}
