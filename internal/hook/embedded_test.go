package hook

import "testing"

// TestEmbeddedLanguageFiles: the files an embedded language's command
// reads from disk are read in that language, default-deny (FINDINGS57a):
// tmux -f and source-file files of tmux commands, the environment tmux
// -e/setenv give a window's shell, sqlite3's fsdir() tree.
func TestEmbeddedLanguageFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"tm.conf":   "set -g mouse on\nrun-shell 'cat $HOMEDIR/.ssh/id_rsa > /tmp/leak'\n",
		"ok.conf":   "# mine\nset -g mouse on\nbind r source-file ok.conf\nset -g status-right '%H:%M'\n",
		"be":        "cat $HOMEDIR/.ssh/id_rsa\n",
		"src/a.txt": "a\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"tmux -f tm.conf new -d", true},
		{"tmux -ftm.conf new -d", true},
		{"tmux -2f tm.conf start-server", true},
		{"tmux source-file tm.conf", true},
		{"tmux new -d -s x \\; source tm.conf", true},
		{"tmux sourc tm.conf", true},
		{"tmux new -d -e BASH_ENV=$PWD/be bash", true},
		{"tmux setenv -g BASH_ENV $PWD/be; tmux neww bash -c true", true},
		{"tmux -f ok.conf new -d -s dev", false},
		{"tmux source-file ok.conf", false},
		{"tmux new -d -s dev", false},
		{"tmux ls", false},
		{"sqlite3 :memory: \"select name, data from fsdir('..')\"", true},
		{"sqlite3 :memory: \"select name from fsdir('src')\"", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestGdbFiles: gdb's options as getopt_long_only reads them (-command=F),
// the environment set environment gives the program run starts, make run
// by gdb, and auto-load settings (FINDINGS57a A11).
func TestGdbFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"x.gdb":       "shell cat $HOMEDIR/.ssh/id_rsa\n",
		"ok.gdb":      "bt\n",
		"be":          "cat $HOMEDIR/.ssh/id_rsa\n",
		"Makefile":    "all:\n\tcat $HOMEDIR/.ssh/id_rsa\n",
		"ok/Makefile": "all:\n\tgo build ./...\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"gdb -batch -command=x.gdb", true},
		{"gdb -batch -comm=x.gdb", true},
		{"gdb -batch --command x.gdb", true},
		{"gdb -batch -ex 'set environment BASH_ENV=$PWD/be' -ex 'file /bin/bash' -ex 'run -c true'", true},
		{"gdb -batch -ex \"set env BASH_ENV $PWD/be\" -ex 'run -c true' /bin/bash", true},
		{"gdb -batch -ex make", true},
		{"gdb -batch -iex 'set auto-load safe-path /' ./prog", true},
		{"gdb -batch -iex 'add-auto-load-safe-path /' ./prog", true},
		{"gdb -batch -command=ok.gdb ./app", false},
		{"gdb -batch -ex run ./app", false},
		{"gdb -batch -ex 'set env FOO=1' -ex 'run --port 8080' ./app", false},
		{"cd ok && gdb -batch -ex make", false},
		{"gdb --args ./app -v", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestGdbCommandFiles: gdb's commands are read by an allow-list: a
// command that writes a file writes it (dump, append, save, set logging),
// one that loads code or runs what guard does not read (jit-reader-load,
// compile, edit, an unknown name) is cannot-tell, and a user command that
// hands its arguments to a shell command too; a file of everyday
// commands passes.
func TestGdbCommandFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"dump.gdb":   "break main\nrun\ndump memory $HOMEDIR/.bashrc 0x1000 0x1010\n",
		"append.gdb": "append binary value $HOMEDIR/.bashrc 1\n",
		"save.gdb":   "break main\nsave breakpoints $HOMEDIR/.bashrc\n",
		"log.gdb":    "set logging file $HOMEDIR/.bashrc\nset logging on\nbt\n",
		"log2.gdb":   "set logging overwrite on\nset logging on $HOMEDIR/.bashrc\nbt\n",
		"core.gdb":   "run\ngcore $HOMEDIR/.bashrc\n",
		"jit.gdb":    "jit-reader-load ./reader.so\n",
		"comp.gdb":   "compile code system(\"true\")\n",
		"edit.gdb":   "edit main\n",
		"unk.gdb":    "frobnicate 1\n",
		"def.gdb":    "define go\nshell $arg0\nend\ngo true\n",
		"apply.gdb":  "thread apply all pipe bt | cat $HOMEDIR/.ssh/id_rsa\n",
		"ok.gdb":     "set pagination off\nset confirm off\nbreak main\nrun\nbt full\ninfo locals\np/x $pc\nx/8xw $sp\nthread apply all bt\nnext\nstep\nfinish\ncontinue\nquit\n",
		"okdef.gdb":  "define pv\n  print $arg0\nend\ndocument pv\nPrints its argument; shell is not run here.\nend\nset logging file gdb.log\nset logging on\npv 1\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"gdb -batch -x dump.gdb ./app", true},
		{"gdb -batch -x append.gdb ./app", true},
		{"gdb -batch -x save.gdb ./app", true},
		{"gdb -batch -x log.gdb ./app", true},
		{"gdb -batch -x log2.gdb ./app", true},
		{"gdb -batch -x core.gdb ./app", true},
		{"gdb -batch -x jit.gdb ./app", true},
		{"gdb -batch -x comp.gdb ./app", true},
		{"gdb -batch -x edit.gdb ./app", true},
		{"gdb -batch -x unk.gdb ./app", true},
		{"gdb -batch -x def.gdb ./app", true},
		{"gdb -batch -x apply.gdb ./app", true},
		{"gdb -batch -x ok.gdb ./app", false},
		{"gdb -batch -x okdef.gdb ./app", false},
		{"gdb -batch -ex bt ./prog", false},
		{"gdb -batch -ex 'set logging file gdb.log' -ex 'set logging on' -ex 'thread apply all bt' ./app core", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestSqliteDotCommands: sqlite3's dot-commands are read by an
// allow-list, found by a prefix of their name as sqlite3 finds them: one
// that names a file writes or reads it (.clone, .iotrace, .out), one
// guard does not know is cannot-tell; everyday ones pass.
func TestSqliteDotCommands(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"clone.sql": ".clone $HOMEDIR/.bashrc\n",
		"io.sql":    ".iotrace $HOMEDIR/.bashrc\nselect 1;\n",
		"out.sql":   ".out $HOMEDIR/.bashrc\nselect 'x';\n",
		"ses.sql":   ".session open main s\n.session changeset ch.bin\n",
		"ok.sql":    ".headers on\n.mode csv\n.output out.csv\nselect 1;\n.output\n.tables\n.schema\n.quit\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"sqlite3 x.db < clone.sql", true},
		{"sqlite3 x.db '.read io.sql'", true},
		{"sqlite3 x.db < out.sql", true},
		{"sqlite3 x.db < ses.sql", true},
		{"sqlite3 x.db '.selftest'", true},
		{"sqlite3 x.db < ok.sql", false},
		{"sqlite3 db.sqlite '.tables'", false},
		{"sqlite3 db 'select 1'", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestZipUnzipCommand: zip -T runs its -TT/--unzip-command command
// through the shell, in every spelling zip's option reader takes; a
// script that command runs is read (FINDINGS57a A1, zip).
func TestZipUnzipCommand(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"ev.sh": "cat $HOMEDIR/.aws/credentials >&2\n",
		"a.txt": "a\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"zip -T -TT'sh ev.sh' z.zip a.txt", true},
		{"zip -T -TT='sh ev.sh' z.zip a.txt", true},
		{"zip -qTT'sh ev.sh' z.zip a.txt -T", true},
		{"zip -T z.zip a.txt -TT'sh ev.sh'", true},
		{"zip -T --unzip-command='sh ev.sh' z.zip a.txt", true},
		{"zip -T --unz='bash ev.sh' z.zip a.txt", true},
		{"zip -T -TT \"$X\" z.zip a.txt", true},
		{"zip -r out.zip .", false},
		{"zip -T out.zip a.txt", false},
		{"zip -T -TT 'unzip -t' out.zip a.txt", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestPrefixGetoptRows: firejail, ltrace and xvfb-run are rows that list
// every option, read as their option readers read them: firejail's
// --shell=PROG and --audit=PROG run a program, --env=NAME=VALUE sets the
// command's environment (FINDINGS57a A4).
func TestPrefixGetoptRows(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"x.sh": "cat $HOMEDIR/.ssh/id_rsa >&2\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"firejail --shell=./x.sh ls", true},
		{"firejail --env=BASH_ENV=./x.sh bash -c true", true},
		{"firejail --noprofile --audit=./x.sh ls", true},
		{"firejail --noprofile prog", false},
		{"firejail --net=none --private-tmp --seccomp npm test", false},
		{"ltrace -S -f -o trace.txt ./app", false},
		{"xvfb-run -a -s '-screen 0 1280x1024x24' npm test", false},
		{"xvfb-run -w 3 npm test", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestRoffDocuments: a roff document's .so and its kin read the files
// they name, whatever the document's name; unsafe mode and macro
// directories are what guard cannot tell (FINDINGS57a A5).
func TestRoffDocuments(t *testing.T) {
	const so = ".TH X 1\n.SH NAME\nx\n.so $HOMEDIR/.ssh/id_rsa\nhello\n"
	_, proj := scriptWorld(t, map[string]string{
		"doc2.ms":   so,
		"doc2.txt":  so,
		"doc2":      so,
		"x.1":       so,
		"nx.ms":     ".nx $HOMEDIR/.ssh/id_rsa\n",
		"cf.ms":     ".cf $HOMEDIR/.ssh/id_rsa\n",
		"esc.ms":    ".ds f /x\n.so \\*f\n",
		"sy.ms":     ".sy true\n",
		"a.txt":     "hello\n",
		"ok.ms":     ".TH OK 1\n.so inc.ms\n.SH NAME\nok\n",
		"inc.ms":    ".PP\ntext\n",
		"ok.1":      ".TH OK 1\n.SH NAME\nok \\- a tool\n",
		"evil.tmac": ".sy true\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"groff -T ascii doc2.ms", true},
		{"groff -Tascii doc2.txt", true},
		{"nroff doc2", true},
		{"groff -Tascii < doc2.ms", true},
		{"man -l x.1", true},
		{"man ./x.1", true},
		{"groff -Tascii nx.ms", true},
		{"troff cf.ms", true},
		{"groff -Tascii esc.ms", true},
		{"groff -U -Tascii sy.ms", true},
		{"groff -U -M. -mevil -Tascii a.txt", true},
		{"GROFF_TMAC_PATH=. groff -Tascii a.txt", true},
		{"groff -Tascii -ms ok.ms", false},
		{"groff -man -Tutf8 ok.1", false},
		{"man -l ok.1", false},
		{"man ls", false},
		{"man 5 crontab", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}
