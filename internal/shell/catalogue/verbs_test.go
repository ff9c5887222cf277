package catalogue

import (
	"strings"
	"testing"
)

func TestVerbsSorted(t *testing.T) {
	if !verbsSorted() {
		t.Error("Verbs is not sorted by name and Sub")
	}
}

func TestVerbRoles(t *testing.T) {
	for _, tc := range []struct {
		cmd    string
		leaves bool
		data   string // the words marked data, space-separated
	}{
		{"go test ./... -run TestParse -count=1", true, "test -run TestParse -count=1"},
		{"go test -v=true -json ./x", true, "test -v=true -json"},
		{"go test --run X ./x", true, "test --run X"},
		{"go vet ./...", true, "vet"},
		{"go list -f {{.Dir}} ./...", true, "list -f {{.Dir}}"},
		{"go mod tidy -v", true, "mod tidy -v"},
		{"go version", true, "version"},
		{"cargo test -p core --release", true, "test -p core --release"},
		{"cargo test -pcore", true, "test -pcore"},
		{"npm run build", true, "run"},
		// An option the entry does not know, a word past Stop, an
		// operand where none is covered, a missing value, a subcommand
		// not listed: the call is read without the entry.
		{"go test -o x ./...", false, ""},
		{"go test -coverprofile=c.out ./...", false, ""},
		{"go test ./... -args x", false, ""},
		{"go test -c ./x", false, ""},
		{"go test -run", false, ""},
		{"go build ./...", true, "build"},
		{"go build -o bin/app -trimpath .", true, "build -o bin/app -trimpath"},
		{"go build -o=bin/app ./cmd/app", true, "build -o=bin/app"},
		{"go build -ldflags -X=a.b=c .", false, ""},
		{"go build -o", false, ""},
		{"go -C d test", false, ""},
		{"go version ~/.guard/x", false, ""},
		{"go mod edit -replace a=b", false, ""},
		{"cargo test -- x", false, ""},
		{"cargo test --target-dir d", false, ""},
		{"cargo test -vv", false, ""},
		{"npm run build --prefix d", false, ""},
		{"npm install x", false, ""},
		{"make test", false, ""},
	} {
		f := strings.Fields(tc.cmd)
		leaves, data, _ := VerbRoles(f[0], f[1:])
		if leaves != tc.leaves {
			t.Errorf("%s: leaves = %v, want %v", tc.cmd, leaves, tc.leaves)
			continue
		}
		var got []string
		for j, d := range data {
			if d {
				got = append(got, f[1+j])
			}
		}
		if strings.Join(got, " ") != tc.data {
			t.Errorf("%s: data %q, want %q", tc.cmd, got, tc.data)
		}
	}
}

// TestVerbOut: the files a call makes are its Out option's value, else
// its operands.
func TestVerbOut(t *testing.T) {
	for cmd, want := range map[string]string{
		"go build -o bin/app -trimpath .": "bin/app",
		"go build -o=bin/app ./cmd/app":   "bin/app",
		"go build --o bin/app .":          "bin/app",
		"go build ./...":                  "./...",
		"go build x.go y.go":              "x.go y.go",
		"go test ./...":                   "",
	} {
		f := strings.Fields(cmd)
		if _, _, out := VerbRoles(f[0], f[1:]); strings.Join(out, " ") != want {
			t.Errorf("%s: out %q, want %q", cmd, out, want)
		}
	}
}

func FuzzVerbRoles(f *testing.F) {
	f.Add("go", "test ./... -run X -count=1")
	f.Add("cargo", "test -pcore --release")
	f.Add("npm", "run build -- x")
	f.Fuzz(func(t *testing.T, name, line string) {
		args := strings.Fields(line)
		leaves, data, out := VerbRoles(name, args)
		if !leaves {
			if data != nil || out != nil {
				t.Fatal("data for a call the entry does not cover")
			}
			return
		}
		if len(data) != len(args) || !data[0] {
			t.Fatalf("data %v for %d words", data, len(args))
		}
		for j, a := range args {
			if strings.HasPrefix(a, "-") && len(a) > 1 && !data[j] {
				t.Fatalf("option %q not marked data", a)
			}
		}
	})
}

func TestOutputsSorted(t *testing.T) {
	if !outputsSorted() {
		t.Error("catalogue.Outputs is not sorted by name and Sub")
	}
}

// TestUnknownVerb: a subcommand of a program with Outputs entries that is
// neither a write verb nor a known read is unknown; no operand is not.
func TestUnknownVerb(t *testing.T) {
	for _, tt := range []struct {
		cmd     string
		unknown bool
	}{
		{"npm pack", true},
		{"npm --json pack", true},
		{"npm --loglevel warn", false}, // --loglevel takes warn: no subcommand
		{"npm --frob warn", true},      // warn may be the value or the subcommand
		{"npm frobnicate", true},
		{"go work init .", false}, // a write verb of go work's entry
		{"go generate ./...", true},
		{"cargo init", false},
		{"cargo nextest run", true},
		{"pnpm pack", true},
		{"yarn pack", true},
		{"npm test", false},
		{"npm --loglevel warn ci", false},
		{"npm -w d run build", false},
		{"npm --version", false},
		{"npm", false},
		{"go test ./...", false},
		{"go mod why x", false},
		{"cargo build --release", false},
		{"yarn build", false}, // a script
		{"pnpm lint", false},
		{"yarn", false},
		{"ls x", false},
		// an option's value is not the subcommand (attack 39a F1)
		{"npm --loglevel info pack", true},
		{"npm --userconfig x pack", true},
		{"npm --json pack --loglevel info", true},
		{"yarn --cache-folder c pack", true},
		{"pnpm --loglevel error pack", true},
		{"pnpm --dir sub pack", true},
		{"yarn --cwd sub pack", true},
		{"pnpm npm pack", true},  // no script npm: pnpm runs the program
		{"pnpm setup", true},     // its own, neither write verb nor read
		{"bun build a.ts", true}, // writes (39a F9)
		{"cargo fmt", true},      // rewrites the sources
		{"cargo +nightly build", false},
		{"cargo +nightly frob", true},
		{"cargo uninstall x", false}, // a write verb of its own entry
		{"cargo -C d init", false},
		{"npm config get registry", false},
		{"npm config set registry x", true},
		{"npm cache verify", false},
	} {
		f := strings.Fields(tt.cmd)
		script := func(s string) bool { return s == "build" || s == "lint" }
		if _, top := UnknownVerb(f[0], f[1:], script); (top != nil) != tt.unknown {
			t.Errorf("%q: unknown = %v, want %v", tt.cmd, top != nil, tt.unknown)
		}
	}
}
