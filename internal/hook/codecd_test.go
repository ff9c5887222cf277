package hook

import "testing"

// TestCodeOwnCd: a code file that changes its own working directory
// (sqlite3's .cd, perl's chdir, gdb's cd) names its later relative files
// in the directory it moved to; one guard cannot tell makes a dot name
// after it one guard cannot tell.
func TestCodeOwnCd(t *testing.T) {
	runPrograms(t, map[string]string{
		"q4.sql":   ".cd ..\nselect writefile('.bashrc','P');\n",
		"q.sql":    ".cd ..\n.output .bashrc\nselect 1;\n",
		"r.sql":    ".cd ..\nselect readfile('.ssh/id_rsa');\n",
		"ok.sql":   ".cd sub\nselect writefile('out.txt','1');\n",
		"up.sql":   ".cd ..\nselect 1;\n",
		"cd.pl":    "chdir \"..\";\nopen(F,\">>\",\".bashrc\");\nprint F \"P\\n\";\n",
		"cd2.pl":   "chdir(\"..\");\nopen(F, \">>.bashrc\");\n",
		"arg.pl":   "chdir $ARGV[0];\nopen(F,\">>\",\".bashrc\");\n",
		"src.pl":   "chdir \"src\";\nopen(F,\"<\",\".gitignore\");\n",
		"cd.gdb":   "cd ..\nshell echo P >> .bashrc\n",
		"ls.gdb":   "cd ..\nshell ls\n",
		"cd.py":    "import os\nos.chdir('..')\nopen('.bashrc','a').write('P')\n",
		"plain.pl": "open(F,\">>\",\".bashrc\");\n",
	}, []programCase{
		{"sqlite3 x.db < q4.sql", true},
		{"cat q4.sql | sqlite3 x.db", true},
		{`sqlite3 x.db ".read q.sql"`, true},
		{"sqlite3 -init q.sql x.db .quit", true},
		{"sqlite3 x.db < q.sql", true},
		{"sqlite3 x.db < r.sql", true},
		{"perl cd.pl", true},
		{"perl cd2.pl", true},
		{"perl arg.pl sub", true},
		{"gdb -batch -x cd.gdb", true},
		{"python3 cd.py", true}, // the control: already read
		// A move into the project, or a harmless name after it, passes;
		// the move ends with the program.
		{"sqlite3 x.db < ok.sql", false},
		{"sqlite3 x.db < up.sql; echo x >> .bashrc", false},
		{"perl src.pl", false},
		{"perl plain.pl", false},
		{"gdb -batch -x ls.gdb; echo x >> .bashrc", false},
	})
}
