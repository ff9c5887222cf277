package shell

import "testing"

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
