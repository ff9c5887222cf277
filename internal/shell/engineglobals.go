package shell

// A container engine's global options before its subcommand (docker -D
// compose up, docker --context X compose up, podman --log-level info
// compose up): the subcommand is found after them, as docker's CLI
// (pflag, not interspersed) reads them (FINDINGS51a F5).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// engineSub returns the index in args of container engine's subcommand,
// after the global options catalogue.EngineGlobals lists with their
// values (-Dc X, --context=X, -H HOST); why is, when guard cannot tell
// where it starts, the word before it that it does not know ("" else).
func engineSub(engine string, args []word.Word) (sub int, why string) {
	g := -1
	for k := range catalogue.EngineGlobals {
		if catalogue.EngineGlobals[k].Engine == engine {
			g = k
		}
	}
	if g < 0 {
		return 0, ""
	}
	o := &catalogue.EngineGlobals[g]
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case !args[j].Known:
			return j, word.Render(s)
		case s == "--":
			return j + 1, ""
		case s == "-" || !strings.HasPrefix(s, "-"):
			return j, ""
		case strings.HasPrefix(s, "--"):
			name, _, eq := strings.Cut(s, "=")
			switch {
			case o.WithArg.Has(name) && !eq:
				j++
			case o.WithArg.Has(name) || o.Flags.Has(name):
			default:
				return j, s
			}
		default:
			next, ok := engineShort(s, o.ShortWithArg, o.ShortOff)
			if !ok {
				return j, s
			}
			if next {
				j++
			}
		}
	}
	return len(args), ""
}

// engineShort reads a cluster of short global options s (-D, -Dc X,
// -cX, -c=X): next is whether its last takes the next word; ok is false
// for a letter neither withArg nor off (taking none) holds.
func engineShort(s, withArg, off string) (next, ok bool) {
	for k := 1; k < len(s); k++ {
		switch {
		case strings.IndexByte(off, s[k]) >= 0:
		case strings.IndexByte(withArg, s[k]) >= 0:
			return k+1 == len(s), true // the rest of the word is its value
		default:
			return false, false
		}
	}
	return false, true
}

// container: docker, podman and nerdctl copy files (cp), share host
// directories with a container (-v) and run commands inside it; their
// global options come first. The subcommand's words are read from it on
// (the spent marks kept in step); the program's words whole, as any.
func (c *cmd) container() {
	if eng := catalogue.EngineOf(c.name); eng != c.name {
		// podman-remote, finch, nerdctl.lima: the same CLI under another
		// name (FINDINGS52b F14), read as it
		defer func(name string) { c.name = name }(c.name)
		c.name = eng
	}
	c.engineConfigMoved()
	sub, why := engineSub(c.name, c.args)
	if why != "" {
		c.w.hide("runs %s with %s before its subcommand, which guard does not know: it cannot tell what the command does", c.name, why)
		c.volumes()
		c.generic()
		return
	}
	all, spent := c.args, c.spent
	if spent == nil {
		spent = make([]bool, len(all))
	}
	c.args, c.spent = all[sub:], spent[sub:]
	copied := c.containerSub()
	c.args, c.spent = all, spent
	if !copied {
		c.generic()
	}
}

// containerSub analyses a container engine's subcommand, c.args from it:
// it reports whether it is a copy (docker cp), whose words it accounts.
func (c *cmd) containerSub() bool {
	if c.containerCopy() {
		return true
	}
	if c.containerBuild() { // dockerbuild.go
		return false
	}
	switch {
	case len(c.args) > 1 && c.args[0].Text == "compose":
		c.compose(c.args[1:]) // compose.go
	case len(c.args) > 1 && c.args[0].Text == "stack" && c.args[1].Text == "deploy":
		c.stackDeploy(c.args[2:])
	}
	c.volumes()
	c.containerCommand()
	return false
}

// engineConfigMoved checks where a container engine finds its client
// configuration, which names code it runs: docker, docker-compose and
// nerdctl start their CLI plugins (docker compose, buildx:
// cli-plugins/) and credential helpers (config.json's credsStore and
// credHelpers: docker-credential-NAME) from DOCKER_CONFIG, else
// ~/.docker; podman its helper binaries, hooks directories and compose
// provider (compose_providers) from CONTAINERS_CONF (and
// CONTAINERS_CONF_OVERRIDE), else ~/.config/containers, and the provider
// from PODMAN_COMPOSE_PROVIDER. Where the command moves
// that directory (HOME=x, DOCKER_CONFIG=x), what runs there is what guard
// cannot tell.
func (c *cmd) engineConfigMoved() {
	vars, suffix := "DOCKER_CONFIG", "/.docker"
	if c.name == "podman" {
		vars, suffix = "CONTAINERS_CONF CONTAINERS_CONF_OVERRIDE CONTAINERS_STORAGE_CONF", ""
		if _, own := c.w.varMap()["PODMAN_COMPOSE_PROVIDER"]; own {
			// podman compose execs the provider it names (FINDINGS52b F8)
			c.w.hide("runs podman with PODMAN_COMPOSE_PROVIDER set by the command: podman compose runs the program it names, which guard does not read")
		}
	}
	for _, name := range strings.Fields(vars) {
		if _, own := c.w.varMap()[name]; !own {
			continue
		}
		if v, known := c.w.lookup(name); suffix == "" && (!known || v != "") || suffix != "" && (!known || unknownText(v) || !c.w.ownHome(strings.TrimSuffix(strings.TrimRight(v, "/"), suffix))) {
			c.w.hide("runs %s with %s set by the command: it runs the code its configuration there names (CLI plugins, credential helpers, hooks), which guard does not read", c.name, name)
		}
		return
	}
	if name := c.w.homeMoved(); name == "HOME" || name != "" && c.name == "podman" {
		c.w.hide("runs %s with %s set by the command: it runs the code its configuration under it names (CLI plugins, credential helpers, hooks), which guard does not read", c.name, name)
	}
}
