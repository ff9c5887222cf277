package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// pflagOpt splits the option word at j of a program whose options cobra's
// pflag reads (docker, podman, nerdctl, mikefarah's yq, kubectl…) into its
// name and value; next is the index of the last word used. withArg lists
// the options that take a value. A long option takes --opt=V or the next
// word; a short one, alone or in a cluster of flags (-itv), takes the rest
// of its word, a leading = dropped (-v=V, -ivV, -dv=V), else the next
// word, and ends the cluster; a flag given a value (-d=true) ends it too.
// A word that is no option is returned as its own name.
func pflagOpt(args []word.Word, j int, withArg word.Set) (name, val string, next int) {
	s := args[j].Text
	if strings.HasPrefix(s, "--") {
		if k, v, ok := strings.Cut(s, "="); ok {
			return k, v, j
		}
		if withArg.Has(s) && j+1 < len(args) {
			return s, args[j+1].Text, j + 1
		}
		return s, "", j
	}
	if len(s) < 2 || s[0] != '-' {
		return s, "", j
	}
	for k := 1; k < len(s); k++ {
		opt, rest := "-"+s[k:k+1], s[k+1:]
		switch {
		case strings.HasPrefix(rest, "="):
			return opt, rest[1:], j // -v=SRC:DST, -d=true
		case !withArg.Has(opt):
			continue // a flag: the cluster goes on
		case rest != "":
			return opt, rest, j // -vSRC:DST, -ivSRC:DST
		case j+1 < len(args):
			return opt, args[j+1].Text, j + 1 // -v SRC:DST, -itv SRC:DST
		}
		return opt, "", j
	}
	return s, "", j
}
