package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// yqWithArg are the options of mikefarah's yq (v4.44.3's --help) that
// take a value, as its option reader (pflag) reads them; its booleans
// (--string-interpolation, --xml-raw-token, --xml-skip-proc-inst…) take
// one only as --flag=v, so the word after them is not theirs (FINDINGS60b
// B20).
const yqWithArg word.Set = " -o -p -I -s -f --output-format --input-format --indent --split-exp --split-exp-file " +
	"--from-file --expression --front-matter --xml-attribute-prefix --xml-content-name --xml-proc-inst-prefix " +
	"--xml-directive-name --csv-separator --properties-separator --lua-prefix --lua-suffix "

// yqSplitHasExt reports whether name ends in an extension (yq's
// `\.[a-zA-Z0-9]+$`): yq adds none then.
func yqSplitHasExt(name string) bool {
	dot := strings.LastIndexByte(name, '.')
	if dot < 0 || dot == len(name)-1 {
		return false
	}
	for _, r := range name[dot+1:] {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// yqSplit: mikefarah's yq -s EXPR (--split-exp, --split-exp-file F)
// writes each result into the file EXPR evaluates to, relative to the
// working directory (no ~ expansion), with the output format's extension
// (yml, json, properties) when the name has none. A name of literals and
// $index is written; any other expression (env(HOME) + …, a field of the
// document) names a file guard cannot tell, which may be any path.
func (c *cmd) yqSplit() {
	var exps []string
	format, split := "", false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "--" {
			break
		}
		if strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "--") && strings.ContainsRune(strings.SplitN(s, "=", 2)[0], 'j') {
			format = "json" // -j, -Pj: --tojson
		}
		name, val, next := pflagOpt(c.args, j, yqWithArg)
		known := c.args[next].Known
		j = next
		switch name {
		case "--tojson":
			format = "json"
		case "-o", "--output-format":
			format = val
		case "-s", "--split-exp":
			exps, split = append(exps, c.yqSplitExp(val, known)), true
		case "--split-exp-file":
			t := c.yqFromFile(word.Word{Text: val, Known: known})
			exps, split = append(exps, strings.Join(t, "")), true
		}
	}
	if !split {
		return
	}
	exts := yqSplitExts(format)
	for _, e := range exps {
		name, ok := lang.YqSplitName(e, "0")
		if !ok {
			name = word.Mark(word.MarkSubst, "")
		} else if strings.HasPrefix(name, "~") {
			name = "./" + name // yq opens the name as given
		}
		if yqSplitHasExt(name) {
			c.w.Write(name)
			continue
		}
		for _, x := range exts {
			c.w.Write(name + "." + x)
		}
	}
}

// yqSplitExp is the split expression val, or one guard cannot tell when
// the word is not known.
func (c *cmd) yqSplitExp(val string, known bool) string {
	if !known {
		return "?"
	}
	return val
}

// yqSplitExts returns the extensions yq gives a split file in output
// format f: json for json, properties for props, yml for the others; the
// automatic format (the input's, taken from a file's extension) may be
// any of the three.
func yqSplitExts(f string) []string {
	switch strings.ToLower(f) {
	case "json", "j":
		return []string{"json"}
	case "props", "p", "properties":
		return []string{"properties"}
	case "", "auto", "a":
		return []string{"yml", "json", "properties"}
	}
	return []string{"yml"}
}
