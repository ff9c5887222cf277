package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// setupPrinters are programs known to print shell setup code that does not
// come from the agent's text: "PROG" (any arguments) or "PROG SUB" (the
// first operand SUB). A shell may run what they print (eval "$(ssh-agent
// -s)", source <(kubectl completion bash)).
const setupPrinters word.Set = " ssh-agent dircolors keychain gpg-agent register-python-argcomplete " +
	"direnv:hook pyenv:init pyenv:virtualenv-init rbenv:init nodenv:init goenv:init jenv:init plenv:init " +
	"pyenv:sh-activate brew:shellenv starship:init zoxide:init fnm:env mise:activate rtx:activate " +
	"atuin:init mcfly:init oh-my-posh:init opam:env luarocks:path conda:shell.bash conda:shell.zsh " +
	"thefuck:--alias fzf:--bash fzf:--zsh rustup:completions pip:completion pip3:completion " +
	"poetry:completions npm:completion pnpm:completion deno:completions bun:completions " +
	"uv:generate-shell-completion minikube:completion "

// SetupProgram reports whether prog, the program word as written, names a
// program that is installed, not made by the command: a bare name (found on
// PATH), or a path in a system or Homebrew directory.
func SetupProgram(prog string) bool {
	if !strings.Contains(prog, "/") {
		return true
	}
	for _, d := range []string{"/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/", "/home/linuxbrew/.linuxbrew/bin/", "/bin/"} {
		if strings.HasPrefix(prog, d) && !strings.Contains(prog[len(d):], "/") && !strings.Contains(prog, "..") {
			return true
		}
	}
	return false
}

// SetupPrinter reports whether program name run with args (all known) is
// known to print shell setup code: a catalogued printer, or any program's
// completion subcommand (kubectl completion bash, gh completion -s zsh),
// which prints the program's own completion script.
func SetupPrinter(name string, args []string) bool {
	if setupPrinters.Has(name) {
		return true
	}
	for _, a := range args {
		if strings.HasPrefix(a, "-") && a != "--alias" && a != "--bash" && a != "--zsh" {
			continue // options before the subcommand (kubectl --context=x completion)
		}
		return a == "completion" || a == "completions" || setupPrinters.Has(name+":"+a)
	}
	return false
}
