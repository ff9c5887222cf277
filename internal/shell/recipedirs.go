package shell

// A build file's command that runs files of another directory: cd DIR
// && ./run.sh, sh -c "cd DIR && …", and a make it starts ($(MAKE) -C
// DIR, make -f DIR/Makefile). The files are read where they run: the
// commands after a cd to a directory guard knows are scanned there, a
// sub-make's makefile is scanned as make's own is (projectMake), in its
// directory, bounded with the recipe scripts; a directory guard cannot
// tell, with a file run after it, is what guard cannot tell (FINDINGS51a
// F4).

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// recipeChdir scans the simple commands of a build-file command line
// (scs) after its first cd or pushd in the directory it changes to.
func (c *cmd) recipeChdir(scs [][]word.Word, limit int) {
	for i, sc := range scs {
		ws := commandProgram(sc)
		if len(ws) == 0 || !ws[0].Known || (ws[0].Text != "cd" && ws[0].Text != "pushd") || i+1 == len(scs) {
			continue
		}
		var after []string
		for _, s := range scs[i+1:] {
			after = append(after, strings.Join(word.Texts(s), " "))
		}
		text := strings.Join(after, " ; ")
		dir, known := "", true
		for _, a := range ws[1:] {
			if a.Text != "--" && a.Text != "-P" && a.Text != "-L" {
				dir, known = unglued(a.Text), a.Known
				break
			}
		}
		if !known || dir == "" || dir == "-" || strings.ContainsAny(dir, "$`*?[~\x00") {
			if runsRelative(text) {
				c.w.hide("runs build-file commands that change directory to a place guard cannot tell (%s) and run a file there: it cannot tell which file runs", strings.Join(word.Texts(ws), " "))
			}
			return
		}
		c.inDir(c.w.dest(dir), func() { c.scanWords([]string{text}, nil, limit) })
		return
	}
}

// runsRelative reports whether command text may run a file named
// relative to its directory: ./x, ../x, x.sh, or a make.
func runsRelative(text string) bool {
	for _, wd := range lang.SplitQuoted(text) {
		s := unglued(wd.Text)
		b := path.Base(s)
		if strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") || strings.HasSuffix(s, ".sh") || strings.HasSuffix(s, ".bash") ||
			b == "make" || b == "gmake" || b == "bmake" || strings.Contains(s, "MAKE") {
			return true
		}
	}
	return false
}

// shellText scans the command text a shell in a build-file command runs
// (sh -c "cd sub && ./run.sh"): the words after -c.
func (c *cmd) shellText(words []word.Word, limit int) {
	for i := 1; i < len(words); i++ {
		if words[i-1].Text == "-c" && strings.ContainsAny(words[i].Text, " \t;&|") && c.w.recipeDepth < maxRecipeDepth {
			c.w.recipeDepth++
			c.scanWords([]string{words[i].Text}, nil, limit)
			c.w.recipeDepth--
		}
	}
}

// maxRecipeDepth bounds the commands inside commands (sh -c) and the
// makes inside makes a build file's commands are read through.
const maxRecipeDepth = 4

// recipeMake scans the makefile a make of a build-file command runs
// (args: its words after the program; env: the assignments before it),
// in the directory -C names, with its goals, given its own VAR=x, the
// variables the makefile exports and the outer make's command line as
// its variables, its -I directories; make's --eval text, or a directory
// or makefile guard cannot tell, is hidden.
func (c *cmd) recipeMake(args, env []word.Word) {
	mc, ok := makeArgs(args)
	if !ok {
		c.w.hide("runs build-file commands that start make with a directory, makefile or --eval text guard cannot tell")
		return
	}
	dir := path.Clean(c.w.dest(mc.dir))
	key := "make:" + dir + ":" + strings.Join(mc.files, ",") + ":" + strings.Join(mc.goals, ",") + ":" + strings.Join(word.Texts(mc.vars), ",")
	for _, s := range c.w.recipeScripts {
		if s == key {
			return
		}
	}
	if c.w.recipeDepth >= maxRecipeDepth || len(c.w.recipeScripts) >= maxRecipeScripts {
		c.w.hide("runs build-file commands that start make more than %d levels or files deep", maxRecipeDepth)
		return
	}
	c.w.recipeScripts = append(c.w.recipeScripts, key)
	c.w.recipeDepth++
	saved := c.args
	sub := append(append(append([]word.Word{}, mc.vars...), env...), c.w.recipeEnv...)
	for _, a := range saved {
		if k, _, eq := strings.Cut(a.Text, "="); eq && word.IsName(k) {
			sub = append(sub, a) // make's command line reaches its sub-makes (MAKEFLAGS)
		}
	}
	for _, d := range mc.incdir {
		sub = append(sub, word.Word{Text: "--include-dir=" + d, Known: true})
	}
	c.args = sub
	defer func() { c.w.recipeDepth--; c.args = saved }()
	c.inDir(dir, func() {
		if len(mc.files) > 0 {
			c.projectMake(mc.files, nil, mc.goals) // -f a -f b: one makefile
			return
		}
		for _, f := range []string{"GNUmakefile", "makefile", "Makefile"} {
			if c.projectMake([]string{f}, nil, mc.goals) {
				return
			}
		}
	})
}

// makeCall is what a build-file command's make is given: its directory
// (-C, --directory; . when none), makefiles (-f, --file, --makefile),
// goals, include directories (-I) and command-line variables (VAR=x).
type makeCall struct {
	dir                  string
	files, goals, incdir []string
	vars                 []word.Word
}

// makeArgs returns the makeCall of make's words args (spelt out by
// makeWords); false for a value guard cannot tell, a makefile on
// standard input, or --eval text.
func makeArgs(args []word.Word) (makeCall, bool) {
	mc := makeCall{dir: "."}
	args = makeWords(args)
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		opt, v, eq := strings.Cut(s, "=")
		switch {
		case !args[j].Known || strings.ContainsAny(s, "`~\x00") || strings.Contains(s, "$") && !eq:
			return mc, false
		case !strings.HasPrefix(s, "-") && !eq:
			mc.goals = append(mc.goals, s)
		case !strings.HasPrefix(s, "-"):
			mc.vars = append(mc.vars, args[j]) // the sub-make's own VAR=x
		case eq && opt == "--directory":
			mc.dir = subDir(mc.dir, v)
		case eq && (opt == "--file" || opt == "--makefile"):
			mc.files = append(mc.files, v)
		case eq && opt == "--include-dir":
			mc.incdir = append(mc.incdir, v)
		case strings.HasPrefix(s, "-E") || strings.HasPrefix(s, "--eval"):
			return mc, false
		case makeWithArg.Has(s) && !makeNumberArg.Has(s) && j+1 == len(args):
			return mc, false // its value was a separator guard dropped (-C $$d;)
		case j+1 < len(args) && makeTakesNext(s, args[j+1].Text):
			j++
			v := args[j].Text
			if !args[j].Known || strings.ContainsAny(v, "$`~\x00") {
				return mc, false
			}
			switch s {
			case "-C", "--directory":
				mc.dir = subDir(mc.dir, v)
			case "-f", "--file", "--makefile":
				if word.IsStdin(v) {
					return mc, false // make -f -: standard input guard does not see here
				}
				mc.files = append(mc.files, v)
			case "-I", "--include-dir":
				mc.incdir = append(mc.incdir, v)
			}
		}
	}
	return mc, true
}

// subDir is directory d after make's -C v.
func subDir(d, v string) string {
	if strings.HasPrefix(v, "/") {
		return v
	}
	return path.Join(d, v)
}
