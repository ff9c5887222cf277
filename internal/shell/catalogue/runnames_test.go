package catalogue

import (
	"strings"
	"testing"
)

// TestProducesToken: a producer's output is one word only where no
// option, operand or format can give it a blank or a second line.
func TestProducesToken(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want bool
	}{
		{"git rev-parse --short HEAD", true},
		{"git rev-parse HEAD HEAD~1", false}, // two lines
		{"git rev-parse --show-toplevel", false},
		{"git rev-parse main..HEAD", false},
		{"git describe --tags --always --dirty", true},
		{"git describe --tags f264166fa83ed062baa249c5f9acd64ef88194f8", false}, // a blob's: COMMIT:PATH
		{"git describe HEAD", true},
		{"git rev-parse --abbrev-ref HEAD", false}, // a name read from .git/HEAD
		{"date +%Z", false},                        // the zone file's text
		{"date +%Y-%m-%d_%H:%M:%S", true},
		{"date -Iseconds", true},
		{"date --rfc-3339=seconds", false},
		{"git describe --dirty=/../x", false}, // not a producer
		{"git log -1 --format=%h", true},
		{"git log --format=%h", false}, // every commit, a line each
		{"git rev-list --count HEAD", true},
		{"date +%s", true},
		{"date -u +%Y-%m-%dT%H:%M:%SZ", true},
		{"date", false},
		{"date +%c", false},
		{"date +%e", false},
		{"date +%_H", false},
		{"date +%10N", false},
		{"date +%a", false},
		{"uuidgen", true},
		{"hostname -I", false},
		{"uname -a", false},
		{"go version", false},
	} {
		f := strings.Fields(tt.cmd)
		if got := ProducesToken(f[0], f[1:]); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.cmd, got, tt.want)
		}
	}
}

// TestProducesPlain: a producer's output is of the plain alphabet only
// where its words alone decide it: not a ref's or a user's name, not a
// format's or an operand's quote.
func TestProducesPlain(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want bool
	}{
		{"git rev-parse HEAD", true},
		{"git rev-parse --short HEAD", true},
		{"git rev-parse --short=8 HEAD", true},
		{"git rev-parse --verify origin/main", true},
		{"git rev-parse x'y", false}, // printed back when it names no commit
		{"git rev-parse --abbrev-ref HEAD", false},
		{"git describe --tags --always", false}, // a tag's name may hold ' or $
		{"git log -1 --format=%h", true},
		{"git rev-list --count HEAD", true},
		{"date +%s", true},
		{"date -u +%Y-%m-%dT%H:%M:%SZ", true},
		{"date +%Y%m%d%H%M%S", true},
		{"date -Iseconds", true},
		{"date +%s'", false},
		{"date +%s$", false},
		{"date", false},
		{"date +%a", false},
		{"whoami", false}, // the user database's text
		{"logname", false},
		{"nproc", true},
		{"uuidgen", true},
		{"id -u", true},
		{"id -g", true},
		{"id -un", false},
		{"id -G", false},
		{"id", false},
		{"uname -m", true},
		{"uname -s", true},
		{"uname -r", false},
		{"uname -a", false},
		{"hostname", false},
		{"tr a b", false},
	} {
		f := strings.Fields(tt.cmd)
		if got := ProducesPlain(f[0], f[1:]); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.cmd, got, tt.want)
		}
	}
}
