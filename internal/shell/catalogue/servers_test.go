package catalogue

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestFileServersSorted: ServedDirs searches the table by halves; entries
// of one program stand next to each other.
func TestFileServersSorted(t *testing.T) {
	for i := 1; i < len(FileServers); i++ {
		a, b := FileServers[i-1], FileServers[i]
		if a.Name > b.Name || a.Name == b.Name && a.Lead >= b.Lead {
			t.Errorf("fileServers: %q %q before %q %q", a.Name, a.Lead, b.Name, b.Lead)
		}
	}
}

// TestServedDirs: the directory a file server serves, from its root
// option, its operands, else the working directory; other commands of the
// same programs serve nothing.
func TestServedDirs(t *testing.T) {
	tests := []struct {
		cmd  string
		want string // the directories, space-separated; "-" for no file server
	}{
		{"python3 -m http.server 8000", "."},
		{"python3.12 -u -m http.server -d /srv 8000", "/srv"},
		{"python3 -m http.server --directory=~ 8000", "~"},
		{"python3 -m http.server -d~", "~"},
		{"python3 -m http.server -b 127.0.0.1 9000", "."},
		{"pypy3 -m http.server", "."},
		{"python2 -m SimpleHTTPServer 8000", "."},
		{"python3 -m pytest", "-"},
		{"python3 x.py", "-"},
		{"php -S localhost:8000", "."},
		{"php -S localhost:8000 -t public router.php", "public"},
		{"php -t ~ -S 0:80", "~"},
		{"php x.php", "-"},
		{"ruby -run -e httpd . -p 8000", "."},
		{"ruby -run -ehttpd ~", "~"},
		{"ruby x.rb", "-"},
		{"serve", "."},
		{"serve dist -l 3000", "dist"},
		{"serve -l 3000 -s build", "build"},
		{"http-server dist -p 8080 -c-1", "dist"},
		{"http-server -- ~", "~"},
		{"httpd -p 80", "."},
		{"httpd -h ~ -p 80", "~"},
		{"caddy file-server --listen :80", "."},
		{"caddy file-server --root ~", "~"},
		{"caddy run", "-"},
		{"jupyter lab --notebook-dir=~", "~"},
		{"jupyter notebook", "."},
		{"jupyter nbconvert x.ipynb", "-"},
		{"rclone serve http ~ --addr :8080", "~"},
		{"rclone serve webdav remote:", "remote:"},
		{"rclone copy a b", "-"},
		{"live-server public --port=8080", "public"},
		{"darkhttpd ~ --port 80", "~"},
		{"cat x", "-"},
	}
	for _, tt := range tests {
		f := strings.Fields(tt.cmd)
		var args []word.Word
		for _, s := range f[1:] {
			args = append(args, word.Word{Text: s, Known: true})
		}
		got, ok := ServedDirs(f[0], args)
		if want := strings.Fields(tt.want); !ok && tt.want != "-" || ok && !slices.Equal(got, want) {
			t.Errorf("ServedDirs(%q) = %q, %v; want %s", tt.cmd, got, ok, tt.want)
		}
	}
}

// FuzzServedDirs: any words of any program: no panic, and a file server
// serves at least one directory.
func FuzzServedDirs(f *testing.F) {
	f.Add("python3", "-m http.server -d ~ 8000")
	f.Add("php", "-S 0:80 -t")
	f.Add("serve", "-- -l")
	f.Fuzz(func(t *testing.T, name, line string) {
		var args []word.Word
		for _, s := range strings.Fields(line) {
			args = append(args, word.Word{Text: s, Known: true})
		}
		if dirs, ok := ServedDirs(name, args); ok && len(dirs) == 0 {
			t.Errorf("ServedDirs(%q, %q) serves nothing", name, line)
		}
	})
}
