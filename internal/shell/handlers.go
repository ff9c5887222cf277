package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// The handlers: the programs whose words need code of their own besides
// what the catalogue says of them (catalogue.go), one entry a program or a
// family of programs that share their code (the grep family). The
// code is for what is a language or a command inside a command (a sed
// script, a shell's -c script, find's expression, an interpreter's code), or
// what no option table says (where cp writes, what tar extracts). A program
// with no entry is an interpreter (interpreterOf) or gets generic: its
// plain words are files it reads, and, unless the catalogue knows it only
// reads, touches.

// handler is the code for one program.
type handler struct {
	name string
	run  func(*cmd)
	// own: it runs a command that is analysed as one of its own (xargs
	// CMD, parallel CMD): its words are no touches or URLs of its own.
	own bool
}

// family is the code for the programs of a word set that share it.
type family struct {
	set word.Set
	run func(*cmd)
}

// handlers lists the programs with code of their own, sorted by name
// (TestHandlersSorted); families lists the word sets of programs that
// share theirs. Both are filled by init: their functions lead back to
// program, which reads them, and Go counts that as an initialisation cycle
// in a package-level initializer. init copies them from static data: two
// small allocations, no map.
var (
	handlers []handler
	families []family
)

func init() {
	handlers = []handler{
		{name: ".", run: (*cmd).source},
		{name: "7z", run: (*cmd).sevenZip},
		{name: "7za", run: (*cmd).sevenZip},
		{name: "7zz", run: (*cmd).sevenZip},
		{name: "alias", run: (*cmd).defineAliases}, // alias x='rm -rf /': the body runs when x does
		{name: "at", run: (*cmd).at},
		{name: "autoload", run: zshOnly((*cmd).zshAutoload)},
		{name: "autossh", run: (*cmd).ssh},
		{name: "base64", run: (*cmd).base64},
		{name: "batch", run: (*cmd).at},
		{name: "bsdtar", run: (*cmd).tar},
		{name: "cat", run: (*cmd).cat},
		{name: "cd", run: (*cmd).cd},
		{name: "cpio", run: (*cmd).cpio},
		{name: "crontab", run: (*cmd).crontab},
		{name: "curl", run: (*cmd).download},
		{name: "dirs", run: (*cmd).cd},
		{name: "docker", run: (*cmd).container},
		{name: "enable", run: (*cmd).enable},
		{name: "eval", run: (*cmd).eval},
		{name: "expect", run: (*cmd).expect},
		{name: "find", run: (*cmd).find},
		{name: "go", run: (*cmd).goRun},
		{name: "gtar", run: (*cmd).tar},
		{name: "hash", run: (*cmd).hash},
		{name: "jq", run: (*cmd).jqFilter},
		{name: "kubectl", run: (*cmd).kubectl},
		{name: "nerdctl", run: (*cmd).container},
		{name: "oc", run: (*cmd).pod},
		{name: "openssl", run: (*cmd).openssl},
		{name: "parallel", run: (*cmd).parallel, own: true},
		{name: "patch", run: (*cmd).patch},
		{name: "podman", run: (*cmd).container},
		{name: "popd", run: (*cmd).cd},
		{name: "print", run: zshOnly((*cmd).zshPrint)},
		{name: "pushd", run: (*cmd).cd},
		{name: "rm", run: (*cmd).rm},
		{name: "rsync", run: (*cmd).remoteCopy},
		{name: "scp", run: (*cmd).remoteCopy},
		{name: "screen", run: (*cmd).screen},
		{name: "sed", run: (*cmd).sed},
		{name: "sftp", run: (*cmd).remoteCopy},
		{name: "socat", run: (*cmd).socat},
		{name: "source", run: (*cmd).source},
		{name: "ssh", run: (*cmd).ssh},
		{name: "ssh-add", run: (*cmd).agentKeys},
		{name: "ssh-keygen", run: (*cmd).sshKeygen},
		{name: "tar", run: (*cmd).tar},
		{name: "tee", run: (*cmd).tee},
		{name: "telnet", run: (*cmd).telnet},
		{name: "tmux", run: (*cmd).tmux},
		{name: "trap", run: (*cmd).trap},
		{name: "uniq", run: (*cmd).secondOperand},
		{name: "unzip", run: (*cmd).unzip},
		{name: "wget", run: (*cmd).download},
		{name: "xargs", run: (*cmd).xargs, own: true},
		{name: "xxd", run: (*cmd).secondOperand},
		{name: "yq", run: (*cmd).yq},
	}
	families = []family{
		{set: shells, run: (*cmd).shell},
		{set: printers, run: (*cmd).printer},
		{set: testers, run: (*cmd).allData},
		{set: grepFamily, run: (*cmd).grepper},
		{set: messageTools, run: (*cmd).messages},
		{set: hostTools, run: (*cmd).hostTool},
		{set: ncFamily, run: (*cmd).nc},
	}
}

// handlerOf returns the entry for name.
func handlerOf(name string) (handler, bool) {
	if i, ok := slices.BinarySearchFunc(handlers, name, func(h handler, n string) int { return strings.Compare(h.name, n) }); ok {
		return handlers[i], true
	}
	for _, f := range families {
		if f.set.Has(name) {
			return handler{name: name, run: f.run}, true
		}
	}
	return handler{}, false
}
