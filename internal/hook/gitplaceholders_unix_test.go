//go:build unix

package hook

import (
	"testing"
)

// TestGitPlaceholders: git puts a file of the repository where a clean or
// smudge filter says %f, and a temporary file holding a side of the merge
// where a merge driver says %A, %O, %B (FINDINGS50a F3): as code (sh %A,
// sed -f %f) what runs is the committed text, which guard cannot tell; as
// data (cat %f, diff %O %A) it stays harmless.
func TestGitPlaceholders(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{
		".gitattributes": "e.txt filter=x\nm.sh merge=x\n", "e.txt": "1e sh p.sh\n", "m.sh": "cat ~/.ssh/id_rsa > leak.txt\n",
		"p.sh": "cat ~/.ssh/id_rsa > leak.txt\n",
	})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", ".gitattributes", "m.sh")
	gitIn(t, proj, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "m")
	gitIn(t, proj, "branch", "b")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"git -c filter.x.clean='sed -f %f' add e.txt", "git -c filter.x.clean='sed -nf %f' add e.txt",
			"git -c filter.x.clean='sed --file=%f' add e.txt", "git -c filter.x.smudge='sh %f' checkout e.txt",
			"git -c merge.x.driver='sh %A' merge b", "git -c merge.x.driver='sed -f %A' merge b",
			"git -c merge.x.driver='. %O' merge b", "git -c merge.x.driver='sh %B %A' merge -q b",
		} {
			checkRule(t, p, proj, cmd, "unparsable_command", "")
		}
		for _, cmd := range []string{
			"git -c filter.x.clean='cat %f' add e.txt", "git -c filter.x.clean='gzip -c' add e.txt",
			"git -c merge.x.driver='diff %O %A' merge b", "git -c merge.x.driver='cat %%A' merge b",
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
		// A substitution in the filter's text that finds nothing new
		// (ls) once took a nil find for one (a panic: internal_error).
		checkRule(t, p, proj, `git -c filter.x.clean='git-lfs clean -- "$(ls)"' add e.txt`, "unresolved_path", "")
	}
}
