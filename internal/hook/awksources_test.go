package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestAwkSources: the code gawk reads besides its program operand is read
// as gawk finds it: -f NAME and -i NAME fall back to NAME.awk and search
// AWKPATH, @include "NAME" in program text (and in an included file) is
// read as -i is, -e/--source is program text; -l/--load and @load load a
// native extension and an AWKPATH guard cannot tell is a search it cannot
// follow (cannot tell), in both bash.match modes. A library without harm
// passes.
func TestAwkSources(t *testing.T) {
	evil := "BEGIN{system(\"cp x \" ENVIRON[\"HOME\"] \"/.bash\" \"rc\")}\n"
	_, proj := scriptWorld(t, map[string]string{
		"lib.awk":     evil,
		"l2/deep.awk": evil,
		"inc.awk":     "@include \"lib\"\nBEGIN{}\n",
		"ok.awk":      "function f(x) { return x + 1 }\n",
		"data/x.txt":  "1\n",
		"data/a.scss": "@include m;\n",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"gawk -f lib", "blocked_path"},
			{"gawk -i lib 'BEGIN{}'", "blocked_path"},
			{"gawk --include=lib 'BEGIN{}'", "blocked_path"},
			{"AWKPATH=l2 gawk -f deep", "blocked_path"},
			{"export AWKPATH=l2; gawk -i deep 'BEGIN{}'", "blocked_path"},
			{"gawk '@include \"lib.awk\"; BEGIN{}'", "blocked_path"},
			{"awk '@include \"lib\"; BEGIN{}'", "blocked_path"},
			{"gawk -f inc.awk", "blocked_path"},
			{"gawk '@load \"./evil\"; BEGIN{}'", "unparsable_command"},
			{"gawk -l ./evil 'BEGIN{}'", "unparsable_command"},
			{"gawk --load=./evil 'BEGIN{}'", "unparsable_command"},
			{"AWKPATH=$X gawk -f ok", "unparsable_command"},
			{"gawk -f ok data/x.txt", ""},
			{"gawk -i ok '{print f($1)}' data/x.txt", ""},
			{"gawk '@include \"ok\"; {print f($1)}' data/x.txt", ""},
			{"awk '/@include/ {print}' data/a.scss", ""},
			{"gawk -e 'BEGIN{print 1}' -f ok.awk data/x.txt", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}
