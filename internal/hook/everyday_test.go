package hook

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestEveryday runs the everyday commands of testdata/everyday.txt through
// what `guard test command` runs, with the default policy in both bash.match
// modes, in a project directory and (lines marked "both") in the home
// directory: each must be allowed. A block here is a false positive that
// either needs fixing or a documented reason and a move to commands.tsv.
// The project is a real one (everydayRepo): a git repository with a
// branch, a remote and a stash, an ignored .env, manifests and a
// Makefile; the home holds ~/.ssh.
func TestEveryday(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := everydayRepo(t, dir)
	text, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	commands, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	commands.Bash.Match = policy.MatchCommands

	f, err := os.Open("testdata/everyday.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, cases := 0, 0
	for sc.Scan() {
		n++
		l := sc.Text()
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		where, command, ok := strings.Cut(l, "\t")
		if !ok || where != "both" && where != "proj" && where != "fp" {
			t.Fatalf("everyday.txt:%d: want both|proj|fp<TAB>command", n)
		}
		if where != "fp" {
			cases++ // a command that must pass
		}
		command = unescapeCase(command)
		cwds := []string{proj}
		if where == "both" {
			cwds = append(cwds, dir)
		}
		for _, cwd := range cwds {
			for _, mode := range []struct {
				name string
				p    *policy.Policy
			}{{"text", text}, {"commands", commands}} {
				r, err := DryRun(mode.p, "command", command, cwd)
				if err != nil {
					t.Errorf("everyday.txt:%d %s mode in %s: %q: %v", n, mode.name, cwd, command, err)
					continue
				}
				if where == "fp" {
					if r.Verdict == "allow" {
						t.Errorf("everyday.txt:%d %s mode: %q, an accepted false positive, is allowed now: mark it proj and drop it from docs/DECISIONS.md", n, mode.name, command)
					}
					continue
				}
				if r.Verdict != "allow" {
					t.Errorf("everyday.txt:%d %s mode in %s: %q blocked by %s: %s", n, mode.name, cwd, command, r.Rule, r.Reason)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cases < 300 {
		t.Errorf("everyday.txt holds %d commands, want at least 300", cases)
	}
}

// everydayRepo makes the project TestEveryday runs in, under the home
// directory dir: what an agent works in (sources, manifests, a Makefile,
// an ignored .env), a git repository with commits on main and a feature
// branch checked out before it, an origin to fetch and push, and a
// stash; the home holds ~/.ssh/id_rsa. Without git the project is the
// same files in a plain directory.
func everydayRepo(t *testing.T, dir string) string {
	t.Helper()
	proj := filepath.Join(dir, "proj")
	files := map[string]string{
		".ssh/id_rsa":              "-----BEGIN OPENSSH PRIVATE KEY-----\nx\n-----END OPENSSH PRIVATE KEY-----\n",
		"proj/.env":                "DB_PASS=hunter2xyz\n",
		"proj/.gitignore":          ".env\nnode_modules/\nbuild/\ndist/\n",
		"proj/go.mod":              "module example.com/widgets\n\ngo 1.26\n",
		"proj/main.go":             "package main\n\nfunc main() {}\n",
		"proj/main_test.go":        "package main\n\nimport \"testing\"\n\nfunc TestParse(t *testing.T) {}\n",
		"proj/src/x.go":            "package src\n\n// TODO: more\nvar X = 1\n",
		"proj/src/a.go":            "package src\n\nvar A = 2\n",
		"proj/package.json":        `{"name":"widgets","scripts":{"test":"node t.js","build":"node b.js","lint":"node t.js"}}` + "\n",
		"proj/t.js":                "console.log('ok')\n",
		"proj/b.js":                "console.log('built')\n",
		"proj/Makefile":            "test:\n\tgo test ./...\nbuild:\n\tgo build ./...\n",
		"proj/README.md":           "# widgets\n",
		"proj/config.example.yaml": "port: 8080\n",
		"proj/docs/guide.md":       "guide\n",
		"proj/requirements.txt":    "requests\n",
		"proj/Dockerfile":          "FROM node:20\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci\nCOPY . .\nRUN npm run build\nCMD [\"node\", \"b.js\"]\n",
		"proj/go.Dockerfile": "# syntax=docker/dockerfile:1\nFROM golang:1.22 AS build\nWORKDIR /src\nCOPY go.mod ./\nRUN go mod download\nCOPY . .\nRUN CGO_ENABLED=0 go build -o /out/app .\n" +
			"FROM debian:bookworm-slim\nRUN apt-get update && apt-get install -y ca-certificates \\\n  && rm -rf /var/lib/apt/lists/*\nCOPY --from=build /out/app /usr/local/bin/app\nENTRYPOINT [\"/usr/local/bin/app\"]\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := exec.LookPath("git"); err != nil {
		return proj
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b",
			"GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-qm", "init")
	git("clone", "-q", "--bare", ".", filepath.Join(dir, "origin.git"))
	git("remote", "add", "origin", filepath.Join(dir, "origin.git"))
	git("fetch", "-q", "origin")
	git("branch", "-q", "--set-upstream-to=origin/main", "main")
	git("checkout", "-qb", "feature/x")
	if err := os.WriteFile(filepath.Join(proj, "src", "a.go"), []byte("package src\n\nvar A = 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-qam", "feature")
	git("checkout", "-q", "main")
	if err := os.WriteFile(filepath.Join(proj, "README.md"), []byte("# widgets, edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("stash", "-q")
	return proj
}
