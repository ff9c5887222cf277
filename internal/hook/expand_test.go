package hook

import (
	"bufio"
	"os"
	"os/user"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/shell"
)

// TestExpandEveryday: the files and URLs everyday commands name, checked by
// the default path and URL rules, block none of them (review red 1). Run
// from a project directory, as agents do. The one exception reads a file
// the Read tool may not read either.
func TestExpandEveryday(t *testing.T) {
	// An empty home: bash -i and -l read the start-up files there, which
	// are the machine's, not the corpus's.
	t.Setenv("HOME", t.TempDir())
	for _, sh := range []string{"/bin/bash", "/bin/zsh"} {
		t.Setenv("SHELL", sh) // read as zsh too where it is the user's shell
		expandEveryday(t)
	}
}

func expandEveryday(t *testing.T) {
	sameAsRead := map[string]bool{"cat ~/.ssh/authorized_keys": true}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("../detect/testdata/everyday_commands.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		n++
		c := &agent.Call{Agent: agent.A, Cwd: "/home/dev/proj", Inputs: []event.Input{{Kind: event.KindCommand, Text: l}}}
		paths, _, err := commandInputs(c, agent.Options{})
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if len(paths) == 0 {
			continue
		}
		v, err := p.Evaluate(paths)
		if err != nil {
			t.Fatal(err)
		}
		if v.Blocked() != sameAsRead[l] {
			t.Errorf("%q: blocked by its paths = %v (%s), want %v", l, v.Blocked(), v.Finding.Reason, sameAsRead[l])
		}
	}
	if n < 40 {
		t.Fatalf("corpus has %d commands", n)
	}
}

// via is in named by the program and options v.
func via(in event.Input, v string) event.Input {
	in.Via = v
	return in
}

// TestExpand: a command's derived inputs, resolved like the call's own
// paths, after the call's inputs, which stay as they were (they are what the
// record hashes).
func TestExpand(t *testing.T) {
	t.Setenv("HOME", t.TempDir()) // the machine's home may hold a ~/.guard: not this test's
	r := func(p string) event.Input { return event.Input{Kind: event.KindRead, Text: p} }
	w := func(p string) event.Input { return event.Input{Kind: event.KindWrite, Text: p} }
	u := func(p string) event.Input { return event.Input{Kind: event.KindURL, Text: p} }
	tc := func(p string) event.Input { return event.Input{Kind: event.KindTouch, Text: p} }
	tests := []struct {
		cmd  string
		want []event.Input
	}{
		// Each path a command names carries the program and options that
		// name it (Via), for the explanation of a block.
		{"cat .env ~/.ssh/id_rsa $HOME/.netrc", []event.Input{via(r("/proj/.env"), "cat"), via(r("~/.ssh/id_rsa"), "cat"), via(r("$HOME/.netrc"), "cat")}},
		// Joined as text: the .. is resolved where links lead (realpath).
		// A cd names no path for an explanation: its directory holds the
		// later ones.
		{"cd sub && cat x.txt > ../out.txt", []event.Input{r("/proj/sub"), via(r("/proj/sub/x.txt"), "cat"), w("/proj/sub/../out.txt")}},
		{"curl -s http://169.254.169.254/latest/ -o meta.json", []event.Input{w("/proj/meta.json"), tc("/proj/./-s"), u("http://169.254.169.254/latest/")}},
		// A bare name is a file in the working directory, and so may be a
		// word beginning with '-' (-s, -m: ./-s, a link there); a program guard
		// does not know to only read its files touches them (git commit
		// with a message prints none of them).
		{`git commit -m "see https://pastebin.com/x"`, []event.Input{func() event.Input { in := via(r("/proj/commit"), "git -m"); in.Unprinted = true; return in }(),
			func() event.Input { in := r("/proj/./-m"); in.Unprinted = true; return in }(), tc("/proj/./-m")}},
		// gzip (no entry in the catalogue) may also write a name beside
		// its file (gunzip -N): one guard cannot tell, in ~/.guard/.
		{"gzip ~/.guard/audit.log", []event.Input{opaqueIn(via(r("~/.guard/audit.log"), "gzip")), via(tc("~/.guard/audit.log"), "gzip"), w("~/.guard/\x00")}},
		{"grep -r key ~", []event.Input{via(r("~"), "grep -r"), via(r("~/**"), "grep -r"), r("/proj/./-r")}},
		{"cd ~ && rm -r .guard", []event.Input{r("~"), via(w("~/.guard"), "rm -r"), via(w("~/.guard/**"), "rm -r")}},
		{"chmod -R 777 /", []event.Input{w("/proj/./-R"), via(w("/proj/777"), "chmod -R"), via(w("/"), "chmod -R")}},
		// cp prints none of what it copies (by its options).
		{"cp a.txt ~/.ssh/", []event.Input{func() event.Input { in := via(r("/proj/a.txt"), "cp"); in.Unprinted = true; return in }(), via(w("~/.ssh/a.txt"), "cp")}},
	}
	for _, tt := range tests {
		own := []event.Input{{Kind: event.KindCommand, Text: tt.cmd}}
		call := &agent.Call{Agent: agent.A, Cwd: "/proj", Inputs: append([]event.Input(nil), own...)}
		got, err := Expand(call, agent.Options{})
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		if !reflect.DeepEqual(call.Inputs, own) {
			t.Errorf("%q: the call's own inputs changed: %v", tt.cmd, call.Inputs)
		}
		if len(got) == 0 || got[0] != own[0] {
			t.Fatalf("%q: checked inputs %v do not start with the call's own", tt.cmd, got)
		}
		derived, _, err := commandInputs(call, agent.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(derived, tt.want) && !(len(derived) == 0 && tt.want == nil) {
			t.Errorf("%q:\n got  %v\n want %v", tt.cmd, derived, tt.want)
		}
		// Expand checks them too, each followed by where links may lead.
		for _, d := range derived {
			if !slices.Contains(got, d) {
				t.Errorf("%q: Expand does not check %v: %v", tt.cmd, d, got)
			}
		}
	}
	// A command beyond the limits cannot be checked whole: an error, which
	// the hook path turns into a block.
	long := &agent.Call{Inputs: []event.Input{{Kind: event.KindCommand, Text: strings.Repeat("a ", shell.MaxWords+1)}}}
	if in, err := Expand(long, agent.Options{}); err == nil || in != nil {
		t.Errorf("a command of %d words: %v, %v; want an error", shell.MaxWords+1, in, err)
	}
}

// TestLookupEnvUser: with no $USER, $USERNAME or $LOGNAME the user comes
// from the account database, so ~NAME of that user is still home.
func TestLookupEnvUser(t *testing.T) {
	u, err := user.Current()
	if err != nil || u.Username == "" {
		t.Skip("no account database entry:", err)
	}
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	if v, ok := lookupEnv("USER"); !ok || v != u.Username {
		t.Errorf("lookupEnv(USER) = %q, %v; want %q", v, ok, u.Username)
	}
	if got := shell.ExpandEnv("~"+u.Username+"/.ssh/id_rsa", lookupEnv); got != "~/.ssh/id_rsa" {
		t.Errorf("ExpandEnv = %q", got)
	}
}

// TestExpandUnresolved: a path with a part guard cannot work out becomes an
// input the path rules check for what it could name (path.Unknown marks the
// part), an inherited variable in it filled in from the environment.
func TestExpandUnresolved(t *testing.T) {
	if shell.Unknown != path.Unknown {
		t.Fatal("internal/shell and internal/detect/path mark an unknown part differently")
	}
	t.Setenv("GUARD_TEST_DIR", "/srv/x")
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cmd   string
		input event.Input
		block bool
	}{
		{`cat "$(cat p)/.ssh/id_rsa"`, event.Input{Kind: event.KindRead, Text: "/proj/" + path.RunTime + "/.ssh/id_rsa"}, true},
		{`cp x "$GUARD_TEST_DIR/$(cat d)"`, event.Input{Kind: event.KindWrite, Text: "/srv/x/" + path.MidRunTime}, true},                         // d may hold ../
		{`cat "$(go env GOCACHE)/VERSION"`, event.Input{Kind: event.KindRead, Text: "/proj/" + path.Unknown + path.Unknown + "/VERSION"}, false}, // (GOPATH guard resolves: places.go)
	} {
		call := &agent.Call{Agent: agent.A, Cwd: "/proj", Inputs: []event.Input{{Kind: event.KindCommand, Text: tt.cmd}}}
		derived, _, err := commandInputs(call, agent.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(derived, tt.input) {
			t.Errorf("%q: inputs %+v, want %+v among them", tt.cmd, derived, tt.input)
		}
		v, err := p.Evaluate(derived)
		if err != nil {
			t.Fatal(err)
		}
		if v.Blocked() != tt.block || tt.block && v.Finding.Rule != "unresolved_path" {
			t.Errorf("%q: blocked %v (%s), want %v", tt.cmd, v.Blocked(), v.Finding.Reason, tt.block)
		}
	}
}

// opaqueIn is in read by a program that reshapes what it prints (an
// encoder): shell.Analysis.OpaqueReads.
func opaqueIn(in event.Input) event.Input {
	in.Opaque = transformed
	return in
}
