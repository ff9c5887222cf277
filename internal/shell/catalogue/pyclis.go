package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// pyModuleOptions are the argparse options of the python -m CLIs whose
// writes and reads guard models (python 3.11-3.13's tarfile.main,
// zipfile.main, gzip.main, uu.test — optparse, read the same way —
// http.server's __main__), each read with word.ArgParse; built when
// used (no table at init: hook_init).
func pyModuleOptions() map[string][]word.ArgOpt {
	return map[string][]word.ArgOpt{
		"tarfile": {{Long: "verbose", Short: 'v'}, {Long: "filter", Nargs: 1}, {Long: "list", Short: 'l', Nargs: 1},
			{Long: "extract", Short: 'e', Nargs: word.ArgsMore}, {Long: "create", Short: 'c', Nargs: word.ArgsMore},
			{Long: "test", Short: 't', Nargs: 1}},
		"zipfile": {{Long: "list", Short: 'l', Nargs: 1}, {Long: "extract", Short: 'e', Nargs: 2},
			{Long: "create", Short: 'c', Nargs: word.ArgsMore}, {Long: "test", Short: 't', Nargs: 1},
			{Long: "metadata-encoding", Nargs: 1}},
		"gzip":        {{Long: "fast"}, {Long: "best"}, {Long: "decompress", Short: 'd'}},
		"uu":          {{Long: "decode", Short: 'd'}, {Long: "text", Short: 't'}},
		"http.server": {{Long: "cgi"}, {Long: "bind", Short: 'b', Nargs: 1}, {Long: "directory", Short: 'd', Nargs: 1}, {Long: "protocol", Short: 'p', Nargs: 1}},
	}
}

// PyModuleArgs reads args, the words after python -m mod, as mod's
// argparse parser reads them; false when guard holds no table for mod.
func PyModuleArgs(mod string, args []word.Word) (word.ArgParsed, bool) {
	opts, ok := pyModuleOptions()[mod]
	if !ok {
		return word.ArgParsed{}, false
	}
	return word.ArgParse(opts, args), true
}
