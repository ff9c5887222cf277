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
func (c *cmd) ownedPlaces() {
	for _, p := range catalogue.OwnedPlaces(c.name, word.Texts(c.args)) {
		if strings.HasSuffix(p, "/") {
			p += effect.UnknownName
		}
		c.w.Write(p)
	}
}
