package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestTouches: the words of a program guard does not know to only read its
// files are touches; the read-only catalogue, data words and what a
// handler accounts for are not.
func TestTouches(t *testing.T) {
	tests := []struct {
		cmd     string
		touches []string // among the touches
		not     []string // neither touched
	}{
		// Writers guard did not enumerate.
		{cmd: `gzip ~/.guard/audit.log`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `sponge ~/.guard/rules.json`, touches: []string{"~/.guard/rules.json"}},
		{cmd: `vim -es ~/.bashrc`, touches: []string{"~/.bashrc"}},
		{cmd: `git add ~/.bashrc`, touches: []string{"~/.bashrc"}, not: []string{"add"}}, // the subcommand names a command
		// A catalogued verb (catalogue.Verbs): its words are data and names.
		{cmd: `go test ./... -run TestParse -count=1`, not: []string{"test", "./...", "TestParse", "1"}},
		{cmd: `cargo test -p core --release`, not: []string{"test", "core"}},
		{cmd: `go test -o ~/.bashrc ./...`, touches: []string{"~/.bashrc", "./..."}}, // -o is not listed
		{cmd: `go test ./... -args ~/.bashrc`, touches: []string{"~/.bashrc"}},
		{cmd: `./go test ~/.bashrc`, touches: []string{"~/.bashrc"}}, // not the go the entry means
		{cmd: `sudo -E nano ~/.zshrc`, touches: []string{"~/.zshrc"}},
		{cmd: `foo --config=~/.profile`, touches: []string{"~/.profile"}},
		{cmd: `foo --config=rules`, touches: []string{"rules"}},
		{cmd: `cd ~/.guard && gzip audit.log`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `find ~ -name rules.json | xargs gzip`, touches: []string{"~"}},
		{cmd: `gzip $(find ~/.guard -name audit.log)`, touches: []string{"~/.guard"}},
		{cmd: `python3 x.py ~/.bashrc`, touches: []string{"~/.bashrc"}, not: []string{"x.py"}},
		{cmd: `bash run.sh ~/.bashrc`, touches: []string{"~/.bashrc"}, not: []string{"run.sh"}},
		{cmd: `awk '{print}' ~/.bashrc`, not: []string{"~/.bashrc"}}, // code that only reads its input
		{cmd: `gawk -i inplace '{print}' ~/.bashrc`, touches: []string{"~/.bashrc"}},
		{cmd: `awk '{print > FILENAME}' ~/.bashrc`, touches: []string{"~/.bashrc"}},
		{cmd: `awk -v f=~/.bashrc 'BEGIN{ARGV[1]=f}1' x`, touches: []string{"~/.bashrc"}},
		{cmd: `flock ~/.guard/audit.log.lock true`, touches: []string{"~/.guard/audit.log.lock"}},
		{cmd: `ssh -E ~/.bashrc host`, touches: []string{"~/.bashrc"}},
		{cmd: `rsync --log-file=~/.bashrc a b`, touches: []string{"~/.bashrc"}},
		{cmd: `docker run -v ~/.guard:/g alpine`, touches: []string{"~/.guard"}},
		{cmd: `docker run --cidfile ~/.bashrc alpine ls /`, touches: []string{"~/.bashrc"}, not: []string{"/"}},
		{cmd: `docker exec -it -u root db ls /`, not: []string{"/"}},
		{cmd: `docker compose exec api cat /etc/x`, not: []string{"/etc/x"}},
		{cmd: `kubectl exec deploy/api -n x -- ls /`, not: []string{"/"}},
		// Programs that only read, and what is data or accounted for.
		{cmd: `cat ~/.bashrc`, not: []string{"~/.bashrc"}},
		{cmd: `grep -n alias ~/.bashrc`, not: []string{"~/.bashrc", "alias"}},
		{cmd: `diff ~/.bashrc ~/.bashrc.bak`, not: []string{"~/.bashrc"}},
		{cmd: `sha256sum ~/.guard/rules.json`, not: []string{"~/.guard/rules.json"}},
		{cmd: `basename ~/.bashrc`, not: []string{"~/.bashrc"}},
		{cmd: `echo ~/.bashrc`, not: []string{"~/.bashrc"}},
		{cmd: `git commit -m "edit ~/.bashrc"`, not: []string{"edit ~/.bashrc"}},
		{cmd: `cp ~/.bashrc /tmp/b`, not: []string{"~/.bashrc", "/tmp/b"}},
		{cmd: `ssh -i ~/.ssh/id_ed25519 host cat ~/.bashrc`, not: []string{"~/.ssh/id_ed25519", "~/.bashrc", "host"}},
		{cmd: `ssh-keygen -l -f ~/.ssh/id_ed25519.pub`, not: []string{"~/.ssh/id_ed25519.pub"}},
		{cmd: `ssh-add ~/.ssh/id_ed25519`, not: []string{"~/.ssh/id_ed25519"}},
		{cmd: `source ~/.bashrc`, not: []string{"~/.bashrc"}},
		{cmd: `python3 -c 'print(1)' ~/.bashrc`, touches: []string{"~/.bashrc"}, not: []string{"print(1)"}},
		// The words after sh -c's script stay touches: guard follows $1
		// and "$@" only as far as it can resolve them.
		{cmd: `sh -c 'wc -l "$1"' _ ~/.bashrc`, touches: []string{"~/.bashrc"}},
		// A catalogued name is trusted only as the program itself.
		{cmd: `./cat ~/.guard/audit.log`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `/tmp/bin/cat ~/.guard/audit.log`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `CAT ~/.guard/audit.log`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `cat() { gzip "$@"; }; cat ~/.guard/audit.log`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `alias cat=gzip; cat ~/.guard/audit.log`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `hash -p /usr/bin/gzip cat; cat ~/.guard/audit.log`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `PATH=/tmp/x:$PATH; cat ~/.guard/audit.log`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `env PATH=. sed -n p ~/.guard/audit.log`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `/usr/bin/cat ~/.guard/audit.log`, not: []string{"~/.guard/audit.log"}},
		{cmd: `\cat ~/.guard/audit.log`, not: []string{"~/.guard/audit.log"}},
		// A program may write where its environment tells it; interpreter
		// code any file it names.
		{cmd: `HISTFILE=~/.guard/audit.log bash -i`, touches: []string{"~/.guard/audit.log"}},
		{cmd: `export GIT_DIR=~/.guard/x; git init`, touches: []string{"~/.guard/x"}},
		{cmd: `declare -x LESSHISTFILE=~/.bashrc; less notes.txt`, touches: []string{"~/.bashrc"}},
		{cmd: `env XDG_CONFIG_HOME=/x:~/.guard tool`, touches: []string{"~/.guard"}},
		{cmd: `python3 -c "import os; open(os.path.expanduser('~/.guard/rules.json'), 'w')"`, touches: []string{"~/.guard/rules.json"}},
		{cmd: `f=~/.bashrc; grep alias "$f"`, not: []string{"~/.bashrc"}},
		{cmd: `GIT_DIR=~ echo "$GIT_DIR"`, not: []string{"~"}},
		{cmd: `env GIT_DIR=~/.guard basename x`, not: []string{"~/.guard"}},
		{cmd: `env GIT_DIR=~/.guard git init`, touches: []string{"~/.guard"}},
		{cmd: `python3 -c "print('/'.join(['a', 'b']), os.path.expanduser('~'))"`, not: []string{"/", "~"}},
		{cmd: `awk '{split($0, a, "/"); print a[1]}' paths.txt`, not: []string{"/"}},
		// Options that make a reader a writer.
		{cmd: `file -C -m ~/.guard/magic`, touches: []string{"~/.guard/magic"}},
		{cmd: `file -b ~/.guard/rules.json`, not: []string{"~/.guard/rules.json"}},
		{cmd: `sort -o out.txt in.txt`, not: []string{"out.txt", "in.txt"}},
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{Home: "/home/u"})
		for _, p := range tt.touches {
			if !slices.Contains(a.Touches, p) {
				t.Errorf("%q: touches %q, want %q among them", tt.cmd, a.Touches, p)
			}
		}
		for _, p := range tt.not {
			if slices.Contains(a.Touches, p) {
				t.Errorf("%q: touches %q; %q must not be one", tt.cmd, a.Touches, p)
			}
		}
	}
}

// TestWritesNotTouches: a written path is not repeated as a touch; a hard
// link's source is written, a copy's is not.
func TestWritesNotTouches(t *testing.T) {
	tests := []struct {
		cmd            string
		writes, notOut []string
	}{
		{cmd: `ln -f ~/.guard/rules.json r && echo x > r`, writes: []string{"~/.guard/rules.json", "r"}},
		{cmd: `ln ~/.bashrc`, writes: []string{"~/.bashrc"}},
		{cmd: `ln -t d ~/.guard/audit.log`, writes: []string{"~/.guard/audit.log"}},
		{cmd: `xxd -l 64 firmware.bin`, notOut: []string{"firmware.bin"}},
		{cmd: `uniq -f 2 in.txt out.txt`, writes: []string{"out.txt"}, notOut: []string{"in.txt"}},
		{cmd: `cp -al ~/.guard/rules.json /tmp/r`, writes: []string{"~/.guard/rules.json"}},
		{cmd: `cp --link ~/.guard/rules.json /tmp/r`, writes: []string{"~/.guard/rules.json"}},
		{cmd: `xxd data.bin ~/.bashrc`, writes: []string{"~/.bashrc"}},
		{cmd: `tar --remove-files -cf x.tar ~/.guard/audit.log`, writes: []string{"~/.guard/audit.log"}},
		{cmd: `zip -rm a.zip ~/.local`, writes: []string{"~/.local"}},
		{cmd: `7z a -sdel a.7z ~/.local/state`, writes: []string{"~/.local/state"}},
		{cmd: `ssh-keygen -R build-host`, writes: []string{"~/.ssh/known_hosts"}},
		{cmd: `/usr/bin/time -o ~/.bashrc make`, writes: []string{"~/.bashrc"}},
		{cmd: `rsync -a --remove-source-files ~/.guard/audit.log /tmp/`, writes: []string{"~/.guard/audit.log"}},
		{cmd: `strace -o ~/.guard/x ls`, writes: []string{"~/.guard/x"}},
		{cmd: `cp ~/.guard/rules.json /tmp/r`, notOut: []string{"~/.guard/rules.json"}},
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{})
		for _, p := range tt.writes {
			if !slices.Contains(a.Writes, p) {
				t.Errorf("%q: writes %q, want %q among them", tt.cmd, a.Writes, p)
			}
			if slices.Contains(a.Touches, p) {
				t.Errorf("%q: %q written and touched", tt.cmd, p)
			}
		}
		for _, p := range tt.notOut {
			if slices.Contains(a.Writes, p) || slices.Contains(a.Touches, p) {
				t.Errorf("%q: writes %q, touches %q; %q must be neither", tt.cmd, a.Writes, a.Touches, p)
			}
		}
	}
}

// TestRecursiveReads: a program that reads a directory whole reads DIR/**;
// find's -exec and xargs read what it found: every file under its start,
// or every file of the names it looks for.
func TestRecursiveReads(t *testing.T) {
	tests := []struct {
		cmd   string
		reads []string
		not   []string
	}{
		{cmd: `grep -r x ~`, reads: []string{"~/**"}},
		{cmd: `grep -rn TODO`, reads: []string{"./**"}},
		{cmd: `cd ~ && grep -R x`, reads: []string{"~/./**"}},
		{cmd: `grep --recursive x /home`, reads: []string{"/home/**"}},
		{cmd: `rg --hidden x ~`, reads: []string{"~/**"}},
		{cmd: `tar czf a.tgz ~`, reads: []string{"~/**"}},
		{cmd: `tar -czf out.tgz -C ~ .`, reads: []string{"~/./**"}},
		{cmd: `cp -r ~ /tmp/h`, reads: []string{"~/**"}},
		{cmd: `cp -a ~/. /tmp/h`, reads: []string{"~/./**"}},
		{cmd: `rsync -avz ~/ host:backup`, reads: []string{"~/**"}},
		{cmd: `scp -r ~ host:`, reads: []string{"~/**"}},
		{cmd: `zip -r a.zip ~`, reads: []string{"~/**"}},
		{cmd: `7z a a.7z ~`, reads: []string{"~/**"}},
		{cmd: `diff -r ~ /tmp/h`, reads: []string{"~/**"}},
		{cmd: `grep -d recurse x ~`, reads: []string{"~/**"}},
		{cmd: `ack x ~`, reads: []string{"~/**"}},
		{cmd: `rg -uu x ~`, reads: []string{"~/**"}},
		{cmd: `docker cp ~ web:/tmp/h`, reads: []string{"~/**"}},
		{cmd: `docker run -v ~:/h alpine`, reads: []string{"~/**"}},
		{cmd: `docker run --volume=$HOME:/h alpine`, reads: []string{"$HOME/**"}},
		{cmd: `podman run --mount type=bind,source=/home/u,target=/h alpine`, reads: []string{"/home/u/**"}},
		{cmd: `find ~ -name id_rsa -exec cat {} \;`, reads: []string{"~/**/id_rsa"}},
		{cmd: `find ~ -iname 'ID_*' -exec cp {} /tmp \;`, reads: []string{"~/**/ID_*"}},
		{cmd: `find ~ -name id_rsa | xargs cat`, reads: []string{"~/**/id_rsa"}},
		{cmd: `find ~ -name '*.pem' -o -name '*.key' -exec cat {} +`, reads: []string{"~/**/*.pem", "~/**/*.key"}},
		{cmd: `find ~ ! -name '*.go' -exec cat {} +`, reads: []string{"~/**"}},
		{cmd: `find ~ -type f -exec cat {} +`, reads: []string{"~/**"}},
		{cmd: `find ~ -exec cat {} +`, reads: []string{"~/**"}},
		{cmd: `find . -name '*.go' -exec grep -l x {} +`, reads: []string{"./**/*.go"}},
		{cmd: `cat $(find ~ -name id_rsa)`, reads: []string{"~/**/id_rsa"}},
		{cmd: "wc -l `find ~ -type f`", reads: []string{"~/**"}},
		{cmd: `gzip "$(find ~/.guard -name audit.log)"`, reads: []string{"~/.guard/**/audit.log"}},
		// Not recursive.
		{cmd: `grep x ~/notes.txt`, not: []string{"~/notes.txt/**"}},
		// rg x ~ reads ~/** here: with no reader, guard cannot read the
		// ignore files that may whitelist a hidden name (TestHiddenSkip).
		{cmd: `rg x ~`, reads: []string{"~/**"}},
		{cmd: `cp ~/a.txt /tmp`, not: []string{"~/a.txt/**"}},
		{cmd: `tar xzf a.tgz -C ~`, not: []string{"~/**", "a.tgz/**"}},
		{cmd: `find ~ -name id_rsa`, not: []string{"~/**/id_rsa"}},
		{cmd: `docker run -v data:/data alpine`, not: []string{"data/**"}},
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{})
		for _, p := range tt.reads {
			if !slices.Contains(a.Reads, p) {
				t.Errorf("%q: reads %q, want %q among them", tt.cmd, a.Reads, p)
			}
		}
		for _, p := range tt.not {
			if slices.Contains(a.Reads, p) {
				t.Errorf("%q: reads %q; %q must not be one", tt.cmd, a.Reads, p)
			}
		}
	}
}

// TestBareNames: a bare name is a file in the working directory, read,
// written or touched like any other path.
func TestBareNames(t *testing.T) {
	a := Analyze(`cat id_rsa; rm rules.json; gzip audit`, Options{})
	if !slices.Contains(a.Reads, "id_rsa") || !slices.Contains(a.Writes, "rules.json") || !slices.Contains(a.Touches, "audit") {
		t.Errorf("reads %q, writes %q, touches %q", a.Reads, a.Writes, a.Touches)
	}
	for _, p := range append(append(a.Reads, a.Writes...), a.Touches...) {
		if strings.HasPrefix(p, "-") {
			t.Errorf("an option recorded as a path: %q", p)
		}
	}
}
