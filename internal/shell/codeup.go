package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
)

// maxUpLevels are the directories above the working directory in which
// code that goes up names its dot entries (codeUp); the home directory is
// one besides, however deep the working directory is below it.
const maxUpLevels = 8

// codeUp records the names interpreter code that goes up from its working
// directory (Path("..", ".bashrc"), "/".join(["..", ".ssh", "id_rsa"]))
// may give in each directory above it up to the home,
// whatever joins them: each dot entry and its pieces read and touched, as
// a guess (a project's '.gitignore' above it is harmless), and each dot
// entry with each other name read. A program file's bare dot entry is only
// touched: a program names its project's '.env'. It returns how many
// names it recorded, or -1 when the code holds more than it checks.
func (w *walker) codeUp(code string, file bool) int {
	up := lang.UpwardNames(code, file)
	if up.Many {
		return -1
	}
	n := 0
	for _, dir := range upDirs() {
		for _, t := range up.Dots {
			p := dir + t
			if !file || strings.Contains(t, "/") {
				w.Read(p)
			}
			w.TouchBare(p)
			n++
		}
		for _, t := range up.Pairs {
			w.Read(dir + t) // f = "id_rsa"; Path("..", ".ssh", f)
			n++
		}
	}
	return n
}

// upDirs returns the directories above the working directory codeUp
// looks in, each ending in /.
func upDirs() []string {
	out := make([]string, 0, maxUpLevels+1)
	for i := 1; i <= maxUpLevels; i++ {
		out = append(out, strings.Repeat("../", i))
	}
	return append(out, "~/")
}
