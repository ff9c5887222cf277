package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// ownedPlaces records, for a program that keeps code or start-up text at
// a place of its own (catalogue.Owners: go env -w, gh extension install,
// direnv allow, conda init…), a write of each place its subcommand may
// change: every subcommand but those known to leave them alone. A place
// that is a directory is written with a name guard cannot tell in it.
func (c *cmd) ownedPlaces() { c.ownerWrites(c.name, c.args) }

// ownerWrites records the places owner name run with args writes; an
// owner run as an interpreter's module (python3 -m pip install --user
// ./x.whl is pip's) is looked up by the module's name.
func (c *cmd) ownerWrites(name string, args []word.Word) {
	for _, p := range catalogue.OwnedPlaces(name, word.Texts(args)) {
		if name == "cargo" && p == "~/.cargo/bin/" {
			if bins, ok := c.cargoInstallBins(args); ok { // cargoinstall.go
				for _, b := range bins {
					c.w.Write(p + b)
				}
				continue
			}
		}
		if strings.HasSuffix(p, "/") {
			p += effect.UnknownName
		}
		c.w.Write(p)
	}
}
