//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/effect"
)

// linkWorld makes a project with links of its own (a package manager's
// node_modules/.bin, a relative link inside it) and, when out is set, a
// link from the project to out.
func linkWorld(t *testing.T, out func(homeDir string) string) (homeDir, proj string) {
	t.Helper()
	homeDir, proj = scriptWorld(t, map[string]string{
		"src/main.go":                        "package main\n",
		"node_modules/tsc/bin/tsc":           "#!/usr/bin/env node\n",
		"node_modules/.pnpm/lodash/index.js": "module.exports = {}\n",
	})
	os.WriteFile(filepath.Join(homeDir, ".ssh", "id_rsa"), []byte("k\n"), 0o600)
	for name, target := range map[string]string{
		"node_modules/.bin/tsc": "../tsc/bin/tsc",
		"node_modules/lodash":   ".pnpm/lodash",
		"current":               "src",
		"py":                    "/usr/bin/python3",
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(proj, name)), 0o755)
		if err := os.Symlink(target, filepath.Join(proj, name)); err != nil {
			t.Fatal(err)
		}
	}
	if out != nil {
		if err := os.Symlink(out(homeDir), filepath.Join(proj, "src", "up")); err != nil {
			t.Fatal(err)
		}
	}
	return homeDir, proj
}

// TestFollowedTreeLinks: a recursive read that follows links reads where
// the links inside its directory lead: a link to the home, to
// ~/.ssh, or to a directory outside that links on to the home makes it a
// read of them; reads that keep links, and projects whose links stay
// inside or lead to system files, pass.
func TestFollowedTreeLinks(t *testing.T) {
	follow := []string{
		"grep -R BEGIN .", "grep -R BEGIN src", "grep --dereference-recursive x .", "rg -L --hidden k",
		"find -L . -name id_rsa -exec cat {} +", "cp -rL . /tmp/p9", "rsync -aL . /tmp/p9", "rsync -rk src /tmp/p9",
		"tar chzf /tmp/p.tgz .", "tar -czhf /tmp/p.tgz src", "tar --dereference -czf /tmp/p.tgz .",
		"zip -qr /tmp/p.zip .", "7z a /tmp/p.7z .", "diff -r src /tmp/other", "ag -f --hidden k",
		// file servers serve what the links lead to
		"python3 -m http.server 8000", "npx serve src", "php -S 127.0.0.1:8000",
		// without --hidden the link is entered by its own name.
		"rg -L k", "rg -L k .", "rg --follow k src", "ag -f k", "ag --follow k .", "pt --follow k .",
		// getopt prefixes, bsdtar -L, recursive programs guard does not
		// know, interpreter code that walks a tree.
		"grep --deref x .", "grep --dereference-r x .", "grep --deref -r x .", "grep -R -r x .",
		"tar --dere -czf /tmp/p.tgz .", "tar -czLf /tmp/p.tgz .", "bsdtar -czLf /tmp/p.tgz .",
		"gzip -rf .", "gzip -r -f src", "pigz -r .", "rclone copy -L . /tmp/rc",
		"python3 -m zipfile -c /tmp/z.zip .", `python3 -c 'import shutil; shutil.copytree(".", "/tmp/cp2")'`,
		`python3 -c 'import shutil; shutil.copytree(src, "/tmp/cp2")'`, `python3 -c 'import shutil; shutil.make_archive("/tmp/a", "zip")'`,
		`python3 -c 'import os; print(list(os.walk("src", followlinks=True)))'`,
		// any library's link-following switch, positional followlinks.
		`python3 -c 'import tarfile; t=tarfile.open("/tmp/x.tgz","w:gz",dereference=True); t.add(".")'`,
		`python3 -c 'import tarfile; t=tarfile.open("/tmp/x.tgz","w:gz",dereference=True); t.add("src")'`,
		`python3 -c 'import os; [print(f) for r,d,fs in os.walk(".",True,None,True) for f in fs]'`,
		`perl -MFile::Find -e 'find({wanted=>sub{ print "$_\n" }, follow=>1}, ".")'`,
		`node -e 'require("fs").cpSync(".","/tmp/cp2",{recursive:true,dereference:true})'`,
		`node -e 'require("fs").cpSync("src","/tmp/cp2",{recursive:true,dereference:true})'`,
		// fd -L, aws s3 sync (follows by default), chmod/chown -R -L,
		// unknown programs' long follow options.
		"fd -L -t f . -x cat", "fd --follow --type f --exec cat", "fdfind -L -t f -x cat", "aws s3 sync . s3://bkt/x",
		"chmod -RL 777 .", "chmod -R --dereference 777 .", "chmod -R -L o+r .", "chown -RL u .", "chgrp --recursive -L g .",
		"mytool --follow-links .", "mytool --dereference-recursive .", "mytool --follow-symlinks src",
	}
	keep := []string{
		"grep -r BEGIN .", "rg k", "rg --hidden k", "tar czf /tmp/p.tgz .", "chmod -R u+w .", "gzip -k a.txt",
		`python3 -c 'import os; print(list(os.walk(".")))'`, "rclone copy . /tmp/rc", "grep --recursive x .", "zip -qry /tmp/p.zip .", "cp -r . /tmp/p9",
		"rsync -a . /tmp/p9", "find . -name '*.go'", "diff -r --no-dereference src /tmp/other", "7z a -snl /tmp/p.7z .",
		`python3 -c 'import tarfile; t=tarfile.open("/tmp/x.tgz","w:gz",dereference=False); t.add(".")'`,
		`python3 -c 'import os; print(list(os.walk(".", followlinks=False)))'`,
		`node -e 'require("fs").cpSync(".","/tmp/cp2",{recursive:true})'`,
		`perl -MFile::Find -e 'find(sub{ print "$_\n" }, ".")'`,
		"fd -t f .", "fd -e go", "aws s3 sync --no-follow-symlinks . s3://b", "aws s3 ls", "chmod -L 644 src/main.go",
		"chown -R u src", "mytool --no-follow .",
	}
	for _, w := range []struct {
		name string
		out  func(string) string
	}{
		{"home", func(h string) string { return h }},
		{"ssh", func(h string) string { return filepath.Join(h, ".ssh") }},
		{"key", func(h string) string { return filepath.Join(h, ".ssh", "id_rsa") }},
		{"relative", func(string) string { return "../../home" }},
		{"chain", func(h string) string {
			mid := filepath.Join(filepath.Dir(h), "mid")
			os.MkdirAll(mid, 0o755)
			os.Symlink(h, filepath.Join(mid, "h"))
			return mid
		}},
	} {
		t.Run(w.name, func(t *testing.T) {
			_, proj := linkWorld(t, w.out)
			p := realPolicy(t, "")
			for _, cmd := range follow {
				checkRule(t, p, proj, cmd, "blocked_path", "")
			}
			for _, cmd := range keep {
				if strings.HasPrefix(cmd, "diff -r") || cmd == "rg --hidden k" {
					continue // diff prints lines with no file name, of a tree guard cannot walk (the link); rg's status and pattern are not modelled
				}
				if cmd == "rclone copy . /tmp/rc" || strings.HasPrefix(cmd, "aws s3 sync") || strings.HasPrefix(cmd, "mytool") {
					// A program guard knows nothing of, given a directory
					// holding .env: A's failure route blocks (listings_test.go).
					checkRule(t, p, proj, cmd+" && true", "blocked_path", "a program guard knows nothing of")
					continue
				}
				checkRule(t, p, proj, cmd, "", "")
			}
		})
	}
	t.Run("everyday", func(t *testing.T) {
		_, proj := linkWorld(t, nil)
		p := realPolicy(t, "")
		for _, cmd := range append(follow, keep...) {
			if cmd == "find -L . -name id_rsa -exec cat {} +" || strings.HasSuffix(cmd, " cat") {
				continue // cat of what find names: files named id_rsa anywhere; of a tree whose links guard does not walk
			}
			if pr := treePrints(cmd, false); pr == nil && !strings.HasPrefix(cmd, "tar") && !strings.HasPrefix(cmd, "cp ") || pr != nil && pr.FollowsLinks() {
				continue // a reader guard does not model, or grep -R, of a tree whose links it does not walk: agent A blocks
			}
			checkRule(t, p, proj, cmd, "", "")
		}
	})
	t.Run("made in the command", func(t *testing.T) {
		_, proj := linkWorld(t, nil)
		p := realPolicy(t, "")
		checkRule(t, p, proj, "tar xzf a.tgz && grep -R x .", "unparsable_command", "follows the links")
		checkRule(t, p, proj, "git clone -q https://example.com/r.git r && zip -qr /tmp/r.zip r", "unparsable_command", "follows the links")
		checkRule(t, p, proj, `grep -R x "$(cat dirs.txt)"`, "unparsable_command", "follows the links")
	})
}

// TestFollowedTreeBound: past effect.MaxLinkWalk entries the walk stops and
// the read is a block that says why; a read that keeps links is not walked.
func TestFollowedTreeBound(t *testing.T) {
	_, proj := scriptWorld(t, nil)
	big := filepath.Join(proj, "big")
	for i := 0; i < 11; i++ {
		d := filepath.Join(big, strconv.Itoa(i))
		os.MkdirAll(d, 0o755)
		for j := 0; j < effect.MaxLinkWalk/10; j += 1000 {
			os.WriteFile(filepath.Join(d, strconv.Itoa(j)), nil, 0o644)
		}
	}
	f := runFiles{base: proj}
	if _, seen, ok := f.TreeLinks("big", 100); ok || seen <= 100 {
		t.Errorf("TreeLinks past a budget of 100: seen %d, ok %v; want past it and false", seen, ok)
	}
	if targets, _, ok := f.TreeLinks("big", effect.MaxLinkWalk); !ok || len(targets) != 0 {
		t.Errorf("TreeLinks of a tree without links: %v, %v", targets, ok)
	}
	deep := proj
	for i := 0; i <= effect.MaxLinkDepth; i++ {
		deep = filepath.Join(deep, "d")
	}
	os.MkdirAll(deep, 0o755)
	if _, _, ok := f.TreeLinks("d", effect.MaxLinkWalk); ok {
		t.Errorf("TreeLinks deeper than MaxLinkDepth: ok")
	}
	p := realPolicy(t, "")
	checkRule(t, p, proj, "grep -R x d", "unparsable_command", "more than guard looks at")
	checkRule(t, p, proj, "grep -r x d", "", "")
}
