package hook

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// inHomeBlocks are the everyday allow lines of commands.tsv that block when
// run in the home directory itself, each with the reason: there the working
// directory holds ~/.ssh, guard's directory and the start-up files, so a
// recursive read of it, or an unknown program handed it, reaches them.
var inHomeBlocks = map[string]string{
	// node --check over what find finds: in home, find's ./**/*.js may be under ~/.ssh (FINDINGS58b FP2).
	"find . -name '*.js' -exec node --check {} \\;":       "find in home",
	"git ls-files '*.js' | xargs -n1 node --check":        "find in home",
	"find . -type f -name '*.js' | xargs -I{} node -c {}": "find in home",
	// Names produced at run time in home (a bare unknown name there may be guard's directory).
	"tmp=$(mktemp -d -p .); cp x \"$tmp\"; rm -r \"$tmp\"":         "a fresh name made in home, removed",
	"git diff --name-only | xargs gofmt -w":                        "names produced at run time in home",
	"git ls-files '*.go' | while read f; do gofmt -w \"$f\"; done": "names produced at run time in home",
	"for f in $(git ls-files '*.go'); do gofmt -w \"$f\"; done":    "names produced at run time in home",
	"find . -name \"*.go\" | xargs | xargs wc -l":                  "reads every *.go find finds under home (~/.ssh included)",
	"find . -name '*.orig' | xargs rm":                             "removes what find finds under home",
	"find . -name '*.go' | while read f; do gofmt -w \"$f\"; done": "writes what find finds under home, ~/.ssh included",
	"f=$(basename \"$1\"); cp x \"$f\"":                            "a name produced at run time in home",
	"for f in $(ls *.txt); do rm \"$f\"; done":                     "names produced at run time in home",
	"ls *.log | xargs rm":                                          "names produced at run time in home",
	"grep -l TODO *.go | xargs sed -i s/TODO/DONE/":                "names produced at run time in home",
	// Git ls-files prints the files under the working directory, read as find's.
	"git ls-files '*.go' | xargs -I{} sh -c 'gofmt -l {}'":      "reads every *.go git lists under home, as find's (~/.ssh included)",
	"git ls-files -z | xargs -0 wc -l":                          "reads every file git lists under home, as find's",
	"git ls-files | while read -r f; do wc -l \"$f\"; done":     "reads every file git lists under home, as find's",
	"git ls-files | xargs wc -l":                                "reads every file git lists under home, as find's",
	"rg --files -g '*.ts' | xargs wc -l":                        "reads every *.ts rg lists under home, as find's (~/.ssh included)",
	"fd -e go -x gofmt -w":                                      "reads and writes every *.go fd finds under home, as find's",
	"git ls-files -z | zip -@ out.zip":                          "reads every file git lists under home, as find's",
	"git ls-files -m | xargs gofmt -w":                          "names produced at run time in home",
	"docker ps -q | xargs -r docker stop":                       "names produced at run time in home, handed to a program guard does not know to only read",
	"docker images -q -f dangling=true | xargs -r docker rmi":   "names produced at run time in home, handed to a program guard does not know to only read",
	"kubectl get pods -o name | xargs -n1 kubectl logs":         "names produced at run time in home, handed to a program guard does not know to only read",
	"git log --format=%H -3 | xargs -n1 git show --stat":        "names produced at run time in home, handed to a program guard does not know to only read",
	"git status --porcelain | awk '{print $2}' | xargs git add": "names produced at run time in home",
	"rg -l TODO | xargs -r sed -i 's/TODO/DONE/'":               "names produced at run time in home",
	"fd -e py | xargs black":                                    "names produced at run time in home",
	// git's own writes into the repository are writes the rules decide.
	"git init -b main": "makes ~/.git, a hidden directory of the home (~/.*/**) whose configuration git then loads under every directory of the home",
	// A recursive read of the working directory reads ~/.ssh.
	"grep -r API_KEY .":                       "grep -r of home",
	"grep -rn --include='*.go' 'func main' .": "grep -r of home (the filter narrows names, and ~/.ssh may hold any)",
	"git grep -n TODO -- '*.go'":              "git grep of home: a glob pathspec matches in every directory below, ~/.ssh included",
	"rsync -a ./ /tmp/proj-copy/":             "copies home",
	"pwsh -c 'Get-ChildItem -Recurse -FollowSymlink -Filter *.go | Select-String TODO'": "a recursive read of home that follows links",
	`docker run --rm -v "$PWD":/src alpine ls /src`:                                     "mounts home into a container",
	`docker run --rm -v "$PWD":/src -w /src golang:1.26 go test ./...`:                  "mounts home into a container",
	`docker run --rm -it -p8080:80 -v=$PWD:/src -w=/src golang:1.26 go test ./...`:      "mounts home into a container",
	`yq -s '"out/part_" + $index' all.yaml`:                                             "the raw expression word holds $index: an unknown name in home",
	`yq -o json -s '"doc_" + $index' all.yaml`:                                          "the raw expression word holds $index: an unknown name in home",
	"find . -name '*.go' -exec grep -l TODO {} +":                                       "reads every *.go under home, ~/.ssh included",
	`docker run --rm -v "$(pwd)":/app -w /app node:20 npm test`:                         "mounts home into a container",
	"wc -l $(find . -name '*.go')":                                                      "reads every *.go under home, ~/.ssh included",
	"find . -name '*.go' | xargs wc -l":                                                 "reads every *.go under home, ~/.ssh included",
	"ls *.log | xargs rm -f":                                                            "removes names produced at run time in home, which holds guard's directory",
	"cat $(find . -type d -name cmd)/main.go":                                           "reads every main.go under home, ~/.ssh included",
	`find . -name '*.go' | while read f; do wc -l "$f"; done`:                           "reads every *.go under home, ~/.ssh included",
	// git staging, stashing or committing the whole work tree without a
	// pathspec: in home the work tree is home, keys and ~/.guard included
	// (stash -u in everyday.txt is proj-only for the same reason).
	`git commit -am "Update docs"`: "commit -a stages every tracked file of home",
	"git add -A":                   "stages every file of home",
	"git add .":                    "stages every file of home",
	"git commit -am 'fix: x'":      "commit -a stages every tracked file of home",
	"git stash -u":                 "stashes every untracked file of home",
	"git add -A && git commit -m x && git push":                              "stages every file of home",
	"git add -u && git commit -m x && git push":                              "add -u stages every tracked file of home",
	"git commit -am x && git push":                                           "commit -a stages every tracked file of home",
	"echo hi > notes.txt && git add -A && git commit -qm x && git push":      "stages every file of home",
	"git diff --output=x.diff && git add -A && git commit -qm x && git push": "stages every file of home",
	// An unknown program handed the working directory (or, from a
	// directory below, ..) may write in it: home holds ~/.guard.
	`out=$(mktemp -d) && go build -o "$out/app" . && cp "$out/app" bin/`: "go build handed home",
	"pushd build && cmake .. && popd":                                    "cmake handed home (.. from ~/build)",
	"mkdir -p build && cd build && cmake ..":                             "cmake handed home (.. from ~/build)",
	"find . -name '*.go' -exec gofmt -l {} +":                            "reads every *.go under home, ~/.ssh included",
	"find . -name '*.sh' -exec bash ./lint.sh {} \\;":                    "an unknown program (the script's) handed home",
	"tar -I zstd -xf a.tar.zst":                                          "tar x writes under home",
	// A delete or download under the working directory may reach guard's
	// directory and the start-up files (as before issue 20).
	"find . -name '*.pyc' -delete":                               "deletes under home",
	"find . -type d -name node_modules -prune -exec rm -rf {} +": "deletes under home",
	`find . -name "*.orig" | xargs rm -f`:                        "deletes under home",
	"wget -r -np https://example.com/docs/":                      "the server names the files written under home",
	// A program guard does not know to only read its files, handed the
	// home directory, may write anything in it.
	"gofmt -l .":                  "an unknown program handed home",
	"docker build -t guard:dev .": "an unknown program handed home",
	"code .":                      "an editor opened on home",
	"black . && ruff check .":     "formatters handed home",
	"pip install -e .":            "an unknown program handed home",
	"cmake -S . -B build -DCMAKE_BUILD_TYPE=Release": "an unknown program handed home",
	// A patch guard cannot read may write any file under home.
	"git apply fix.patch":             "a patch guard cannot read, applied in home",
	"patch -p1 < fix.patch":           "a patch guard cannot read, applied in home",
	"git add -A && git diff --cached": "stages and prints every file of home, ~/.ssh among them",
	// A name guard cannot work out, written (or handed to a program guard
	// does not know to only read it) directly in the home directory: it
	// could be ~/.guard or ~/.bashrc.
	`for f in $(git ls-files '*.go'); do gofmt -l "$f"; done`: "gofmt handed names guard cannot tell, in home",
	`trap 'rm -f "$tmp"' EXIT`:                                "removes a file guard cannot tell ($tmp is not set in the command) in home",
	`cp x "$OUT"`:                                             "writes a name guard cannot tell ($OUT is not set in the test's environment) in home",
	// bin/ in the home directory is ~/bin, a directory on PATH: a
	// program put there stands in for one of the same name.
	"install -m 755 build/app bin/app":                              "writes ~/bin, on PATH",
	"gcc -O2 -Wall -I/usr/include -o bin/tool src/tool.c":           "writes ~/bin, on PATH",
	"ln build/app bin/app":                                          "writes ~/bin, on PATH",
	`ln -sf "$(which python3)" b/p; mv b/p bin/; echo ok > log.txt`: "writes ~/bin, on PATH",
	"rm -f ./bin/guard":                                             "writes ~/bin, on PATH",
	"go build -o bin/guard ./cmd/guard":                             "writes ~/bin, on PATH",
	"hyperfine 'bin/guard --version'":                               "hands a name in ~/bin to a program guard does not know",
	// A hidden file of the home directory (~/.*/**): tools' configuration
	// and state, read when they start.
	// A compressed file or an archive handed to a program guard knows
	// nothing of, in the home: the name stored in it,
	// or its members, may be ~/.bashrc.
	"gunzip data.json.gz":               "a compressed file in home: the name stored in it may be .bashrc",
	"unrar x x.rar":                     "an archive extracted into home",
	"mkdir -p .vscode/notes":            "writes ~/.vscode, the editor's own directory",
	"echo B=2 >> .env.example":          "writes ~/.env.example, a hidden file of home",
	"cp .env.example .env.test.example": "writes ~/.env.test.example, a hidden file of home",
	"touch .envrc.example":              "writes ~/.envrc.example, a hidden file of home",
	"mkdir -p .github/workflows && cp ci.yml .github/workflows/": "writes ~/.github, a hidden directory of home",
	"touch .gitkeep":                                      "writes ~/.gitkeep, a hidden file of home",
	"echo .env >> .gitignore":                             "writes ~/.gitignore, which git may read for every repository",
	"ln -sf ../../shared/.eslintrc.js .eslintrc.js":       "writes ~/.eslintrc.js, code eslint loads for every project under home",
	"echo '{}' > .vscode/settings.json":                   "writes ~/.vscode, the editor's own directory",
	"git config -f .gitmodules submodule.lib.branch main": "writes ~/.gitmodules, a hidden file of home",
	// grep -r of the home reads ~/.ssh.
	"grep -rn TODO --exclude=.env .":                            "grep -r of the home",
	"grep -rn TODO --exclude .env --exclude-dir node_modules .": "grep -r of the home",
	// Code that lists the home and removes or writes what it lists writes
	// its dot entries (~/.bashrc, ~/.guard): guard does not read its filter.
	`python3 -c 'import os; [os.remove(f) for f in os.listdir(".") if f.endswith(".pyc")]'`:                              "lists the home and removes what it lists",
	`printf '%s\n' "import os" "for f in os.listdir('.'):" "    open(os.path.join('out', f), 'w')" > b.py; python3 b.py`: "lists the home and opens files",
	// A file server in the home serves ~/.ssh.
	"python3 -m http.server 8000": "serves the home, which holds ~/.ssh",
	// cmake's source directory .. from ~/build is the home, which holds ~/.guard.
	"mkdir -p build && cd build && cmake .. && make":                                "cmake on the home",
	"mkdir -p build && cd build && cmake -DCMAKE_BUILD_TYPE=Release .. && make -j4": "cmake on the home",
	"mkdir -p build && cd build || exit 1; cmake ..":                                "cmake on the home",
	// find -execdir from the home: what find finds there may be under ~/.ssh.
	"find . -name '*.go' -execdir gofmt -l {} +": "reads ~/**/*.go, ~/.ssh among them, as find -exec does",
	"find . -name '*.orig' -execdir rm {} \\;":   "removes ~/**/*.orig, ~/.guard among them, as find -exec does",
	// $x not set here is read as a name where the command starts too.
	`cd build && rm -r "$x"`: "rm -r of a name guard cannot tell, the home being where the command starts",
	// make's --eval text holding $ is also a word handed to make, a name it cannot tell.
	"make --eval 'x:=hi' --eval 'all:;echo $x $$HOME' all": "a name guard cannot tell handed to make, the home being where the command starts",
	// A package tool guard does not know handed the home, which holds ~/.guard.
	// A value the command computes handed to go in the home, as a word of its own: its
	// blank-split pieces are names there (the -ldflags= spelling keeps its option's prefix).
	`V=$(git describe --always); go build -ldflags "-X main.v=$V" ./cmd/app`:                            "a computed name handed to go in the home, which holds dot files",
	`go build -ldflags "-X main.version=$(git describe --tags --always --dirty)" -o dist/app ./cmd/app`: "a computed name handed to go in the home, which holds dot files",
	// A literal that is only a plain producer's word is also a file name the code may open
	// where it starts: in the home, a name guard cannot tell beside ~/.guard (FINDINGS57c FP1).
	`python3 -c "print('$(git rev-parse HEAD)')"`:               "a computed name as a literal's whole text, in the home",
	`X=$(git rev-parse --short HEAD); python3 -c "print('$X')"`: "a computed name as a literal's whole text, in the home",
	`node -e "console.log('$(date +%s)')"`:                      "a computed name as a literal's whole text, in the home",
	`awk "BEGIN{print \"$(nproc)\"}"`:                           "a computed name as a literal's whole text, in the home",
	`ruby -e "puts '$(id -u)'"`:                                 "a computed name as a literal's whole text, in the home",
	"uvx ruff check .":                                          "uvx's tool on the home",
	"uvx --python 3.12 ruff check .":                            "uvx's tool on the home",
	"uv tool run black --check .":                               "uv tool run's tool on the home",
	"find . -name '*.go' | xargs -I{} gofmt -l {}":              "find . in the home stands for every .go file under it, ~/.ssh's among them, which gofmt reads",
	"printf 'FROM node:20\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci\nCOPY . .\nRUN npm run build\n' > Dockerfile && docker build -t app .":                         "docker build . in the home: the home is the context, ~/.ssh among it",
	"printf 'services:\n  web:\n    build: .\n    environment: [LOG_LEVEL]\n' > compose.yaml && printf 'FROM alpine\nRUN echo hi\n' > Dockerfile && docker compose build": "docker compose build of build: . in the home: the home is the context, ~/.ssh among it",
}

// TestEverydayInHome runs every allow line of commands.tsv in the home
// directory too (TestCommandCorpus runs them in a project directory), in
// both bash.match modes.
func TestEverydayInHome(t *testing.T) {
	t.Setenv("HOME", "/home/dev")
	t.Setenv("GUARD_HOME", "")
	text, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	commands, _ := policy.Default()
	commands.Bash.Match = policy.MatchCommands
	n := 0
	for _, c := range readCommandCorpus(t) {
		if c.expect != "allow" {
			continue
		}
		n++
		_, wantBlock := inHomeBlocks[c.command]
		for _, p := range []*policy.Policy{text, commands} {
			r, err := DryRun(p, "command", c.command, "/home/dev")
			if err != nil {
				t.Fatalf("commands.tsv:%d: %v", c.line, err)
			}
			if blocked := r.Verdict == "block"; blocked != wantBlock {
				t.Errorf("commands.tsv:%d in HOME (%s): %q blocked = %v (%s), want %v", c.line, p.Bash.Match, c.command, blocked, r.Reason, wantBlock)
			}
		}
	}
	if n < 300 {
		t.Errorf("%d everyday commands, want at least 300", n)
	}
}

// TestTouchesAndDirectories: the default policy on touches, system
// directories, a protected working directory and trees, through DryRun as
// `guard test` runs it.
func TestTouchesAndDirectories(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd, cwd string
		glob     string // "" for allowed
		why      string // in the reason
	}{
		{cmd: "gzip ~/.guard/audit.log", cwd: "proj", glob: "~/.guard/**", why: "does not know to only read"},
		{cmd: "sponge ~/.bashrc", cwd: "proj", glob: "~/.bashrc", why: "counts it as a write"},
		// The system's directories are left to the OS for touches; a
		// known write there is still blocked.
		{cmd: "gcc -I/usr/include -o app main.c", cwd: "proj"},
		{cmd: "sponge /etc/hosts", cwd: "proj"},
		{cmd: "echo x > /etc/hosts", cwd: "proj", glob: "/etc/**"},
		// A bare name is a file in the working directory.
		{cmd: "cat id_rsa", cwd: ".ssh", glob: "~/.ssh/**"},
		{cmd: "rm rules.json", cwd: ".guard", glob: "~/.guard/**"},
		{cmd: "gzip audit.log", cwd: ".guard", glob: "~/.guard/**"},
		{cmd: "cat rules.json", cwd: ".guard"},
		{cmd: "ls", cwd: ".guard"},
		// A recursive read of home, not of a project.
		{cmd: "grep -r x .", cwd: "", glob: "~/.ssh/**", why: "recursive read"},
		{cmd: "grep -r x .", cwd: "proj"},
		{cmd: "find ~ -name id_rsa -exec cat {} +", cwd: "proj", glob: "~/.ssh/**", why: "what find finds"},
	}
	for _, tt := range tests {
		r, err := DryRun(p, "command", tt.cmd, filepath.Join(dir, tt.cwd))
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		switch {
		case tt.glob == "" && r.Verdict != "allow":
			t.Errorf("%q in ~/%s: blocked: %s", tt.cmd, tt.cwd, r.Reason)
		case tt.glob != "" && (r.Verdict != "block" || !strings.Contains(r.Reason, "matches glob '") ||
			!strings.Contains(r.Reason, tt.glob+"'") || !strings.Contains(r.Reason, tt.why)):
			t.Errorf("%q in ~/%s: %s %q; want a block by %s (%s)", tt.cmd, tt.cwd, r.Verdict, r.Reason, tt.glob, tt.why)
		}
	}
}

// TestDirPathResolves: agent C's dir_path is the directory a command's bare
// names resolve against.
func TestDirPathResolves(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		dirs, verdict string // the tool_input members naming the directory
	}{
		{`"dir_path":"` + dir + `/.ssh"`, "block"},
		{`"dir_path":"` + dir + `/proj"`, "allow"},
		{`"directory":"` + dir + `/.ssh"`, "block"},
		// Both keys: an older client runs in directory (fifth attack M4).
		{`"dir_path":"` + dir + `/proj","directory":"` + dir + `/.ssh"`, "block"},
		{`"directory":"` + dir + `/proj","dir_path":"` + dir + `/.ssh"`, "block"},
		{`"dir_path":"` + dir + `/proj","directory":"` + dir + `/proj/"`, "allow"},
	} {
		var f fake
		payload := `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","cwd":"` + dir +
			`","tool_input":{"command":"cat known_hosts",` + tt.dirs + `}}`
		cfg := f.config(payload, nil)
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if tt.verdict == "block" && !strings.Contains(f.stdout.String(), `"decision":"deny"`) {
			t.Errorf("cat known_hosts with %s: answer %q, want a deny; %s", tt.dirs, f.stdout.String(), f.stderr.String())
		}
		if tt.verdict == "allow" && (len(f.records) != 1 || f.records[0].Verdict != "allow") {
			t.Errorf("cat known_hosts with %s: records %+v, want one allow; %s", tt.dirs, f.records, f.stderr.String())
		}
	}
}

// TestFileURIEscapes: a file: URI in an MCP tool's input names the path it
// decodes to, for each agent (fifth attack M6).
func TestFileURIEscapes(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		agent, payload, verdict string
	}{
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_resource","tool_input":{"uri":"file://` + dir + `/.s%73h/id_rsa"}}`, "block"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__write_file","tool_input":{"uri":"file://` + dir + `/%2ebashrc","content":"x"}}`, "block"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__write_file","tool_input":{"path":"FILE://localhost` + dir + `/%2Ebashrc","content":"x"}}`, "block"},
		{"b", `{"hook_event_name":"beforeMCPExecution","tool_name":"read_resource","tool_input":"{\"uri\":\"file://` + dir + `/.s%73h/id_rsa\"}"}`, "block"},
		{"c", `{"hook_event_name":"BeforeTool","tool_name":"mcp_fs_read_resource","tool_input":{"uri":"file://` + dir + `/.s%73h/id_rsa"}}`, "block"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_resource","tool_input":{"uri":"file://` + dir + `/proj/READ%20ME.md"}}`, "allow"},
	} {
		var f fake
		cfg := f.config(tt.payload, nil)
		cfg.Agent = tt.agent
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s: records %+v, want one %s; %s", tt.payload, f.records, tt.verdict, f.stderr.String())
		}
	}
}
