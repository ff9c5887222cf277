package lang

import (
	"strings"
	"testing"
)

// TestPlainSplices: a hole (~ here) counts as a literal's text only
// strictly inside a literal that neither interpolates nor runs its text,
// as the strict scan reads the language; anything it does not model
// answers no.
func TestPlainSplices(t *testing.T) {
	tests := []struct {
		name, code string
		want       bool
	}{
		{"python3", `print('~')`, true},
		{"python3", `print("v=~")`, true},
		{"python3", `import sys; print('~', file=sys.stderr)`, true},
		{"python3", `print(r'~', b"x")`, true},
		{"python3", `print(~)`, false},           // code
		{"python3", `x=~`, false},                // code
		{"python3", `print(f'~')`, false},        // an f-string
		{"python3", `print(f'{x}', '~')`, false}, // an f-string before it: not read
		{"python3", `print('''~''')`, false},     // triple quotes
		{"python3", `# it's` + "\n~'", false},    // a comment
		{"python3", `print('\~')`, false},        // after a backslash
		{"python3", `exec('~')`, false},          // run as code
		{"python3", `print('~' % x)`, false},     // an operator the scan does not read
		{"python3", "print('a\n~')", false},      // a line end inside: not one literal
		{"python3", `print('~'`, true},           // left open after it: python refuses the text
		{"python3", `print('a') ~ ('b')`, false}, // between literals
		{"node", `console.log('~')`, true},
		{"node", "console.log(`v ~`)", true},
		{"node", "console.log(`${x} ~`)", false}, // a template's interpolation
		{"node", `console.log(/'/.source, '~')`, false},
		{"node", `eval('~')`, false},
		{"perl", `print "~\n"`, true},
		{"perl", `print '~'`, true},
		{"perl", `print "$x ~\n"`, false},        // interpolates
		{"perl", `print "@{[ '~' ]}"`, false},    // interpolates
		{"perl", `print q('), '~', q(')`, false}, // a quote-like operator
		{"perl", "=pod '\n=cut\n~ '", false},     // documentation
		{"perl", `eval '~'`, false},
		{"ruby", `puts '~'`, true},
		{"ruby", `puts "v ~"`, true},
		{"ruby", `puts "#{x} ~"`, false},
		{"ruby", `puts %q(') + '~' + %q(')`, false},
		{"ruby", `puts ?' + '~'`, false},
		{"awk", `BEGIN{print "~"}`, true},
		{"gawk", `{print $1, "~"}`, true},
		{"awk", `BEGIN{print '~'}`, false}, // no such quote in awk
		{"awk", `/"/{print "~"}`, false},   // a regular expression
		{"awk", `BEGIN{print ~}`, false},
		{"bash", `echo '~'`, false}, // not an interpreter the scan reads
		{"php", `echo '~';`, false},
		{"python3", `print('x')`, false}, // no hole
	}
	for _, tt := range tests {
		if got := PlainSplices(tt.name, strings.ReplaceAll(tt.code, "~", "\x00"), "\x00"); got != tt.want {
			t.Errorf("%s %q: got %v, want %v", tt.name, tt.code, got, tt.want)
		}
	}
}
