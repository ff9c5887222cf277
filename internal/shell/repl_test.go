package shell

import (
	"errors"
	"slices"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestClientLanguages: what a database client's, a file-transfer
// client's or a REPL's own command language runs is analysed as a command
// run here (a script it names is read); the files its commands name are
// read or written; a name or a command built from what guard cannot tell
// is hidden.
func TestClientLanguages(t *testing.T) {
	evil := map[string]string{"pq.sh": `echo x >> "$HOME/.bashrc"`, "./pq.sh": `echo x >> "$HOME/.bashrc"`}
	tests := []struct {
		cmd    string
		files  map[string]string
		writes string // among the writes
		reads  string // among the reads
		hidden bool
		// touches: among the touches (a word guard cannot tell is no file)
		touches string
	}{
		{cmd: `psql -c '\! sh pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `psql -c '\! ./pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `psql -c "\copy (select 1) to program 'sh pq.sh'"`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `psql -c "copy t to program 'sh pq.sh'"`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `psql -At -c '\set f /home/u/.bash' -c '\set f :f rc' -c '\o :f' -c "select 'x'"`, writes: "/home/u/.bashrc"},
		{cmd: `psql -c "\set k /home/u/.net" -c "\set k :k rc" -c "\lo_import :k"`, reads: "/home/u/.netrc"},
		{cmd: `psql -v f=/home/u/.bashrc -c '\o :'"'"'f'"'"`, writes: "/home/u/.bashrc"},
		{cmd: `psql -c 'select 1 \g /home/u/.bashrc'`, writes: "/home/u/.bashrc"},
		{cmd: `psql -c '\o | sh pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: "psql -c '\\set x `sh pq.sh`'", files: evil, writes: "$HOME/.bashrc"},
		{cmd: `psql -f a.sql`, files: map[string]string{"a.sql": `\i b.sql`, "b.sql": `\! sh pq.sh`, "pq.sh": evil["pq.sh"]}, writes: "$HOME/.bashrc"},
		{cmd: `psql -c '\copy t to /home/u/.bashrc'`, writes: "/home/u/.bashrc"},
		{cmd: `psql -c '\gset' -c '\o :x'`, hidden: true},
		{cmd: `psql -c '\cd /tmp' -c '\o out.txt'`, hidden: true},
		{cmd: `mysql -e 'system sh pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `mysql -e '\! sh pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `mysql -e 'tee /home/u/.bashrc'`, writes: "/home/u/.bashrc"},
		{cmd: `mysql -e 'source a.sql'`, files: map[string]string{"a.sql": "system sh pq.sh", "pq.sh": evil["pq.sh"]}, writes: "$HOME/.bashrc"},
		{cmd: `mysql --pager='sh pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `mysql --plugin-dir=. --default-auth=x`, hidden: true},
		{cmd: `duckdb -c '.shell sh pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `lftp -c '!sh pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `sftp -b b.txt h`, files: map[string]string{"b.txt": "!sh pq.sh", "pq.sh": evil["pq.sh"]}, writes: "$HOME/.bashrc"},
		{cmd: `ghci -e ':! sh pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `R -e 'system("sh pq.sh")'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: "julia -e 'run(`sh pq.sh`)'", files: evil, writes: "$HOME/.bashrc"},
		{cmd: `julia x.jl`, files: map[string]string{"x.jl": "run(`sh pq.sh`)", "pq.sh": evil["pq.sh"]}, writes: "$HOME/.bashrc"},
		{cmd: `octave --eval 'system("sh pq.sh")'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `mongosh --eval 'require("child_process").execSync("sh pq.sh")'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `R -e 'system(paste0("sh ", f))'`, hidden: true},
		// An unknown program handed text with a REPL's escape.
		{cmd: `myrepl -e ':! sh pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `myrepl <<< '\! ./pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `myrepl -e 'system(cmd)'`, hidden: true},
		{cmd: `myrepl -e ':!./pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `psql -c "\setenv PAGER 'sh pq.sh'" -c 'select 1'`, files: evil, writes: "$HOME/.bashrc"},
		// A text only guessed to be a command runs the script it names.
		{cmd: `mytool 'x; ./pq.sh'`, files: evil, writes: "$HOME/.bashrc"},
		{cmd: `psql 'host=x sslkeylogfile=/home/u/.bashrc' -c 'select 1'`, touches: "/home/u/.bashrc"},
		// Not: queries, files in the project, text that runs nothing.
		{cmd: `psql -c 'select 1'`},
		{cmd: `psql -c '\dt' -c '\x'`},
		{cmd: `psql -c '\copy t to out.csv csv header'`, writes: "out.csv"},
		{cmd: `psql -f schema.sql`, files: map[string]string{"schema.sql": "create table t (x int);"}, reads: "schema.sql"},
		{cmd: `mysql -e 'show databases'`},
		{cmd: `R -e 'install.packages("dplyr")'`},
		{cmd: `mytool './notes.md is fine'`, files: map[string]string{"./notes.md": "hello (world"}},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if got := a.Err != nil && errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q: hidden = %v (%v), want %v", tt.cmd, got, a.Err, tt.hidden)
		}
		if tt.writes != "" && !slices.Contains(a.Writes, tt.writes) {
			t.Errorf("%q: writes %q, want %q among them", tt.cmd, a.Writes, tt.writes)
		}
		if tt.reads != "" && !slices.Contains(a.Reads, tt.reads) {
			t.Errorf("%q: reads %q, want %q among them", tt.cmd, a.Reads, tt.reads)
		}
		if tt.touches != "" && !slices.Contains(a.Touches, tt.touches) {
			t.Errorf("%q: touches %q, want %q among them", tt.cmd, a.Touches, tt.touches)
		}
		if tt.writes == "" && !tt.hidden && (slices.Contains(a.Writes, "$HOME/.bashrc") || slices.Contains(a.Writes, "/home/u/.bashrc")) {
			t.Errorf("%q: writes %q", tt.cmd, a.Writes)
		}
	}
}

// FuzzClientText: the readers of clients' and editors' command languages
// never panic and stay within their bounds on any text.
func FuzzClientText(f *testing.F) {
	for _, s := range []string{`\! sh x`, `\set f :f rc`, `\o :'f'`, "\\set x `id`", `\copy t to program 'x'`,
		`select 1 \g f \\ \o x`, `system ls`, `\T f`, `:! ls`, `system(paste0(x))`, `(load-file "x")`, `(load (concat "a"))`,
		"so x.vim | !ls", `:'x`, `:"`, `\`, `(shell-command "`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		files := map[string]string{"x": s, "x.vim": s}
		for _, prog := range []string{"psql -c", "mysql -e", "emacs --eval", "vim -c", "myrepl -e", "duckdb -c"} {
			analyzeWith(prog+" "+word.Quote(s), files)
		}
	})
}
