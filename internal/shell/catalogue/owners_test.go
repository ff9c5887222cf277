package catalogue

import (
	"slices"
	"strings"
	"testing"
)

// TestOwnedPlaces: a subcommand of a program that owns a protected place
// writes it unless it is known to leave it alone.
func TestOwnedPlaces(t *testing.T) {
	tests := []struct {
		cmd   string
		place string // "" for none
	}{
		{"go env -w GOFLAGS=-x", "~/.config/go/env"},
		{"go env -u GOFLAGS", "~/.config/go/env"},
		{"go env --w GOFLAGS=-x", "~/.config/go/env"},
		{"go env -w=true GOFLAGS=-x", "~/.config/go/env"},
		{"go telemetry on", "~/.config/go/env"},
		{"go env GOPATH", ""},
		{"go build ./...", ""},
		{"go -C sub test ./...", ""},
		{"go", ""},
		{"direnv allow", "~/.local/share/direnv/allow/"},
		{"direnv permit .", "~/.local/share/direnv/allow/"},
		{"direnv status", ""},
		{"gh extension install o/gh-x", "~/.local/share/gh/extensions/"},
		{"gh ext list", ""},
		{"gh pr list", ""},
		{"helm plugin install https://x", "~/.local/share/helm/plugins/"},
		{"helm upgrade --install a ./chart", ""},
		{"code --install-extension x.vsix", "~/.vscode/extensions/"},
		{"code --install-extension=x.vsix", "~/.vscode/extensions/"},
		{"code .", ""},
		{"pip install --user ./pkg", "~/.local/lib/python3/site-packages/"},
		{"pip install --user -e .", "~/.local/lib/python3/site-packages/"},
		{"pip install --user requests", ""}, // a package from the index
		{"stack install", "~/.local/bin/"},
		{"cabal install --installdir=bin", ""},
		{"deno install -g -n x ./x.ts", "~/.deno/bin/"},
		{"deno install", ""}, // the project's dependencies
		{"nix profile install .", "~/.nix-profile/"},
		{"nix profile list", ""},
		{"nimble install", "~/.nimble/bin/"},
		{"luarocks install --local x.rockspec", "~/.luarocks/"},
		{"pip install ./pkg", ""}, // no --user
		{"rustup toolchain link evil ./tc", "~/.rustup/settings.toml"},
		{"rustup toolchain list", ""},
		{"rustup update", ""},
		{"mise use node@20", ""},
		{"mise use -g node@20", "~/.local/state/mise/trusted-configs/"},
		{"dotnet tool install x", ""},
		{"dotnet tool install -g x", "~/.dotnet/tools/"},
		{"conda init bash", "~/.bashrc"},
		{"conda install numpy", ""},
		{"ng completion script", ""},
		{"ng completion", "~/.bashrc"},
		{"pipx run black .", ""},
		{"pipx ensurepath", "~/.bashrc"},
		{"pipx install black", ""}, // a tool from the index, as pip install --user requests
		{"pipx upgrade black", ""},
		{"pipx install ./pkg", "~/.local/bin/"},
		{"pipx install --spec=./pkg x", "~/.local/bin/"},
		{"pipx install --pip-args=-rreqs.txt x", "~/.local/bin/"},
		{"pipx inject black ./plugin", "~/.local/bin/"},
		{"pipx reinstall-all", "~/.local/bin/"},
		{"uv tool install ruff", ""},
		{"uv tool upgrade ruff", ""},
		{"uv tool install --from=. x", "~/.local/bin/"},
		{"uv tool install -e. x", "~/.local/bin/"},
		{"uv tool install --with-requirements reqs.txt x", "~/.local/bin/"},
		{"uv tool update-shell", "~/.bashrc"},
		{"uv tool uninstall ruff", "~/.local/bin/"},
		{"cargo install --path .", "~/.cargo/bin/"},
		{"cargo install --git https://example.com/x", "~/.cargo/bin/"},
		{"cargo install ripgrep", ""},
		{"cargo install --root ~/.x/e --path .", ""}, // the root's words are checked
		{"pip install --user --target vendor ./pkg", ""},
		{"lefthook install", ".git/hooks/"},
		{"lefthook run pre-commit", ""},
		{"poetry self add x", "~/.local/share/pypoetry/"},
		{"poetry install", ""},
	}
	for _, tt := range tests {
		f := strings.Fields(tt.cmd)
		got := OwnedPlaces(f[0], f[1:])
		if tt.place == "" && len(got) > 0 || tt.place != "" && !slices.Contains(got, tt.place) {
			t.Errorf("%q: places %q, want %q", tt.cmd, got, tt.place)
		}
	}
}

// TestOwnersSorted keeps the table in order of name.
func TestOwnersSorted(t *testing.T) {
	if !slices.IsSortedFunc(Owners, func(a, b Owner) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("Owners is not sorted by name")
	}
	if !slices.IsSortedFunc(Renamers, func(a, b Renamer) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("Renamers is not sorted by name")
	}
}

// TestPackedArchive: a file is compressed or an archive by its suffix or
// its first bytes.
func TestPackedArchive(t *testing.T) {
	ustar := make([]byte, 512)
	copy(ustar[257:], "ustar")
	tests := []struct {
		name            string
		head            []byte
		packed, archive bool
	}{
		{"settings.json.gz", nil, true, false},
		{".bashrc.GZ", nil, true, false},
		{"x.tar.gz", nil, true, false},
		{"x.tgz", nil, true, true},
		{"x.deb", nil, false, true},
		{"x.sqfs", nil, false, true},
		{"x.uu", nil, true, false},
		{"data", []byte("\x1f\x8b\x08"), true, false},
		{"data", []byte("begin 644 .bashrc\n"), true, false},
		{"data", []byte("!<arch>\ndebian-binary"), false, true},
		{"data", []byte("MSCF\x00"), false, true},
		{"data", []byte("Rar!\x1a\x07\x00"), false, true},
		{"data", []byte("hsqs"), false, true},
		{"data", ustar, false, true},
		{"main.go", []byte("package main"), false, false},
		{"notes.md", nil, false, false},
		{"lib.a", nil, false, false},
	}
	for _, tt := range tests {
		if p, a := Packed(tt.name, tt.head), Archive(tt.name, tt.head); p != tt.packed || a != tt.archive {
			t.Errorf("%q: packed %v archive %v, want %v %v", tt.name, p, a, tt.packed, tt.archive)
		}
	}
}

// FuzzOwnedPlaces: any words are read without a panic, and the first
// bytes of any file are classified without one.
func FuzzOwnedPlaces(f *testing.F) {
	f.Add("go env -w X=1", []byte("\x1f\x8b"))
	f.Add("rustup toolchain link a b", []byte("!<arch>\n"))
	f.Add("pip install --user -e .", []byte{})
	f.Fuzz(func(t *testing.T, cmd string, head []byte) {
		if w := strings.Fields(cmd); len(w) > 0 {
			OwnedPlaces(w[0], w[1:])
			LocalCode(w)
		}
		Packed(cmd, head)
		Archive(cmd, head)
	})
}

// TestExtractsHere: an archive handed with no directory is extracted in
// the working directory when the command asks for it.
func TestExtractsHere(t *testing.T) {
	tests := []struct {
		cmd  string
		want bool
	}{
		{"unrar x x.rar", true},
		{"lha -q x x.lzh", true},
		{"gem unpack x.gem", true},
		{"dpkg-deb --vextract x.deb", true},
		{"cabextract x.cab", true},
		{"unsquashfs x.sqfs", true},
		{"helm install x ./app.tgz", false},
		{"helm push app.tgz oci://r", false},
		{"pip install x.whl", false},
		{"tool -x x.zip", true},
	}
	for _, tt := range tests {
		f := strings.Fields(tt.cmd)
		if got := ExtractsHere(f[0], f[1:]); got != tt.want {
			t.Errorf("%q: %v, want %v", tt.cmd, got, tt.want)
		}
	}
}
