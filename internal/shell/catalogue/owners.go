package catalogue

import (
	"slices"
	"strings"
)

// Owner is a program that keeps code, or start-up text, at a place of its
// own that no word of the command names: go env -w writes ~/.config/go/env
// (GOFLAGS=-toolexec=… runs in every build), gh extension install and helm
// plugin install write code the program runs, direnv allow and mise trust
// authorise a file the user's shell runs, conda init and pipx ensurepath
// edit the start-up files. Guard counts its subcommands by default as
// writes of its places, so the write rules decide them; the entry lists
// the few known to leave them alone (Leaves), or the options that write
// (Options) where the program's words are mostly files (code FILE).
type Owner struct {
	Name string
	// Sub are the leading operands the entry is about (helm plugin,
	// kubectl krew), "" for the whole program.
	Sub string
	// Leaves are the operands after Sub known to leave the places alone,
	// each WORD, WORD:NEXT (WORD NEXT only), WORD/-x/-y (unless the
	// option -x or -y is given) or "-" (no operand at all).
	Leaves string
	// Options, when set, are the options that write the places: the
	// entry counts only with one of them (Leaves is not read).
	Options string
	// Places are what it writes: from the home directory (~/…) or the
	// working directory (a repository's .git/hooks/), a file, or a
	// directory ending in / where it writes names guard cannot tell.
	Places string
	// Moved are options that put the places where the command's own
	// words say (cargo install --root DIR, pip install --target DIR): the
	// entry does not count, the words are checked.
	Moved string
	// Local: the entry counts only when the command installs code the
	// agent could have written (see LocalCode): pip install --user of a
	// project, a wheel, a requirements file; not a package named from the
	// index.
	Local bool
}

// startupPlaces are the start-up files an installer's shell set-up edits.
const startupPlaces = "~/.bashrc ~/.zshrc ~/.profile ~/.bash_profile ~/.config/fish/config.fish"

// Owners lists the owners, sorted by name.
var Owners = []Owner{
	{Name: "activate-global-python-argcomplete", Places: "~/.bash_completion ~/.zshenv /etc/bash_completion.d/"},
	{Name: "asdf", Leaves: "current list ls where which version help info latest install uninstall reshim set local global exec env shim-versions plugin:list plugin-list plugin-list-all -", Places: "~/.asdf/plugins/"},
	{Name: "broot", Options: "--install --set-install-state", Places: startupPlaces},
	{Name: "cabal", Sub: "install", Places: "~/.local/bin/ ~/.cabal/bin/", Moved: "--installdir"},
	{Name: "cargo", Sub: "install", Places: "~/.cargo/bin/", Moved: "--root", Local: true},
	{Name: "code", Options: "--install-extension --uninstall-extension", Places: "~/.vscode/extensions/"},
	{Name: "code-insiders", Options: "--install-extension --uninstall-extension", Places: "~/.vscode-insiders/extensions/"},
	{Name: "codium", Options: "--install-extension --uninstall-extension", Places: "~/.vscode-oss/extensions/"},
	{Name: "conda", Sub: "init", Places: startupPlaces},
	{Name: "cursor", Options: "--install-extension --uninstall-extension", Places: "~/.cursor/extensions/"},
	{Name: "deno", Sub: "install", Options: "-g --global", Places: "~/.deno/bin/", Moved: "--root"},
	{Name: "direnv", Leaves: "status hook version help exec export dump stdlib fetchurl show_dump watch watch-dir watch-list apply_dump current deny revoke disallow prune -", Places: "~/.local/share/direnv/allow/"},
	{Name: "docker", Sub: "buildx", Leaves: "build b bake create debug dial-stdio du history imagetools inspect ls prune rm stop use version -", Places: "~/.docker/config.json"},
	{Name: "dotnet", Sub: "tool", Leaves: "list search run restore install/-g/--global update/-g/--global uninstall -", Places: "~/.dotnet/tools/"},
	// gcloud auth, gh auth and gpg's key modes write the credential
	// stores: a login, a key made or imported.
	{Name: "gcloud", Sub: "auth", Leaves: "list print-access-token print-identity-token describe help -", Places: "~/.config/gcloud/credentials.db ~/.config/gcloud/access_tokens.db"},
	{Name: "gem", Sub: "install", Options: "--user-install", Places: "~/.local/share/gem/ ~/.gem/", Moved: "--install-dir -i"},
	{Name: "gh", Sub: "ext", Leaves: "list ls search browse exec -", Places: "~/.local/share/gh/extensions/"},
	{Name: "gh", Sub: "extension", Leaves: "list ls search browse exec -", Places: "~/.local/share/gh/extensions/"},
	{Name: "gh", Sub: "extensions", Leaves: "list ls search browse exec -", Places: "~/.local/share/gh/extensions/"},
	{Name: "gh", Sub: "auth", Leaves: "status token setup-git help -", Places: "~/.config/gh/hosts.yml"},
	{Name: "go", Leaves: "build run test vet fmt mod get install list doc clean generate tool work fix version help bug env/-w/-u -", Places: "~/.config/go/env"},
	{Name: "gpg", Options: "--gen-key --generate-key --full-gen-key --full-generate-key --quick-gen-key --quick-generate-key --import --edit-key --passwd --change-passphrase --delete-secret-keys --delete-secret-and-public-key --quick-add-key --quick-set-expire --gen-revoke", Places: "~/.gnupg/"},
	{Name: "gpg2", Options: "--gen-key --generate-key --full-gen-key --full-generate-key --quick-gen-key --quick-generate-key --import --edit-key --passwd --change-passphrase --delete-secret-keys --delete-secret-and-public-key --quick-add-key --quick-set-expire --gen-revoke", Places: "~/.gnupg/"},
	{Name: "helm", Sub: "plugin", Leaves: "list ls -", Places: "~/.local/share/helm/plugins/"},
	{Name: "jupyter", Sub: "kernelspec", Leaves: "list -", Places: "~/.local/share/jupyter/kernels/"},
	{Name: "kubectl", Sub: "krew", Leaves: "list search info version help -", Places: "~/.krew/"},
	{Name: "lefthook", Leaves: "run version help dump validate -", Places: ".git/hooks/"},
	{Name: "luarocks", Sub: "install", Options: "--local", Places: "~/.luarocks/"},
	{Name: "mamba", Sub: "init", Places: startupPlaces},
	{Name: "micromamba", Sub: "shell", Leaves: "activate deactivate hook -", Places: startupPlaces},
	{Name: "mise", Leaves: "ls list current where which env exec x run r tasks version help doctor ls-remote outdated completion activate hook-env bin-paths latest cache:clear settings:get settings:ls use/-g/--global -", Places: "~/.local/state/mise/trusted-configs/ ~/.config/mise/config.toml ~/.local/share/mise/plugins/"},
	{Name: "ng", Sub: "completion", Leaves: "script", Places: startupPlaces},
	{Name: "nimble", Sub: "install", Places: "~/.nimble/bin/ ~/.nimble/pkgs2/ ~/.nimble/pkgs/"},
	{Name: "nix", Sub: "profile", Leaves: "list history diff-closures wipe-history -", Places: "~/.nix-profile/ ~/.local/state/nix/profiles/"},
	{Name: "opam", Sub: "init", Places: "~/.profile ~/.bashrc ~/.zshrc ~/.opam/"},
	{Name: "overcommit", Options: "--install -i", Places: ".git/hooks/"},
	{Name: "pdm", Sub: "self", Leaves: "list -", Places: "~/.local/share/pdm/"},
	{Name: "pip", Sub: "install", Options: "--user", Places: "~/.local/lib/python3/site-packages/ ~/.local/bin/", Moved: "--target -t --prefix --root", Local: true},
	{Name: "pip3", Sub: "install", Options: "--user", Places: "~/.local/lib/python3/site-packages/ ~/.local/bin/", Moved: "--target -t --prefix --root", Local: true},
	// pipx and uv tool put a tool's programs in ~/.local/bin; only pipx
	// ensurepath and uv tool update-shell edit the start-up files (to put
	// it on PATH). A tool installed or upgraded from the index is not code
	// the agent could have written: as pip install --user, only LocalCode
	// counts (pipx install --spec ./pkg x, uv tool install --from . x).
	{Name: "pipx", Leaves: "list run environment completions install upgrade -", Places: "~/.local/bin/"},
	{Name: "pipx", Sub: "ensurepath", Places: startupPlaces},
	{Name: "pipx", Sub: "install", Places: "~/.local/bin/", Local: true},
	{Name: "pipx", Sub: "upgrade", Places: "~/.local/bin/", Local: true},
	{Name: "poetry", Sub: "self", Leaves: "show -", Places: "~/.local/share/pypoetry/"},
	{Name: "rtx", Leaves: "ls list current where which env exec x run version help doctor ls-remote outdated completion activate hook-env bin-paths latest -", Places: "~/.local/state/rtx/trusted-configs/ ~/.config/rtx/config.toml ~/.local/share/rtx/plugins/"},
	{Name: "rustup", Leaves: "show check doc man which completions run update upgrade target component help toolchain:list toolchain:install toolchain:uninstall self:update -", Places: "~/.rustup/settings.toml ~/.rustup/toolchains/"},
	// rustup-init installs ~/.cargo and ~/.rustup and puts ~/.cargo/bin on
	// PATH in the start-up files unless --no-modify-path.
	{Name: "rustup-init", Places: "~/.cargo/bin/ ~/.rustup/settings.toml"},
	{Name: "rustup-init", Places: startupPlaces, Moved: "--no-modify-path"},
	{Name: "stack", Sub: "install", Places: "~/.local/bin/", Moved: "--local-bin-path"},
	{Name: "uv", Sub: "python", Leaves: "list find pin dir uninstall -", Places: "~/.local/bin/"},
	{Name: "uv", Sub: "tool", Leaves: "list dir run install upgrade -", Places: "~/.local/bin/"},
	{Name: "uv", Sub: "tool update-shell", Places: startupPlaces},
	{Name: "uv", Sub: "tool install", Places: "~/.local/bin/", Local: true},
	{Name: "uv", Sub: "tool upgrade", Places: "~/.local/bin/", Local: true},
	{Name: "volta", Sub: "setup", Places: startupPlaces},
}

// OwnedPlaces returns the places program name run with args (their
// texts) writes (see Owner); usually none.
func OwnedPlaces(name string, args []string) []string {
	var out []string
	for _, o := range Owners {
		if o.Name != name {
			continue
		}
		rest := args
		if o.Sub != "" {
			at, ok := leading(args, strings.Fields(o.Sub))
			if !ok {
				continue
			}
			rest = args[at:]
		}
		if o.Options != "" && !slices.ContainsFunc(rest, func(a string) bool { return hasOption(a, o.Options) }) ||
			o.Options == "" && leaves(rest, o.Leaves) || o.Local && !LocalCode(rest) ||
			o.Moved != "" && slices.ContainsFunc(rest, func(a string) bool { return hasOption(a, o.Moved) }) {
			continue
		}
		out = append(out, strings.Fields(o.Places)...)
	}
	return out
}

// hasOption reports whether word a is one of options, alone or with
// =VALUE, with one dash or two (Go's flags take -w and --w alike).
func hasOption(a, options string) bool {
	if !strings.HasPrefix(a, "-") {
		return false
	}
	a = "-" + strings.TrimLeft(a, "-")
	for _, o := range strings.Fields(options) {
		o = "-" + strings.TrimLeft(o, "-")
		if a == o || strings.HasPrefix(a, o+"=") {
			return true
		}
	}
	return false
}

// leaves reports whether the operands args start with a subcommand spec
// lists as leaving the places alone (see Owner.Leaves). A word after an
// option that takes none or one is taken for its value unless spec
// names it.
func leaves(args []string, spec string) bool {
	tokens := strings.Fields(spec)
	named := func(w string) bool {
		return slices.ContainsFunc(tokens, func(t string) bool {
			n, _, _ := strings.Cut(t, "/")
			n, _, _ = strings.Cut(n, ":")
			return n == w
		})
	}
	at := -1
	for i, a := range args {
		if a == "--" || strings.HasPrefix(a, "-") {
			continue
		}
		if i > 0 && strings.HasPrefix(args[i-1], "-") && !strings.Contains(args[i-1], "=") && !named(a) {
			continue // an option's value, perhaps
		}
		at = i
		break
	}
	if at < 0 {
		return slices.Contains(tokens, "-")
	}
	for _, t := range tokens {
		n, opts, _ := strings.Cut(t, "/")
		first, next, nested := strings.Cut(n, ":")
		if first != args[at] || nested && (at+1 >= len(args) || args[at+1] != next) {
			continue
		}
		if opts != "" && slices.ContainsFunc(args, func(a string) bool { return hasOption(a, strings.ReplaceAll(opts, "/", " ")) }) {
			return false
		}
		return true
	}
	return false
}

// localOptions are pip's, uv tool's and pipx's options whose value names
// local code or a list of what to install (a requirements file may name
// ./evil; pipx --pip-args hands pip any of them).
const localOptions = "-e --editable -r --requirement -c --constraint -f --find-links --path --git --with-requirements --with-editable --constraints --overrides --build-constraints --pip-args"

// LocalCode reports whether installer arguments args name code the agent
// could have written: a path (., ./x, a/b), an archive or a wheel, a URL
// or a VCS reference, an editable install or a requirements file.
func LocalCode(args []string) bool {
	for _, a := range args {
		switch {
		case hasOption(a, localOptions):
			return true
		case strings.HasPrefix(a, "-"):
			if localWord(optionValue(a)) {
				return true // --from=./pkg, --spec=., -e.
			}
		case localWord(a):
			return true
		case Archive(a, nil) || Packed(a, nil):
			return true
		}
	}
	return false
}

// localWord reports whether an installer's word names a path, a URL or
// a VCS reference.
func localWord(a string) bool {
	return a == "." || a == ".." || strings.ContainsAny(a, "/\\") || strings.Contains(a, "://") || strings.HasPrefix(a, "git+") || strings.HasPrefix(a, "file:")
}

// optionValue returns the value joined to option word a: after = (--from=X),
// or after a short option's letter (-eX); "" when none.
func optionValue(a string) string {
	if _, v, ok := strings.Cut(a, "="); ok {
		return v
	}
	if !strings.HasPrefix(a, "--") && len(a) > 2 {
		return a[2:]
	}
	return ""
}
