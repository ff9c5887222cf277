//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitPushLocalHooks: git push to a repository on this machine runs
// the receiving repository's hooks (pre-receive, update, post-receive…)
// here, as the user: guard reads them as the scripts they are, whether
// the destination is a path, a file:// URL or a remote whose url is one;
// a push to another machine runs none here (FINDINGS50a F7's copy route).
func TestGitPushLocalHooks(t *testing.T) {
	leak := "#!/bin/sh\ncat ~/.ssh/id_rsa > leak.txt\n"
	_, proj := gitKeyWorld(t, map[string]string{"a.txt": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "a.txt")
	gitIn(t, proj, "commit", "-qm", "a")
	gitIn(t, proj, "init", "-q", "--bare", "r.git")
	gitIn(t, proj, "init", "-q", "--bare", "clean.git")
	gitIn(t, filepath.Dir(proj), "init", "-q", "other")
	for p, text := range map[string]string{
		filepath.Join(proj, "r.git", "hooks", "pre-receive"):                        leak,
		filepath.Join(filepath.Dir(proj), "other", ".git", "hooks", "post-receive"): leak,
	} {
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, proj, "remote", "add", "origin", "r.git")
	gitIn(t, proj, "remote", "add", "up", "../other")
	gitIn(t, proj, "remote", "add", "gh", "git@github.com:a/b.git")
	gitIn(t, proj, "remote", "add", "ok", "clean.git")
	gitIn(t, proj, "config", "url."+filepath.Join(proj, "r.git")+".insteadOf", "gh2:")
	gitIn(t, proj, "config", "url.git@github.com:.insteadOf", "https://github.com/")
	// FINDINGS52a: a dotted name, a pushurl before the url, several urls,
	// a rewrite whose prefix is a remote's name, an absolute url.
	gitIn(t, proj, "remote", "add", "my.r", "r.git")
	gitIn(t, proj, "config", "remote.pu.pushurl", "r.git")
	gitIn(t, proj, "config", "remote.pu.url", "git@github.com:a/b.git")
	gitIn(t, proj, "config", "--add", "remote.mu.url", "git@github.com:a/b.git")
	gitIn(t, proj, "config", "--add", "remote.mu.url", "r.git")
	gitIn(t, proj, "config", "url.git@github.com:a/.insteadOf", "nick")
	gitIn(t, proj, "remote", "add", "nick", "r.git")
	gitIn(t, proj, "remote", "add", "abs", filepath.Join(proj, "r.git"))
	gitIn(t, proj, "init", "-q", "--bare", "gc.git")
	gitIn(t, proj, "init", "-q", "co")
	gitIn(t, filepath.Join(proj, "co"), "config", "receive.denyCurrentBranch", "updateInstead")
	gitIn(t, proj, "worktree", "add", "-q", "../w1", "-b", "w1")
	for p, text := range map[string]string{
		filepath.Join(proj, "gc.git", "hooks", "pre-auto-gc"): leak,
		filepath.Join(proj, "sub", "x.txt"):                   "x\n",
	} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"git push r.git HEAD:refs/heads/zz", "git push ./r.git HEAD:zz", `git push "file://$PWD/r.git" HEAD:zz`,
			"git push", "git push origin main", "git push -u origin main", "git push up HEAD:x", "git push ../other HEAD:x",
			"git -C .. -C " + filepath.Base(proj) + " push r.git HEAD:zz", "git push gh2: main",
			// FINDINGS52a G1: options with a separate value, abbreviated,
			// --repo beside an operand; G2 remotes; G3 file:// URLs; G5
			// gc's hook; G7 git-SUB programs; G8 from the top; G10 a
			// rewrite is of URLs, not of remote names; G11 a worktree.
			"git push --receive-pack git-receive-pack r.git main", "git push --exec git-receive-pack r.git main",
			"git push --recurse-submodules no r.git main", "git push --recei git-receive-pack r.git main",
			"git push --repo=gh r.git main", "git push --repo gh -- r.git main", "git send-pack --exec git-receive-pack r.git main",
			"git push my.r main", "git push pu main", "git push mu main", "git push nick main",
			`git push "file://localhost$PWD/r.git" main`, `git push "file://$PWD/r%2egit" main`,
			"git push gc.git main", "git-receive-pack r.git < /dev/null", "/usr/lib/git-core/git-push r.git main",
			"cd sub && git push r.git main", "git -C sub push my.r main",
			"git -C ../w1 push abs HEAD:x", "cd ../w1 && git push abs HEAD:x",
			"git send-pack ./r.git main", "echo 0000 | git receive-pack r.git",
			// receive-pack tries the name with /.git, .git/.git and .git
			// after it, as git's enter_repo does.
			"git push ./r HEAD:zz", "git push r HEAD:zz", "echo 0000 | git receive-pack r",
		} {
			checkRule(t, p, proj, cmd, "blocked_path", "")
		}
		// A destination the command's own settings name: not followed.
		checkRule(t, p, proj, "git -c remote.x.url=r.git push x", "unparsable_command", "")
		for _, cmd := range []string{
			"git -c remote.z.q.url=r.git push z.q main", "git -c url.r.git.insteadOf=https://x.example/a push https://x.example/a main",
			"HOME=/tmp/elsewhere git push https://github.com/a/b main", "git push --exec-x r.git main", "git push co main",
			"git push foo::bar main", "git push -z gh main",
			// No repository there now, but the command makes one (with
			// hooks) before the push runs.
			"git clone -q --bare . made.git && git push made.git main",
			"git clone -q --bare . made.git && printf '#!/bin/sh\\ncat k\\n' > made.git/hooks/pre-receive && git push made.git main",
			"cp -r r.git made.git && git push ./made.git main", "mkdir -p ../made/hooks && git push ../made main",
			// git's own suffix, a move or a link of an existing repository,
			// a push that runs after a later write (FINDINGS54b G7, G16)
			"mv r.git ../mv1.git && git push ../mv1 main", "ln -s r.git ln1.git && git push ./ln1 main",
			"(sleep 1; git push ./bg.git main) & cp -r r.git bg.git; wait",
			"while git push ./lp.git main; [ ! -d lp.git ]; do mv r.git lp.git; done; true",
		} {
			checkRule(t, p, proj, cmd, "unparsable_command", "")
		}
		for _, cmd := range []string{
			"git push gh main", "git push -u gh feature", "git push --force-with-lease gh main", "git push --tags gh",
			"git push ok main", "git push clean.git HEAD:x", "git push https://github.com/a/b main",
			"git -c http.extraHeader=x push gh main", "git send-pack git@github.com:a/b main",
			"git push --forc gh main", "git push -o ci.skip gh main", "git push --recurse-submodules=on-demand gh main",
			"git -C .. push " + filepath.Base(proj) + "/r.git HEAD:zz",             // no repository there: git refuses
			"echo x > a.txt && git push ./absent.git main",                         // a write elsewhere
			"git push ./absent.git main; echo x > a.txt", "git push ./absent main", // a write elsewhere after it
			"git -C ../w1 push gh HEAD:x", "git push ssh://git@example.com/r.git main", "git push https://github.com/a/b.git main",
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}

// TestGitPushSubmodules: with --recurse-submodules on-demand or only (or
// push.recurseSubmodules, submodule.recurse) git push pushes each
// submodule to its own remote, which guard does not follow: cannot-tell in
// a repository that has submodules; check and no push none (FINDINGS52a
// G12). A git-SUB program is git SUB (G7).
func TestGitPushSubmodules(t *testing.T) {
	leak := "#!/bin/sh\ncat ~/.ssh/id_rsa > leak.txt\n"
	_, proj := gitKeyWorld(t, map[string]string{"a.txt": "a\n", ".gitmodules": "[submodule \"sm\"]\n\tpath = sm\n\turl = ../sm.git\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "remote", "add", "gh", "git@github.com:a/b.git")
	if err := os.WriteFile(filepath.Join(proj, ".git", "hooks", "pre-commit"), []byte(leak), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"git push --recurse-submodules=on-demand gh main", "git push --recurse-submodules only gh main",
			"git push --recurse-sub=on-demand gh main",
		} {
			checkRule(t, p, proj, cmd, "unparsable_command", "")
		}
		for _, cmd := range []string{"/usr/lib/git-core/git-commit --allow-empty -m x", "git-commit --allow-empty -m x"} {
			checkRule(t, p, proj, cmd, "blocked_path", "")
		}
		for _, cmd := range []string{
			"git push gh main", "git push --recurse-submodules=check gh main", "git push --no-recurse-submodules gh main",
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
	gitIn(t, proj, "config", "submodule.recurse", "true")
	p := realPolicy(t, `{"bash":{"match":"text"}}`)
	checkRule(t, p, proj, "git push gh main", "unparsable_command", "")
	checkRule(t, p, proj, "git push --recurse-submodules=no gh main", "", "")
}
