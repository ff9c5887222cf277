package lang

import "testing"

// TestRecordCommands checks the commands shell calls build around an input
// record, one line put in: the text around the record is kept, a command
// built in a way guard does not follow is not known (FINDINGS57a A16).
func TestRecordCommands(t *testing.T) {
	for _, c := range []struct {
		prog, code, line, want string
		ok                     bool
	}{
		{"awk", `{system($0)}`, "ls -l", "ls -l", true},
		{"awk", `{system("cd; cat " $0)}`, ".aws/credentials", "cd; cat .aws/credentials", true},
		{"awk", `{system("cat " $2 " > /dev/null")}`, "a b c", "cat b > /dev/null", true},
		{"awk", `{system("echo " $NF)}`, "a b c", "echo c", true},
		{"awk", `{print "cat " $0 | "sh"}`, "x", "cat x", true},
		{"awk", `{print | "sh"}`, "ls", "ls", true},
		{"perl", `chomp; system("cat " . $_)`, "x", "cat x", true},
		{"perl", `system "cat $F[1]"`, "a b", "cat b", true},
		{"perl", "print `cat $_`", "x", "cat x", true},
		{"ruby", `system "cat #{$_}"`, "x", "cat x", true},
		{"awk", `{system(sprintf("cat %s", $0))}`, "x", "", false},
		{"awk", `{system(cmd $0)}`, "x", "", false},
		{"perl", `system("cat", $_)`, "x", "", false},
		{"perl", `system("cat $x $_")`, "x", "", false},
	} {
		cmds, ok := RecordCommands(c.code, c.prog)
		if ok != c.ok {
			t.Errorf("%s %q: ok %v, want %v", c.prog, c.code, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		if len(cmds) != 1 {
			t.Errorf("%s %q: %d commands, want 1", c.prog, c.code, len(cmds))
			continue
		}
		if got := RecordLine(cmds[0], c.line); got != c.want {
			t.Errorf("%s %q on %q: %q, want %q", c.prog, c.code, c.line, got, c.want)
		}
	}
}
