package secret

import "testing"

// TestCleanTextCompilesNothing pins the hook-path budget: a rule's expression
// is compiled only when one of its keywords occurs.
func TestCleanTextCompilesNothing(t *testing.T) {
	d := newWith(catalogue) // a fresh one: New's is shared with the package's other tests
	if _, hit := d.Check("func main() { fmt.Println(42) }"); hit {
		t.Fatal("clean text flagged")
	}
	for _, r := range d.rules {
		if r.re != nil && r.re.Compiled() {
			t.Errorf("rule %s compiled for a text without its keywords", r.name)
		}
	}
}
