//go:build unix

package hook

import (
	"testing"
)

// TestGitFedText: a program git feeds text on standard input (a clean
// filter, a pager) that reads it as commands (ed, sqlite3, vim -es) runs
// the file's text (FINDINGS49a S3): only a program known to read it as
// data passes.
func TestGitFedText(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{".gitattributes": "k.txt filter=x\n", "k.txt": "!cat ~/.s?h/id* >&2\nq\n", "a.txt": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "a.txt")
	gitIn(t, proj, "commit", "-qm", "a")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"git -c filter.x.clean='ed -s' add k.txt", "git -c filter.x.clean=sqlite3 add k.txt",
			"git -c filter.x.clean='vim -es' add k.txt", "git -c filter.x.clean='ex -s' add k.txt",
			"git -c core.pager='ed -s' log",
		} {
			checkRule(t, p, proj, cmd, "unparsable_command", "as data only")
		}
		for _, cmd := range []string{
			"git -c filter.x.clean='gzip -c' add k.txt", "git -c core.pager='less -R' log", "git -c pager.log=cat log",
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}
