//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitRevisionLinks: a symbolic link in a revision's tree (mode 120000)
// that git checkout, switch, merge, cherry-pick, restore or checkout --
// writes is ln -s's link: one to the home, to ~/.ssh (an
// absolute or a relative target), or to a directory holding the home
// blocks; a branch whose links stay inside the project (current -> src)
// passes, and so does a pathspec that leaves the link out.
func TestGitRevisionLinks(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	homeDir, proj := scriptWorld(t, map[string]string{"README": "a\n", "src/x.go": "package src\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	branch := func(name string, links map[string]string) {
		gitIn(t, proj, "checkout", "-qb", name, "main")
		for l, target := range links {
			if err := os.Symlink(target, filepath.Join(proj, l)); err != nil {
				t.Fatal(err)
			}
		}
		gitIn(t, proj, "add", "-A")
		gitIn(t, proj, "commit", "-qm", name)
		gitIn(t, proj, "checkout", "-q", "main")
	}
	names := map[string]string{"home": "h", "ssh": "keys", "up": "up"}
	branch("home", map[string]string{"h": homeDir})
	branch("ssh", map[string]string{"keys": "../home/.ssh"})
	branch("up", map[string]string{"up": ".."})
	branch("ok", map[string]string{"current": "src", "py": "/usr/bin/python3"})
	p := realPolicy(t, "")
	for _, pack := range []bool{false, true} {
		if pack {
			gitIn(t, proj, "gc", "-q")
		}
		for _, rev := range []string{"home", "ssh", "up"} {
			for _, cmd := range []string{"git checkout " + rev, "git switch " + rev, "git merge " + rev, "git cherry-pick " + rev, "git restore --source " + rev + " " + names[rev], "git checkout " + rev + " -- " + names[rev]} {
				checkRule(t, p, proj, cmd, "blocked_path", "")
			}
		}
		for _, cmd := range []string{"git checkout ok", "git switch ok", "git merge ok", "git cherry-pick ok", "git restore --source ok current", "git restore --source home README", "git checkout main"} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
	// The index holds the link (staged earlier): git checkout -- h writes it.
	gitIn(t, proj, "checkout", "-q", "home", "--", "h")
	if err := os.Remove(filepath.Join(proj, "h")); err != nil {
		t.Fatal(err)
	}
	checkRule(t, p, proj, "git checkout -- h", "blocked_path", "")
	checkRule(t, p, proj, "git restore h", "blocked_path", "")
	checkRule(t, p, proj, "git checkout -- README", "", "")
	// Once on disk as the tree holds it, the link is not made again.
	gitIn(t, proj, "reset", "-q", "--hard", "main")
	gitIn(t, proj, "checkout", "-q", "ok")
	checkRule(t, p, proj, "git checkout ok -- current py", "", "")
}

// TestGitNewTreeLinkReads: a read through a link git writes into a new
// working tree in the same command: git clone -b lnk .
// sub and git worktree add ../w lnk, where lnk holds h -> the home, then
// cat sub/h/.ssh/id_rsa, blocks; so does the same from a remote guard
// cannot read; an everyday read of the new tree passes.
func TestGitNewTreeLinkReads(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	homeDir, proj := scriptWorld(t, map[string]string{"README": "a\n", "src/x.go": "package src\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "checkout", "-qb", "lnk", "main")
	if err := os.Symlink(homeDir, filepath.Join(proj, "h")); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "lnk")
	// keys: a link straight to ~/.ssh, read by its own tail: resolved
	// through the revision's links (a local repository).
	gitIn(t, proj, "checkout", "-qb", "keys", "main")
	if err := os.Symlink(filepath.Join(homeDir, ".ssh"), filepath.Join(proj, "k")); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "keys")
	gitIn(t, proj, "checkout", "-q", "main")
	p := realPolicy(t, "")
	for _, cmd := range []string{
		"git clone -q . sub -b keys && cat sub/k/id_rsa",
		"git worktree add ../w keys && cat ../w/k/id_rsa",
		"git clone -q . sub -b lnk && cat sub/h/.ssh/id_rsa",
		"git worktree add ../w lnk && cat ../w/h/.ssh/id_rsa",
		"git clone -q https://example.com/r.git sub && cat sub/h/.ssh/id_rsa",
		"git clone -q https://example.com/r.git && cd r && cat h/.ssh/id_rsa",
		"mkdir d && tar xzf a.tgz -C d && head d/h/.ssh/id_rsa",
	} {
		checkRule(t, p, proj, cmd, "blocked_path", "")
	}
	for _, cmd := range []string{
		"git clone -q https://example.com/r.git sub && cat sub/README",
		"git clone -q https://example.com/r.git sub && cat sub/src/x.go",
		"git worktree add ../w main && cat ../w/src/x.go",
		"git clone -q . sub && cat sub/README",
		"mkdir d && tar xzf a.tgz -C d && cat d/src/main.go",
	} {
		checkRule(t, p, proj, cmd, "", "")
	}
}
