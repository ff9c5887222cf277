package path

import (
	"strings"
	"testing"
)

// TestUnresolved: a path with parts guard could not work out is blocked
// when it could name what a rule protects, with a reason that says guard
// cannot tell what it names.
func TestUnresolved(t *testing.T) {
	fp := defaults(t)
	read := mustNew(t, fp.BlockRead, nil, home)
	write, err := Compile(Rules{Block: fp.BlockWrite, Protected: []string{home + "/.guard"}, Home: home, Trees: true})
	if err != nil {
		t.Fatal(err)
	}
	const U = Unknown
	tests := []struct {
		d     *Detector
		path  string
		block bool
	}{
		// its known tail ends a protected glob
		{read, U + "/.ssh/id_rsa", true},
		{read, "/proj/" + U + "/.ssh/id_rsa", true},
		{read, U + "/.gnupg/pubring.kbx", true},
		{write, U + "/.guard/rules.json", true},
		{write, U + "/../.bashrc", true},
		{write, "/tmp/" + U + "/x/../../.zshrc", true},
		{write, U + "/.agent_b/hooks.json", true},
		{read, U + "/certs/server.pem", true},
		{read, U + "/README.md", false}, // only ** would cover it
		{read, U + "/known_hosts", false},
		{write, U + "/build/out", false},
		{write, U + "/.bashrc.bak", false},
		// it ends in an unknown part inside a directory a glob covers whole
		{write, home + "/.guard/" + U, true},
		{write, "~/.guard/" + U, true},
		{read, "~/.ssh/id_" + U, true},
		{write, "~/.bash" + U, true}, // could be ~/.bashrc
		{write, "/proj/" + U, false},
		{write, U, false},
		{read, U, false},
		// its last element ends in what a glob's last element can end with
		{read, U + ".pem", true},
		{read, "/proj/key" + U + ".key", true},
		{write, U + ".log", false},
		// system directories
		{write, "/etc/" + U, true},
		{write, U + "/etc/passwd", true},
		{write, U + "/lib/passwd", false},
		// known elements between unknown parts
		{read, U + "/.ssh/" + U, true},
		{read, "/a/" + U + "/.gnupg/" + U + ".kbx", true},
		{write, U + "/src/" + U + ".go", false},
		{write, U + ".json", false},                // settings.json ends so, but no more is known
		{write, "~/" + U + "rc", true},             // ~/.bashrc, ~/.zshrc
		{write, "~/" + U + "/settings.json", true}, // ~/.agent_a/settings.json
		// known text on both sides of one unknown part in an element
		{read, "~/.s" + U + "/id_rsa", true},        // ~/.ssh/id_rsa
		{read, "~/" + U + "sh/id_rsa", true},        // the same, the end of the element known
		{read, "~/.g" + U + "/k", true},             // ~/.gnupg/k
		{read, "~/src" + U + "/known_hosts", false}, // no protected directory starts so
		{write, "~/.gu" + U + "/audit.log", true},
		// a wholly unknown name directly in a directory that holds
		// protected files: guard cannot tell which of them it is
		{write, "~/" + U, true}, // ~/.bashrc, ~/.guard
		{read, "~/" + U, true},  // a value may hold a /: ~/.ssh/id_rsa
		{read, U, false},        // a bare name read in the working directory: left to the globs covering it whole
		{read, "/proj/" + U, false},
		{read, "~/" + U + "/" + U, true},
		{write, "~/" + U + "/", true},
		{read, "~/" + U + "/README.md", true}, // ~/.ssh/README.md
		{read, "~/" + U + "/id_rsa", true},
		{write, "~/" + U + "/x/" + U, true},
		{write, "~/.config/" + U, true}, // ~/.config/fish
		{write, "~/.config/" + U + "/config.fish", true},
		{write, "~/.ssh/" + U, true},
		{write, "/" + U, true},                 // /etc
		{write, home + "/.agent_a/" + U, true}, // settings.json
		{read, "~/" + U + "/x/y", true},
		{write, "~/" + U + "/a/b", true},   // ~/.guard/a/b
		{read, "/proj/" + U + "/x", false}, // **/.env holds anywhere: not counted
		{write, "/proj/" + U + "/main.go", false},
		{write, "~/proj/" + U, false},         // nothing protected directly in ~/proj
		{write, "~/.config/fish/x" + U, true}, // (inside a directory protected whole)
		{write, "/tmp/" + U, false},
		{read, "~/" + U + ".txt", false},         // a name ending .txt: no protected one does
		{write, "~/.agent_a/" + U + "/x", false}, // settings.json holds no x
		// a relative path that began with the unknown part (it may be
		// absolute), joined with the working directory after
		{write, "~/" + U + U, true},
		{write, "/proj/" + U + U, false},
		{read, "~/" + U + U + "/VERSION", false},
		{write, "~/" + U + U + "/bin", false},
		{write, "~/" + U + U + "/" + U, false},
		{read, "~/" + U + U + "/.ssh/id_rsa", true}, // its tail still ends a glob
		{read, "~/.ssh/" + U + U, true},             // in a directory protected whole
		{read, "~/" + U + "/../lib/x.so", false},    // somewhere not known
		{read, "~/" + U + "/a/../id_rsa", true},
		{read, "/" + U + "/python3", false}, // one name in /: nothing it protects holds python3 there
		{write, "~/" + U + "*", true},       // a pattern after it: any name
		{read, "~/.s" + U + "?/id_rsa", true},
		{write, "~/.config/" + U + "/config", true}, // ~/.config/git/config
		// a wholly unknown name directly in a directory a **/ glob pins
		// by its own name: .agent_a/$(x) could be
		// settings.json, .git/hooks/$(x) a hook, .git/$(x) its config
		{write, "/proj/.agent_a/" + U, true},
		{write, "/proj/sub/.agent_b/" + U, true},
		{write, "/proj/.git/hooks/" + U, true},
		{write, "/proj/.git/" + U, true},
		{write, "/proj/.husky/" + U, true},
		{write, "/proj/.git/objects/ab/" + U, false}, // no glob pins that directory
		{write, "/proj/src/" + U, false},
		{write, "/proj/.agent_a/" + U + "/x", false}, // settings.json holds no x
		{read, "/proj/.agent_a/" + U, false},         // a bare name read: left to the globs
	}
	// A glob element that tells nothing of a name ([a-z]*) is not what a
	// known element is held to.
	hooks, err := Compile(Rules{Block: []string{"**/.git/hooks/[a-z]*", "**/*.pem"}, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	tests = append(tests, []struct {
		d     *Detector
		path  string
		block bool
	}{
		{hooks, "/proj/" + U + "/libexec", false},
		{hooks, U + ".json", false},
		{hooks, U + ".pem", true},
		{hooks, U + "/.git/hooks/pre-commit", true},
	}...)
	for _, tt := range tests {
		f, hit := tt.d.Check(tt.path)
		if hit != tt.block {
			t.Errorf("%q: blocked %v (%s), want %v", tt.path, hit, f.Reason, tt.block)
			continue
		}
		if hit && (f.Rule != "unresolved_path" || !strings.Contains(f.Reason, "cannot tell what it names") || strings.Contains(f.Reason, Unknown) ||
			strings.Contains(strings.ReplaceAll(f.LogReason, f.Entry, ""), "id_rsa")) { // the path, not the glob
			t.Errorf("%q: finding %+v", tt.path, f)
		}
	}
	// Allow globs do not clear what guard cannot tell.
	d := mustNew(t, []string{"~/.ssh/**"}, []string{"**/*.pub"}, home)
	if _, hit := d.Check(U + "/.ssh/" + U + ".pub"); !hit {
		t.Error("an allow glob cleared an unresolved path")
	}
}

// FuzzUnresolved: any path with unknown parts is checked without a panic,
// and the same way twice.
func FuzzUnresolved(f *testing.F) {
	for _, s := range []string{Unknown + "/.ssh/id_rsa", "~/.guard/" + Unknown, Unknown, "/" + Unknown + "/..", Unknown + Unknown, "a\\" + Unknown + "\\b", "~/.bash" + Unknown + "rc"} {
		f.Add(s)
	}
	fp := defaults(f)
	write, err := Compile(Rules{Block: append(fp.BlockWrite, "/srv/**.bak", "**/x[ab]/**"), Protected: []string{home + "/.guard"}, Home: home, Trees: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if !strings.Contains(p, Unknown) {
			p += Unknown
		}
		a, hitA := write.Check(p)
		b, hitB := write.Check(p)
		if hitA != hitB || a != b {
			t.Fatalf("%q checked twice: %v %v", p, a, b)
		}
	})
}
