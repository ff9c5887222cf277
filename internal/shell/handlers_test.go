package shell

import (
	"slices"
	"testing"
)

// TestHandlersSorted: handlerOf searches the handlers by halves, and a
// program has one handler: no name is both an entry and in a family's set.
func TestHandlersSorted(t *testing.T) {
	for i := 1; i < len(handlers); i++ {
		if handlers[i-1].name >= handlers[i].name {
			t.Errorf("handlers: %q before %q", handlers[i-1].name, handlers[i].name)
		}
	}
	for _, h := range handlers {
		if got, ok := handlerOf(h.name); !ok || got.name != h.name {
			t.Errorf("handlerOf(%q) = %v, %v", h.name, got.name, ok)
		}
		for _, f := range families {
			if f.set.has(h.name) {
				t.Errorf("%s: an entry and in the family %q", h.name, f.set)
			}
		}
	}
	for _, name := range []string{"bash", "echo", "["} {
		if _, ok := handlerOf(name); !ok {
			t.Errorf("handlerOf(%q): no family", name)
		}
	}
	if _, ok := handlerOf("gzip"); ok {
		t.Error("handlerOf finds a program without code of its own")
	}
}

// TestPrefixesSorted: prefixOf and interpreterNamed search their tables by
// halves.
func TestPrefixesSorted(t *testing.T) {
	for i := 1; i < len(prefixes); i++ {
		if prefixes[i-1].name >= prefixes[i].name {
			t.Errorf("prefixes: %q before %q", prefixes[i-1].name, prefixes[i].name)
		}
	}
	for _, e := range prefixes {
		if _, ok := prefixOf(e.name); !ok {
			t.Errorf("prefixOf(%q) not found", e.name)
		}
	}
	if _, ok := prefixOf("rm"); ok {
		t.Error("prefixOf finds a program that is no prefix")
	}
}

// TestInterpretersSorted: see TestPrefixesSorted.
func TestInterpretersSorted(t *testing.T) {
	for i := 1; i < len(interpreters); i++ {
		if interpreters[i-1].name >= interpreters[i].name {
			t.Errorf("interpreters: %q before %q", interpreters[i-1].name, interpreters[i].name)
		}
	}
	for _, e := range interpreters {
		if _, ok := interpreterNamed(e.name); !ok {
			t.Errorf("interpreterNamed(%q) not found", e.name)
		}
	}
	if in, ok := interpreterOf("python3.12"); !ok || in.code != " -c " {
		t.Errorf("interpreterOf(python3.12) = %v, %v", in, ok)
	}
}

// TestOptionRunners: the values commandOptions reads run as commands in
// every form the program takes them: --opt=VALUE and --opt VALUE.
func TestOptionRunners(t *testing.T) {
	for _, cmd := range []string{
		`tar --checkpoint=1 --checkpoint-action=exec='rm -rf ~/.guard' -cf a.tar .`,
		`tar --checkpoint=1 --checkpoint-action 'exec=rm -rf ~/.guard' -cf a.tar .`,
		`tar --to-command='rm -rf ~/.guard' -xf a.tar`,
		`tar -I 'rm -rf ~/.guard' -xf a.tar`,
		`rsync --rsh 'rm -rf ~/.guard' a h:b`,
		`ssh -oProxyCommand='rm -rf ~/.guard' h`,
		`git -c core.pager='rm -rf ~/.guard' log`,
		`git clone 'ext::rm -rf ~/.guard' d`,
	} {
		a := Analyze(cmd, Options{Home: "/home/u"})
		if !slices.Contains(a.Lines, "rm -rf ~/.guard") {
			t.Errorf("%s: lines %q, want rm -rf ~/.guard among them", cmd, a.Lines)
		}
	}
}

// TestOptionRunnersSorted: one entry a program, in order.
func TestOptionRunnersSorted(t *testing.T) {
	for i := 1; i < len(optionRunners); i++ {
		if optionRunners[i-1].name >= optionRunners[i].name {
			t.Errorf("optionRunners: %q before %q", optionRunners[i-1].name, optionRunners[i].name)
		}
	}
}
