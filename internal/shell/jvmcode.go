package shell

// A JDK tool (jar, javac, keytool: catalogue.JVMTools) runs on a JVM.
// The options its -J words hand the JVM are checked as java's words are
// (generic: the path of -J-javaagent:X as java -javaagent:X's; runners:
// -J-XX:OnError=CMD). When those, or the JVM's variables the command sets
// (JAVA_TOOL_OPTIONS, _JAVA_OPTIONS; JDK_JAVA_OPTIONS for java), give the
// JVM code to load before the tool's own (catalogue.JVMCode: an agent, a
// boot class path), the tool runs that code, as java runs a project's:
// what it prints is the code's, so the tool is no longer read as one
// that prints none of what it reads (jar tf).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
)

// jvmCode reports whether c is a JDK tool whose JVM loads code before
// the tool's own (see the file's comment).
func (c *cmd) jvmCode() bool {
	if !catalogue.JVMTools.Has(c.name) {
		return false
	}
	for _, a := range c.args {
		if opt, ok := strings.CutPrefix(a.Text, "-J"); ok && catalogue.JVMCode(opt) {
			return true
		}
	}
	vars := catalogue.JVMVars
	if c.name == "java" {
		vars += " JDK_JAVA_OPTIONS "
	}
	for _, name := range strings.Fields(string(vars)) {
		v, _ := c.w.lookup(name)
		for _, f := range lang.SplitQuoted(v) {
			if catalogue.JVMCode(f.Text) {
				return true
			}
		}
	}
	return false
}

// unprinted reports whether c is a program that prints none of the text
// of some reads (catalogue.Unprinted, with its quiet options): not a JDK
// tool that runs other code first.
func (c *cmd) unprinted() bool {
	return catalogue.Unprinted.Has(c.name) && !c.jvmCode()
}
