package lang

import "testing"

func TestGoText(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"a := \"~/.bashrc\" // see ~/.ssh/id_rsa\n", "a := \"~/.bashrc\"                     \n"},
		{"/* ~/.x */ b", "           b"},
		{"r := \"\\n\\x1e~/.x/y.proto\\x12\"", "r := \"                      \""},
		{"h := \"~\"; g := `~/`", "h := \" \"; g := `  `"},
		{"s := `two\nlines ~/.zshrc`", "s := `two\nlines ~/.zshrc`"},
		{"x := \"unterminated", "x := \"unterminated"},
	} {
		if got := GoText(tt.src); got != tt.want {
			t.Errorf("GoText(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
