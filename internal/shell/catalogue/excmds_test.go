package catalogue

import "testing"

// TestLookupEx: an ex command is found by its name and by each
// abbreviation vim takes; an exact name wins; a name too short or unknown
// is not found.
func TestLookupEx(t *testing.T) {
	for _, tc := range []struct {
		name string
		want string // "" for not found
	}{
		{"e", "edit"}, {"edit", "edit"}, {"r", "read"}, {"w", "write"}, {"wq", "wq"}, {"x", "xit"},
		{"sp", "split"}, {"s", "substitute"}, {"se", "set"}, {"red", "redo"}, {"redi", "redir"},
		{"norm", "normal"}, {"t", "t"}, {"new", "new"}, {"cd", "cd"}, {"let", "let"}, {"mks", "mksession"},
		{"no", "noremap"}, {"z", ""}, {"frobnicate", ""}, {"editx", ""}, {"", ""},
	} {
		e, ok := LookupEx(tc.name)
		if got := e.Name; !ok && got != "" || ok && got != tc.want || !ok && tc.want != "" {
			t.Errorf("LookupEx(%q) = %q, %v; want %q", tc.name, got, ok, tc.want)
		}
	}
}
