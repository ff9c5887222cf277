//go:build unix

package hook

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitReplaceRefsMadeOtherwise: a replace ref made in the same command
// other than by git replace (update-ref, update-ref --stdin, push to the
// repository itself, fetch into refs/*, symbolic-ref, an alias) makes a
// later read of committed text one guard cannot tell (FINDINGS49a S6).
// Controls: ordinary refs (update-ref refs/heads/x, push origin main,
// fetch origin, branch, a deletion) leave the reads as they were.
func TestGitReplaceRefsMadeOtherwise(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	proj := historyWithEnv(t)
	remote := filepath.Join(filepath.Dir(proj), "remote.git")
	gitIn(t, proj, "clone", "-q", "--bare", ".", remote)
	gitIn(t, proj, "remote", "add", "origin", remote)
	env := gitOut(t, proj, nil, "rev-parse", "HEAD~1:.env")
	app := gitOut(t, proj, nil, "rev-parse", "HEAD:app.py")
	rr := "refs/replace/" + app
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"git update-ref " + rr + " " + env + " && git show HEAD:app.py",
			"git update-ref " + rr + " " + env + "; git cat-file -p HEAD:app.py",
			"git update-ref -m x " + rr + " " + env + " && git show HEAD:app.py",
			"git push -q . " + env + ":" + rr + " && git show HEAD:app.py",
			"git push -q . " + env + ":refs/replace/x && git show HEAD:app.py",
			"echo 'create " + rr + " " + env + "' | git update-ref --stdin && git show HEAD:app.py",
			"git fetch -q origin '+refs/*:refs/*' && git show HEAD:app.py",
			"git fetch -q . " + env + ":" + rr + " && git show HEAD:app.py",
			"git -c remote.origin.fetch=+refs/*:refs/* fetch -q origin && git show HEAD:app.py",
			"git remote add --mirror=fetch m ../remote.git && git fetch -q m && git show HEAD:app.py",
			"git symbolic-ref " + rr + " refs/heads/main && git show HEAD:app.py",
			"git fast-import < /dev/null && git show HEAD:app.py",
			"echo " + env + " > .git/" + rr + " && git show HEAD:app.py",
			"echo '" + env + " " + rr + "' >> .git/packed-refs; git cat-file -p HEAD:app.py",
		} {
			checkRule(t, p, proj, cmd, "unparsable_command", "replace ref")
		}
		for _, cmd := range []string{
			"git update-ref refs/heads/x HEAD && git show x:app.py",
			"git update-ref -d refs/heads/x && git show HEAD:app.py",
			"git push -q origin main && git show HEAD:app.py",
			"git push -q origin HEAD:main && git show HEAD:app.py",
			"git fetch -q origin && git show HEAD:app.py",
			"git fetch -q origin main:refs/remotes/origin/main && git show HEAD:app.py",
			"git branch -f y HEAD && git tag v1 && git show y:app.py",
			"git symbolic-ref HEAD && git show HEAD:app.py",
			"git commit -q --allow-empty -m z && git show HEAD:app.py",
			"echo hi > notes.txt && git show HEAD:app.py",
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}
