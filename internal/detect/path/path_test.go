package path

import (
	"encoding/json"
	"github.com/bmatcuk/doublestar/v4"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
)

const home = "/home/dev"

type filePaths struct {
	BlockRead  []string `json:"block_read"`
	BlockWrite []string `json:"block_write"`
}

// defaults reads file_paths of the embedded default policy, without the
// glob of the home's hidden files (~/.*/**), which the policy compiles
// apart with its exceptions (policy.homeDots).
func defaults(t testing.TB) filePaths {
	t.Helper()
	b, err := os.ReadFile("../../policy/default.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		FilePaths filePaths `json:"file_paths"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	fp := doc.FilePaths
	fp.BlockWrite = slices.DeleteFunc(fp.BlockWrite, func(g string) bool { return g == "~/.*/**" })
	return fp
}

func mustNew(t testing.TB, block, allow []string, home string) *Detector {
	t.Helper()
	d, err := New(block, allow, home)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDefaultLists(t *testing.T) {
	fp := defaults(t)
	if len(fp.BlockRead) != 73 {
		t.Errorf("block_read has %d globs, want 73", len(fp.BlockRead))
	}
	for _, want := range []string{"~/.ssh/**", "~/.gnupg/**", "**/.env", "**/*.pem", "**/*.key",
		"~/.aws/credentials", "~/.kube/config", "~/.docker/config.json", "~/.npmrc", "~/.pypirc"} {
		if !contains(fp.BlockRead, want) {
			t.Errorf("block_read lacks %q", want)
		}
	}
	for _, want := range []string{"~/.agent_a/settings.json", "~/.bashrc", "~/.zshrc", "~/.profile", "/etc/**", "/usr/**", "~/.guard/**"} {
		if !contains(fp.BlockWrite, want) {
			t.Errorf("block_write lacks %q", want)
		}
	}
	for _, g := range append(fp.BlockRead, fp.BlockWrite...) {
		if err := Validate(g); err != nil {
			t.Errorf("Validate(%q) = %v", g, err)
		}
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestDefaultRead holds true and false positives for every default read glob.
func TestDefaultRead(t *testing.T) {
	d := mustNew(t, defaults(t).BlockRead, nil, home)
	tests := []struct {
		path string
		glob string // "" when allowed
	}{
		{"~/.ssh/id_ed25519", "~/.ssh/**"},
		{"/home/dev/.ssh/id_rsa", "~/.ssh/**"},
		{"/home/dev/.ssh", "~/.ssh/**"},
		{"/home/dev/.ssh/keys/old/id_rsa", "~/.ssh/**"},
		{"/home/dev/project/../.ssh/config", "~/.ssh/**"},
		{"/home/dev//.ssh/./known_hosts", "~/.ssh/**"},
		{`C:\Users\x\.ssh\known_hosts`, ""}, // another home
		{"/home/dev/.SSH/id_rsa", "~/.ssh/**"},
		{"$HOME/.ssh/id_rsa", "~/.ssh/**"},
		{"/home/other/.ssh/known_hosts", ""},
		{"/home/dev/.sshx/known_hosts", ""},
		{"/home/dev/.gnupg/private-keys-v1.d/a.key", "~/.gnupg/**"},
		{"/home/dev/.gnupg/pubring.kbx", "~/.gnupg/**"},
		{"/home/dev/gnupg-notes.md", ""},
		{"/home/dev/app/.env", "**/.env"},
		{".env", "**/.env"},
		{"/.env", "**/.env"},
		{"/home/dev/app/.env.example", ""},
		{"/home/dev/app/.envrc", ""},
		{"/home/dev/app/certs/server.pem", "**/*.pem"},
		{"server.PEM", "**/*.pem"},
		{"/home/dev/app/pem/README.md", ""},
		{"/srv/tls/site.key", "**/*.key"},
		{"/home/dev/app/keyboard.go", ""},
		{"/home/dev/app/src/main.key.go", ""},
		{"~/.netrc", "~/.netrc"},
		{"/home/dev/.netrc.bak", ""},
		{"/home/dev/.git-credentials", "~/.git-credentials"},
		{"/home/dev/app/.git/config", ""},
		// Credential files of cloud, container and package tools; the
		// configuration beside them stays readable.
		{"/home/dev/.config/git/credentials", "~/.config/git/credentials"},
		{"/home/dev/.config/git/config", ""},
		{"~/.aws/credentials", "~/.aws/credentials"},
		{"/home/dev/.AWS/Credentials", "~/.aws/credentials"},
		{"/home/dev/.aws/config", ""},
		{"/home/dev/.aws/sso/cache/0123abcd.json", "~/.aws/sso/cache/**"},
		{"/home/dev/.aws/cli/cache/role.json", "~/.aws/cli/cache/**"},
		{"/home/dev/.kube/config", "~/.kube/config"},
		{"/home/dev/.kube/cache/discovery/x.json", ""},
		{"/home/dev/app/deploy/kube/config", ""},
		{"/home/dev/.docker/config.json", "~/.docker/config.json"},
		{"/home/dev/.docker/daemon.json", ""},
		{"/home/dev/.config/containers/auth.json", "~/.config/containers/auth.json"},
		{"/home/dev/.config/containers/registries.conf", ""},
		{"/home/dev/.npmrc", "~/.npmrc"},
		{"/home/dev/app/.npmrc", ""},
		{"/home/dev/.pypirc", "~/.pypirc"},
		{"/home/dev/.cargo/credentials", "~/.cargo/credentials"},
		{"/home/dev/.cargo/credentials.toml", "~/.cargo/credentials.toml"},
		{"/home/dev/.cargo/config.toml", ""},
		{"/home/dev/.gem/credentials", "~/.gem/credentials"},
		{"/home/dev/.config/gh/hosts.yml", "~/.config/gh/hosts.yml"},
		{"/home/dev/.config/gh/config.yml", ""},
		{"/home/dev/.config/hub", "~/.config/hub"},
		{"/home/dev/.config/gcloud/credentials.db", "~/.config/gcloud/credentials.db"},
		{"/home/dev/.config/gcloud/access_tokens.db", "~/.config/gcloud/access_tokens.db"},
		{"/home/dev/.config/gcloud/application_default_credentials.json", "~/.config/gcloud/application_default_credentials.json"},
		{"/home/dev/.config/gcloud/legacy_credentials/dev/adc.json", "~/.config/gcloud/legacy_credentials/**"},
		{"/home/dev/.config/gcloud/configurations/config_default", ""},
		{"/home/dev/.config/gcloud/active_config", ""},
		{"/home/dev/.azure/msal_token_cache.json", "~/.azure/msal_token_cache.*"},
		{"/home/dev/.azure/msal_token_cache.bin", "~/.azure/msal_token_cache.*"},
		{"/home/dev/.azure/accessTokens.json", "~/.azure/accessTokens.json"},
		{"/home/dev/.azure/service_principal_entries.json", "~/.azure/service_principal_entries.*"},
		{"/home/dev/.azure/azureProfile.json", ""},
		{"/home/dev/.azure/config", ""},
		{"/home/dev/.terraform.d/credentials.tfrc.json", "~/.terraform.d/credentials.tfrc.json"},
		{"/home/dev/.terraform.d/plugin-cache/x", ""},
		{"/home/dev/.vault-token", "~/.vault-token"},
		{"/home/dev/.pgpass", "~/.pgpass"},
		{"/home/dev/proj/.env.local", "**/.env.local"},
		{"/home/dev/proj/web/.env.development.local", "**/.env.*.local"},
		{"/home/dev/proj/.env.production", "**/.env.production"},
		{"/home/dev/proj/.env.staging", "**/.env.staging"},
		{"/home/dev/proj/.env.example", ""},
		{"/home/dev/proj/certs/client.p12", "**/*.p12"},
		{"/home/dev/proj/certs/client.pfx", "**/*.pfx"},
		{"/home/dev/keys/server.ppk", "**/*.ppk"},
		{"/home/dev/.my.cnf", "~/.my.cnf"},
		{"/home/dev/.s3cfg", "~/.s3cfg"},
		{"/home/dev/.boto", "~/.boto"},
		{"/home/dev/.config/rclone/rclone.conf", "~/.config/rclone/rclone.conf"},
		{"/home/dev/.terraformrc", "~/.terraformrc"},
		{"/home/dev/.bash_history", ""},
		{"./src/main.go", ""},
		{"", ""},
	}
	for _, tt := range tests {
		f, ok := d.Check(tt.path)
		if tt.glob == "" {
			if ok {
				t.Errorf("Check(%q) blocked: %s", tt.path, f.Reason)
			}
			continue
		}
		want := "path '" + tt.path + "' matches glob '" + tt.glob + "'"
		if !ok || f.Rule != "blocked_path" || f.Reason != want {
			t.Errorf("Check(%q) = %q, %v; want %q", tt.path, f.Reason, ok, want)
		}
	}
}

// TestDefaultWrite holds true and false positives for every default write glob.
func TestDefaultWrite(t *testing.T) {
	d := mustNew(t, defaults(t).BlockWrite, nil, home)
	tests := []struct {
		path, glob string
	}{
		{"/home/dev/.agent_a/settings.json", "~/.agent_a/settings.json"},
		{"/home/dev/.agent_a/other.json", "**/.agent_a/**"}, // the whole tree
		{"/home/dev/.bashrc", "~/.bashrc"},
		{"/home/dev/project/.bashrc", ""},
		{"/home/dev/.zshrc", "~/.zshrc"},
		{"/home/dev/.profile", "~/.profile"},
		{"/etc/passwd", "/etc/**"},
		{"/etc/../etc/passwd", "/etc/**"},
		{"/tmp/../etc/sudoers.d/x", "/etc/**"},
		{"/home/dev/etc/app.conf", ""},
		{"/usr/local/bin/guard", "/usr/**"},
		{"/home/dev/usr/x", ""},
		{"/home/dev/.guard/rules.json", "~/.guard/**"},
		{"/home/dev/.guard/audit.log", "~/.guard/**"},
		{"/home/dev/project/.agent_b/hooks.json", "**/.agent_b/hooks.json"},
		{"/home/dev/.agent_b/hooks.json", "**/.agent_b/hooks.json"},
		{"/home/dev/project/.agent_c/settings.json", "**/.agent_c/settings.json"},
		{"/home/dev/.agent_c/settings.json", "**/.agent_c/settings.json"},
		{"/home/dev/project/.agent_a/settings.json", "**/.agent_a/settings.json"},
		{"/home/dev/project/.agent_a/settings.local.json", "**/.agent_a/settings.local.json"},
		{"/home/dev/.agent_a/settings.local.json", "**/.agent_a/settings.local.json"},
		{"/home/dev/project/.agent_a/commands/review.md", "**/.agent_a/**"}, // front matter hooks
		{"/home/dev/project/.agent_a/hooks/fmt.sh", "**/.agent_a/**"},
		{"/home/dev/project/.agent_c/extensions/x/hooks/hooks.json", "**/.agent_c/**"},
		{"/home/dev/project/.agent_c/.env", "**/.agent_c/**"},
		{"/home/dev/project/.env", "**/.env"},
		{"/home/dev/project/.env.example", ""},
		{"/home/dev/project/.envrc", ""},
		{"/home/dev/project/.agent_b/rules/style.md", "**/.agent_b/**"},
		{"/home/dev/.ssh/authorized_keys", "~/.ssh/**"},
		{"/home/dev/.bash_profile", "~/.bash_profile"},
		{"/home/dev/.zprofile", "~/.zprofile"},
		{"/home/dev/.zshenv", "~/.zshenv"},
		{"/home/dev/project/src/main.go", ""},
		{"/tmp/out.txt", ""},
	}
	for _, tt := range tests {
		checkGlob(t, d, tt.path, tt.glob)
	}
}

// checkGlob checks that d blocks p by glob, or allows it when glob is "".
func checkGlob(t *testing.T, d *Detector, p, glob string) {
	t.Helper()
	f, ok := d.Check(p)
	switch {
	case glob == "" && ok:
		t.Errorf("Check(%q) blocked: %s", p, f.Reason)
	case glob != "" && (!ok || !strings.Contains(f.Reason, "matches glob '"+glob+"'")):
		t.Errorf("Check(%q) = %q, %v; want glob %q", p, f.Reason, ok, glob)
	}
}

// TestGlobTable checks each token of the spec's glob table.
func TestGlobTable(t *testing.T) {
	tests := []struct {
		glob, path string
		want       bool
	}{
		{"/a/*.txt", "/a/b.txt", true},
		{"/a/*.txt", "/a/b/c.txt", false},
		{"/a/*", "/a/b", true},
		{"/a/**", "/a/b/c/d", true},
		{"/a/**/d", "/a/b/c/d", true},
		{"/a/**/d", "/a/d", true},
		{"/srv/**.bak", "/srv/x/y.bak", true}, // ** inside an element: .*
		{"/srv/**.bak", "/srv/y.bak", true},
		{"/srv/**.bak", "/srv/y.txt", false},
		{"/srv/x**", "/srv/x/y/z", true},
		{"/a/?.txt", "/a/b.txt", true},
		{"/a/?.txt", "/a/bc.txt", false},
		{"/a?b", "/a/b", false},
		{"/a/[bc].txt", "/a/c.txt", true},
		{"/a/[bc].txt", "/a/d.txt", false},
		{"/a/[!bc].txt", "/a/d.txt", true},
		{"/a/[^bc].txt", "/a/b.txt", false},
		{"/a/[a-c]**", "/a/b/x", true},
		{"/a/[]]", "/a/]", true},
		{"/a/[!]]x", "/a/ax", true},
		{"/a/[!]]x", "/a/]x", false},
		{"/a/**[]]", "/a/b/]", true},
		{"/a/{b,c}", "/a/{b,c}", true}, // braces are literal
		{"/a/{b,c}", "/a/b", false},
		{"/a/(b)+.txt", "/a/(b)+.txt", true},
		{"/a/b.txt", "/a/bxtxt", false},
		{"/a/b", "/a/b/c", false}, // whole-path match
		{"/a/b", "/x/a/b", false},
		{"/données/*", "/données/x", true},
		{"/DATA/*.PEM", "/data/x.pem", true},
		{`C:\Users\x\.aws\**`, "c:/users/x/.aws/credentials", true},
		{"~/x", "~/x", true},
	}
	for _, tt := range tests {
		d := mustNew(t, []string{tt.glob}, nil, "")
		if _, got := d.Check(tt.path); got != tt.want {
			t.Errorf("glob %q path %q = %v, want %v", tt.glob, tt.path, got, tt.want)
		}
	}
}

func TestHomeExpansion(t *testing.T) {
	for _, h := range []string{"/home/dev", "/home/dev/", `C:\Users\dev`} {
		d := mustNew(t, []string{"~/.ssh/**"}, nil, h)
		for _, p := range []string{"~/.ssh/id_rsa", "${HOME}/.ssh/id_rsa", Normalize(h, "") + "/.ssh/id_rsa"} {
			if _, ok := d.Check(p); !ok {
				t.Errorf("home %q: %q allowed", h, p)
			}
		}
		if _, ok := d.Check("~user/.ssh/id_rsa"); ok {
			t.Errorf("home %q: ~user expanded", h)
		}
	}
}

func TestAllowFirst(t *testing.T) {
	d := mustNew(t, []string{"**/.env", "/etc/**"}, []string{"~/work/demo/.env"}, home)
	if f, ok := d.Check("/home/dev/work/demo/.env"); ok {
		t.Errorf("allowed path blocked: %s", f.Reason)
	}
	if _, ok := d.Check("/home/dev/work/other/.env"); !ok {
		t.Error("other .env allowed")
	}
	if _, ok := d.Check("/home/dev/work/demo/../../../../etc/hosts"); !ok {
		t.Error("traversal out of the allowed path allowed")
	}
}

func TestFindingFields(t *testing.T) {
	d := mustNew(t, []string{"/etc/**"}, nil, home)
	f, ok := d.Check("/etc/shadow")
	if !ok {
		t.Fatal("not blocked")
	}
	want := event.Finding{
		Detector:  event.DetectorPaths,
		Rule:      "blocked_path",
		Severity:  "high",
		Reason:    "path '/etc/shadow' matches glob '/etc/**'",
		LogReason: "path '" + event.Redacted + "' matches glob '/etc/**'",
		Entry:     "/etc/**",
		Reach:     event.ReachMatch,
	}
	if f != want {
		t.Errorf("finding = %+v, want %+v", f, want)
	}
	f, _ = d.Check("/etc/x\n\x1b[2J")
	if want := `path '/etc/x\n\x1b[2J' matches glob '/etc/**'`; f.Reason != want {
		t.Errorf("control characters not escaped: Reason = %q, want %q", f.Reason, want)
	}
}

func TestValidate(t *testing.T) {
	good := []string{"~/.ssh/**", "**/*.pem", "/a/[!x]*", "/a/[]]", "/a/{", "/srv/**.bak", "C:\\x\\*"}
	for _, g := range good {
		if err := Validate(g); err != nil {
			t.Errorf("Validate(%q) = %v", g, err)
		}
	}
	bad := map[string]string{
		"":        "empty glob",
		"/a/[bc":  "unclosed '['",
		"/a/[]":   "unclosed '['",
		"/a\x00b": "NUL",
	}
	for g, want := range bad {
		if err := Validate(g); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Validate(%q) = %v, want %q", g, err, want)
		}
	}
	if _, err := New([]string{"/ok"}, []string{"/a/["}, home); err == nil || !strings.Contains(err.Error(), `allow glob 0 "/a/["`) {
		t.Errorf("New error = %v", err)
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/etc/../etc/passwd", "/etc/passwd"},
		{"//etc//passwd/", "/etc/passwd"},
		{`\etc\passwd`, "/etc/passwd"},
		{"~", home},
		{"~/", home},
		{"~/a/../b", home + "/b"},
		{"$HOME/x", home + "/x"},
		{"~x", "~x"},
		{"a/../../b", "../b"},
		{"", ""},
		{".", "."},
		// What Windows ignores when it opens a file.
		{"/p/.env.", "/p/.env"},
		{"/p/.env. . ", "/p/.env"},
		{"/p/.env::$DATA", "/p/.env"},
		{`C:\p\.env:stream:$DATA`, "C:/p/.env"},
		{"/p/.ssh./id_rsa", "/p/.ssh/id_rsa"},
		{"/p/../x", "/x"},
		{"/p/.../x", "/p/.../x"},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in, home); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"/etc/../etc/passwd", `C:\a\..\b`, "~/x", "$HOME", "a//b/./c/", "../..", "\x00"} {
		f.Add(s)
	}
	d := mustNew(f, defaults(f).BlockRead, nil, home)
	f.Fuzz(func(t *testing.T, p string) {
		n := Normalize(p, home)
		if p == "" {
			if n != "" {
				t.Fatalf("Normalize(\"\") = %q", n)
			}
			return
		}
		if Normalize(n, home) != n && !strings.HasPrefix(n, "~") && !strings.HasPrefix(n, "$HOME") && !strings.HasPrefix(n, "${HOME}") {
			t.Fatalf("Normalize not idempotent: %q -> %q -> %q", p, n, Normalize(n, home))
		}
		if strings.Contains(n, `\`) || (len(n) > 1 && strings.HasSuffix(n, "/")) || strings.Contains(n, "//") {
			t.Fatalf("Normalize(%q) = %q not clean", p, n)
		}
		if f, ok := d.Check(p); ok && (f.Rule != "blocked_path" || strings.Contains(f.LogReason, "'"+p+"'")) {
			t.Fatalf("bad finding %+v", f)
		}
		_ = Validate(p) // no panic
	})
}

func BenchmarkCheck(b *testing.B) {
	fp := defaults(b)
	d := mustNew(b, append(fp.BlockRead, fp.BlockWrite...), nil, home)
	paths := []string{"/home/dev/project/src/main.go", "/home/dev/project/internal/detect/path/path.go", "~/.ssh/id_rsa", "/etc/hosts"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		d.Check(paths[i%len(paths)])
	}
}

// TestCaseFolding covers issue 11 item 12: names a case-insensitive,
// normalization-insensitive file system (APFS, NTFS) takes for the same
// file match the same glob, on every system.
func TestCaseFolding(t *testing.T) {
	d := mustNew(t, []string{"~/.ssh/**", "~/Résumé/**", "/srv/ǅ/*"}, nil, home)
	tests := []struct {
		path  string
		block bool
	}{
		{"~/.ſsh/id_rsa", true},                   // U+017F LATIN SMALL LETTER LONG S folds to s
		{"/home/dev/.SSH/id_rsa", true},           // ASCII case
		{"/home/dev/.\u017FSH/id_rsa", true},      // mixed
		{"/home/dev/.\u212Aey/x", false},          // Kelvin sign, not in this glob
		{"/home/dev/Re\u0301sume\u0301/cv", true}, // decomposed é (macOS stores NFD)
		{"/home/dev/RÉSUMÉ/cv", true},
		{"/srv/ǆ/x", true}, // title case orbit ǅ ǆ Ǆ
		{"/srv/Ǆ/x", true},
		{"/home/dev/.ssh\xff/x", false}, // invalid UTF-8 is kept, not folded into .ssh
		{"/home/dev/.sssh/id_rsa", false},
	}
	for _, tt := range tests {
		if _, got := d.Check(tt.path); got != tt.block {
			t.Errorf("Check(%q) blocked = %v, want %v", tt.path, got, tt.block)
		}
	}
	// The Kelvin sign folds with k, so a glob with k blocks it.
	if _, ok := mustNew(t, []string{"~/.kube/**"}, nil, home).Check("/home/dev/.\u212Aube/config"); !ok {
		t.Error("Kelvin sign not folded with k")
	}
}

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ABC/def", "abc/def"},
		{"ſ", "s"},
		{"\u212A", "k"},
		{"Σσς", "σσσ"},
		{"İ", "İ"}, // no simple folding: kept (its lower case i is another orbit)
		{"e\u0301", "é"},
		{"a\xffB", "a\xffb"},
	}
	for _, tt := range tests {
		if got := Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzFold checks that Fold is idempotent and that runes unicode.SimpleFold
// relates fold equal.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"~/.ſsh", "ABC", "Σς", "e\u0301", "\xff", "ǅ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a := Fold(s)
		if Fold(a) != a {
			t.Fatalf("Fold not idempotent: %q -> %q -> %q", s, a, Fold(a))
		}
		for _, r := range s {
			if r != utf8.RuneError && Fold(string(unicode.SimpleFold(r))) != Fold(string(r)) {
				t.Fatalf("SimpleFold(%q) folds differently", r)
			}
		}
	})
}

// TestProtected covers issue 11 item 3: a protected directory blocks every
// path in it, before the allow globs, and shows as <dir>/**.
func TestProtected(t *testing.T) {
	d, err := Compile(Rules{
		Block:     []string{"/etc/**"},
		Allow:     []string{"**", "/opt/gh/**"},
		Protected: []string{"/opt/gh", "~/.guard", "/opt/gh/"},
		Home:      home,
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, glob string }{
		{"/opt/gh/rules.json", "/opt/gh/**"},
		{"/opt/gh", "/opt/gh/**"},
		{"/opt/GH/audit.log", "/opt/gh/**"},
		{"/opt/x/../gh/rules.json", "/opt/gh/**"},
		{"~/.guard/rules.json", "~/.guard/**"},
		{"/home/dev/.guard", "~/.guard/**"},
		{"/opt/ghost", ""},
		{"/etc/passwd", ""}, // allowed by "**": only protected directories beat the allow list
	}
	for _, tt := range tests {
		f, ok := d.Check(tt.path)
		if tt.glob == "" {
			if ok {
				t.Errorf("Check(%q) blocked: %s", tt.path, f.Reason)
			}
			continue
		}
		if want := "path '" + tt.path + "' matches glob '" + tt.glob + "'"; !ok || f.Reason != want {
			t.Errorf("Check(%q) = %q, %v; want %q", tt.path, f.Reason, ok, want)
		}
	}
	if len(d.protected) != 2 {
		t.Errorf("protected = %v, want the two distinct directories", d.protected)
	}
	if _, err := Compile(Rules{Protected: []string{"rel/dir"}}); err == nil {
		t.Error("relative protected directory accepted")
	}
	root, _ := Compile(Rules{Protected: []string{"/"}})
	if _, ok := root.Check("/anything"); !ok {
		t.Error("protected / does not cover /anything")
	}
}

// TestVariants: a glob whose fixed directory is behind a symbolic link
// also matches through the directory it leads to, and shows as written.
func TestVariants(t *testing.T) {
	d, err := Compile(Rules{Block: []string{"~/.ssh/**", "/etc/**"}, Allow: []string{"~/.ssh/config"},
		Home: "/home/dev", Variants: map[string][]string{
			"~/.ssh/**":     {"/usr/home/dev/.ssh/**"},
			"~/.ssh/config": {"/usr/home/dev/.ssh/config"},
			"/etc/**":       {"/private/etc/**"},
		}})
	if err != nil {
		t.Fatal(err)
	}
	for p, glob := range map[string]string{
		"/usr/home/dev/.ssh/id_rsa": "~/.ssh/**",
		"/home/dev/.ssh/id_rsa":     "~/.ssh/**",
		"/private/etc/hosts":        "/etc/**",
		"/usr/home/dev/.ssh/config": "", // the allow glob follows too
		"/usr/home/other/.ssh/x":    "",
		"/private/var/x":            "",
	} {
		f, ok := d.Check(p)
		if glob == "" {
			if ok {
				t.Errorf("Check(%q) blocked: %s", p, f.Reason)
			}
			continue
		}
		if !ok || !strings.HasSuffix(f.Reason, "matches glob '"+glob+"'") {
			t.Errorf("Check(%q) = %q, %v; want glob %q", p, f.Reason, ok, glob)
		}
	}
}

func TestFixedDir(t *testing.T) {
	for in, want := range map[string]string{
		"/etc/**":            "/etc",
		"/home/dev/.bashrc":  "/home/dev",
		"/home/dev/.ssh/**":  "/home/dev/.ssh",
		"/srv/a*/b":          "/srv",
		"/x/[ab]/c":          "/x",
		"**/.env":            "",
		"/*.pem":             "/",
		"/etc":               "/",
		"c:/users/x/.aws/**": "c:/users/x/.aws",
		"relative/x":         "",
	} {
		if got := FixedDir(in); got != want {
			t.Errorf("FixedDir(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTrees checks that with Trees a directory stands for what it holds:
// the write rules block removing or moving a directory above a protected
// file, but not a directory a ** alone would cover.
func TestTrees(t *testing.T) {
	rules := Rules{Block: append(defaults(t).BlockWrite, "/srv/**.bak"), Home: home, Protected: []string{"~/.guard"}, Trees: true}
	d, err := Compile(rules)
	if err != nil {
		t.Fatal(err)
	}
	rules.Trees = false
	flat, err := Compile(rules)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, glob string
	}{
		{"/home/dev/.agent_a", "~/.agent_a/settings.json"},
		{"/home/dev/.agent_a/", "~/.agent_a/settings.json"},
		{"/home/dev", "~/.guard/**"},
		{"/home", "~/.guard/**"},
		{"/", "~/.guard/**"},
		{"/home/dev/project/.agent_b", "**/.agent_b/hooks.json"},
		{"/home/dev/project/.AGENT_C", "**/.agent_c/settings.json"},
		{"/srv", "/srv/**.bak"},
		{"/home/dev/project", ""},
		{"/home/dev/project/build", ""},
		{"/home/dev/.agent_a/commands", "**/.agent_a/**"},
		{"/home/dev/.cache", ""},
		{"/tmp", ""},
		{"/home/dev/project/.agent_b/rules", "**/.agent_b/**"},
	}
	for _, tt := range tests {
		checkGlob(t, d, tt.path, tt.glob)
		// The agents' directories are protected whole.
		if tt.glob != "" && tt.path != "/" && tt.path != "/home/dev" && tt.path != "/home" && !strings.Contains(strings.ToLower(tt.path), "/.agent_") {
			if _, ok := flat.Check(tt.path); ok {
				t.Errorf("without Trees, Check(%q) blocked", tt.path)
			}
		}
	}
}

// FuzzMatchLastElement: the literal-last-element shortcut of glob.match
// never changes doublestar's answer.
func FuzzMatchLastElement(f *testing.F) {
	for _, c := range [][2]string{{"~/.bashrc", "/home/dev/.bashrc"}, {"**/.agent_b/hooks.json", "/p/.agent_b/hooks.json"},
		{"/etc/**", "/etc/x"}, {"**/.env", ".env"}, {"a/b", "xa/b"}, {"~/.ssh/**", "/home/dev/.ssh"},
		{"**/*.pem", "/p/k.pem"}, {"**/*.pem", "/p/k.pem/"}, {"**/*.pem", ".pem"}, {"**/id_*", "/p/id_rsa"}, {"**/.env.*.local", "/p/.env.local"},
		{"**/.env.*.local", "/p/.env.x.local"}, {"a/*b*c", "a/bc"}, {"a/x*", "a/x"}, {"*", ""}, {"**/*.p\xffm", "/p/k.p\xffm"}, {"/proc/*/environ", "/proc/1/environ"}} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, src, p string) {
		g, err := compile(src, home)
		if err != nil || g.re != nil {
			return
		}
		if got, want := g.match(p), doublestar.MatchUnvalidated(g.ds, p); got != want {
			t.Fatalf("glob %q (%q) on %q: %v, doublestar says %v", src, g.ds, p, got, want)
		}
	})
}

// TestTreeReads: DIR/** stands for every file under DIR (a recursive read)
// and meets the globs whose fixed directory is inside DIR; DIR/**/NAME
// stands for every file NAME under DIR (what find finds) and meets the
// globs that can match such a file.
func TestTreeReads(t *testing.T) {
	fp := defaults(t)
	d := mustNew(t, fp.BlockRead, nil, home)
	tests := []struct {
		path, glob string
	}{
		{"~/**", "~/.ssh/**"},
		{"/home/dev/**", "~/.ssh/**"},
		{"/home/**", "~/.ssh/**"},
		{"/**", "~/.ssh/**"},
		{"/home/dev/.ssh/**", "~/.ssh/**"},
		{"/home/dev/.gnupg/private-keys-v1.d/**", "~/.gnupg/**"},
		{"/home/dev/**/id_rsa", "~/.ssh/**"},
		{"/home/dev/**/ID_RSA", "~/.ssh/**"},
		{"/home/**/id_*", "~/.ssh/**"},
		{"/home/dev/**/.netrc", "~/.ssh/**"},
		{"/home/dev/proj/**/*.pem", "**/*.pem"},
		{"/home/dev/proj/**/.env", "**/.env"},
		{"/home/dev/proj/**/*", "**/.env"},
		// A project's .env and *.pem are not read for a recursive read.
		{"/home/dev/proj/**", ""},
		{"/tmp/**", ""},
		{"/home/dev/projects/**/known_hosts", ""},
		{"/home/dev/proj/**/*.go", ""},
		{"/home/dev/proj/**/main.go", ""},
		{"/home/dev/proj/**/x", ""},
		{"/home/dev/proj/**/", ""},
	}
	for _, tt := range tests {
		checkGlob(t, d, tt.path, tt.glob)
	}
	// A protected directory inside a tree blocks it too, in the write
	// rules.
	w, err := Compile(Rules{Block: fp.BlockWrite, Home: home, Protected: []string{"~/.guard"}, Trees: true})
	if err != nil {
		t.Fatal(err)
	}
	checkGlob(t, w, "/home/**", "~/.guard/**")
	if f, ok := d.Check("/home/dev/**"); !ok || !strings.Contains(f.Reason, "recursive read") || strings.Contains(f.LogReason, "/home/dev") {
		t.Errorf("reason %q / %q", f.Reason, f.LogReason)
	}
}

// TestSystemGlob: the globs under the system's own directories.
func TestSystemGlob(t *testing.T) {
	for g, want := range map[string]bool{
		"/etc/**": true, "/usr/**": true, "/usr/local/bin/x": true, "/bin/*": true, "/lib64/**": true,
		"/System/Library/**": true, "/Library/LaunchDaemons/**": true, `C:\Windows\**`: true, "/etc": false,
		"~/.bashrc": false, "~/Library/LaunchAgents/**": false, "**/.agent_b/hooks.json": false, "/**": false,
		"/etcetera/**": false, "/srv/**": false, "/private/etc/**": true,
	} {
		if got := SystemGlob(g, home); got != want {
			t.Errorf("SystemGlob(%q) = %v, want %v", g, got, want)
		}
	}
}

// FuzzTree: a path standing for a tree never panics the detector, and a
// recursive read of the root meets every glob with a fixed directory.
func FuzzTree(f *testing.F) {
	for _, c := range [][2]string{{"/home/dev", ""}, {"/home/dev", "id_rsa"}, {"", "*"}, {"rel", "[a"}, {"/x/**", "**"}} {
		f.Add(c[0], c[1])
	}
	d := mustNew(f, append(defaults(f).BlockRead, "/srv/**.bak", "[]a]"), nil, home)
	f.Fuzz(func(t *testing.T, dir, name string) {
		p := dir + "/**"
		if name != "" {
			p += "/" + name
		}
		d.Check(p)
		if _, ok := d.Check("/**"); !ok {
			t.Fatal("a recursive read of / is allowed")
		}
	})
}

// TestShallow: a shallow detector (touches) counts what is in a directory
// and one directory down, not deeper; the full tree rule (writes) counts
// everything below.
func TestShallow(t *testing.T) {
	d, err := Compile(Rules{Block: []string{"~/.agent_a/settings.json", "~/.config/fish/**", "~/.local/state/guard/**"},
		Home: home, Protected: []string{"~/.guard"}, Trees: true})
	if err != nil {
		t.Fatal(err)
	}
	s := d.Shallow()
	for _, tt := range []struct {
		path          string
		deep, shallow bool
	}{
		{"~", true, true},                      // holds ~/.guard and ~/.agent_a directly
		{"~/.agent_a", true, true},             // holds the hook file
		{"~/.config", true, true},              // holds ~/.config/fish
		{"~/.local/state", true, true},         // holds guard's state directory
		{"~/.local", true, false},              // an install prefix: the state directory is two down
		{"~/.local/state/guard/x", true, true}, // inside: always
		{"~/.guard/rules.json", true, true},
		{"~/src", false, false},
	} {
		if _, got := d.Check(tt.path); got != tt.deep {
			t.Errorf("deep Check(%s) = %v, want %v", tt.path, got, tt.deep)
		}
		if _, got := s.Check(tt.path); got != tt.shallow {
			t.Errorf("shallow Check(%s) = %v, want %v", tt.path, got, tt.shallow)
		}
	}
}

// TestCheckOpaque: a recursive read whose output guard cannot redact
// meets the globs without a fixed directory too; the allow globs still
// open it, and a read narrowed by name is checked as it was.
func TestCheckOpaque(t *testing.T) {
	d, err := New([]string{"**/.env", "**/*.pem", "~/.ssh/**"}, []string{"/open/**"}, "/home/u")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		p            string
		plain, strct bool
	}{
		{"/proj/**", false, true},
		{"~/.ssh/**", true, true},
		{"/home/u/**", true, true},
		{"/proj/**/*.go", false, false},
		{"/proj/**/.env", true, true},
		{"/open/**", false, false},
		{"/proj/main.go", false, false},
	} {
		_, plain := d.Check(tt.p)
		f, strct := d.CheckOpaque(tt.p)
		if plain != tt.plain || strct != tt.strct {
			t.Errorf("%s: Check %v, CheckOpaque %v; want %v, %v", tt.p, plain, strct, tt.plain, tt.strct)
		}
		if strct && !plain && !strings.Contains(f.Reason, "cannot redact") {
			t.Errorf("%s: reason %q does not say why", tt.p, f.Reason)
		}
	}
}

// TestKernelDots: on a system whose only separator is /, a backslash is
// part of a name, so a\b/.. is one step, not two; the
// detector checks that reading as well as its own.
func TestKernelDots(t *testing.T) {
	if backslashSeparates {
		t.Skip("a backslash separates here")
	}
	d, err := Compile(Rules{Block: []string{"~/.bashrc", "~/.netrc"}, Home: "/home/u", Trees: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p     string
		block bool
	}{
		{`/home/u/proj/a\b/../../.bashrc`, true},
		{`~/pro\j/../.netrc`, true},
		{`~/a\b/../.bashrc`, true},
		{`/home/u/proj/a\b/../ok.txt`, false},
		{`/home/u/proj/a\b/c.txt`, false},
	} {
		if _, hit := d.Check(tc.p); hit != tc.block {
			t.Errorf("%s: blocked %v, want %v", tc.p, hit, tc.block)
		}
	}
}

// TestUserTilde: the length of a leading ~NAME followed by a separator;
// ~+, ~-, ~1 and a bare ~NAME are none.
func TestUserTilde(t *testing.T) {
	for p, want := range map[string]int{
		"~root/.ssh/id_rsa": 5, "~u/x": 2, "~a.b-c_d/x": 8, `~u\x`: 2,
		"~+/x": 0, "~-/x": 0, "~1/x": 0, "~root": 0, "~/x": 0, "x": 0,
	} {
		if got := UserTilde(p); got != want {
			t.Errorf("UserTilde(%q) = %d, want %d", p, got, want)
		}
	}
}

// TestOwnTilde: ~NAME of the user guard runs as, or of an account whose
// home is the user's, is ~; another account's, ~+ and a plain ~/x stay as
// written; an account the lookup cannot answer, or a computed NAME, is a
// name guard cannot tell.
func TestOwnTilde(t *testing.T) {
	lookup := func(k string) (string, bool) {
		switch k {
		case "LOGNAME":
			return "dev", true
		case "~bob":
			return "/home/bob", true
		case "~alias":
			return "~", true
		}
		return "", false
	}
	for p, want := range map[string]string{
		"~dev/.ssh/id_rsa": "~/.ssh/id_rsa", "~dev": "~/", "~bob/.bashrc": "~bob/.bashrc",
		"~alias/.ssh/id_rsa": "~/.ssh/id_rsa", "~gone/.bashrc": Unknown + Unknown + "/.bashrc",
		"~$USER/.bashrc": Unknown + Unknown + "/.bashrc",
		"~/x":            "~/x", "~+/x": "~+/x", "x": "x",
	} {
		if got := OwnTilde(p, lookup); got != want {
			t.Errorf("OwnTilde(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestNames covers the rule allow_write entries meet in the write rules:
// a wildcard does not stand in for a name a block glob
// spells out.
func TestNames(t *testing.T) {
	for _, tc := range []struct {
		allow, block string
		want         bool
	}{
		{"~/proj/**", "**/.agent_a/settings.json", false},
		{"~/proj/**", "**/.git/config", false},
		{"~/proj/**", "**/.git/hooks/[a-z]*", false},
		{"~/proj/**", "**/*.code-workspace", false},
		{"~/proj/**", "~/.bashrc", false},
		{"~/**", "~/.*/**", true}, // the catch-all spells out no name
		{"~/proj/.agent_a/settings.json", "**/.agent_a/settings.json", true},
		{"~/proj/.agent_a/settings.json", "**/.agent_a/**", true},
		{"~/proj/.agent_a/**", "**/.agent_a/settings.json", false},
		{"~/proj/.git/**", "**/.git/config", false},
		{"~/proj/.git/hooks/*", "**/.git/hooks/[a-z]*", true},
		{"~/proj/*.code-workspace", "**/*.code-workspace", true},
		{"**/.env", "**/.env", true},
		{"~/.BASHRC", "~/.bashrc", true},
		{"~/.cache/**", "~/.*/**", true},
		{"/srv/data/**", "/srv/**.bak", false}, // .bak is spelt out
		{"/srv/data/*.bak", "/srv/**.bak", true},
	} {
		if got := Names(tc.allow, tc.block, "/home/dev"); got != tc.want {
			t.Errorf("Names(%q, %q) = %v, want %v", tc.allow, tc.block, got, tc.want)
		}
	}
}

// TestNamedAllow: with Rules.Named an allow glob that matches a path
// opens it only for the block globs it names.
func TestNamedAllow(t *testing.T) {
	d, err := Compile(Rules{Block: []string{"**/.git/config", "/srv/**"}, Allow: []string{"/srv/**", "/home/dev/proj/**"}, Home: home, Trees: true, Named: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, glob string
	}{
		{"/home/dev/proj/.git/config", "**/.git/config"},
		{"/srv/repo/.git/config", "**/.git/config"},
		{"/srv/repo/main.go", ""},
		{"/home/dev/proj/main.go", ""},
	} {
		checkGlob(t, d, tc.path, tc.glob)
	}
}
