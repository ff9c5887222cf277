package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestEditorScripts: a script file an editor is told to run (an option,
// an ex command, Lisp, a variable) is read and checked as its program,
// whether on disk or written by the command.
func TestEditorScripts(t *testing.T) {
	vimEvil := `call writefile(['x'], expand('~/.bashrc'), 'a')`
	luaEvil := `vim.fn.writefile({'x'}, vim.fn.expand('~/.bashrc'), 'a')`
	elEvil := `(write-region "x" nil "~/.bashrc" t)`
	tests := []struct {
		cmd    string
		files  map[string]string
		writes string // among the writes; "" for none wanted
		hidden bool   // the analysis hides what runs
	}{
		{cmd: "vim -es -S x7.vim -c q", files: map[string]string{"x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: `vim -es -c "so x7.vim" -c qa`, files: map[string]string{"x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: "vim -es -u x7.vim -c q", files: map[string]string{"x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: `vim -es --cmd "so x7.vim" -c q`, files: map[string]string{"x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: `vim -es -c "runtime x7.vim" -c q`, files: map[string]string{"x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: `vim -es -c "sil! ru! x7.vim" -c q`, files: map[string]string{"x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: `VIMINIT="so x7.vim" vim -es -c q`, files: map[string]string{"x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: `export EXINIT="so x7.vim"; ex -s -c q`, files: map[string]string{"x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: "vim -es -S a.vim -c q", files: map[string]string{"a.vim": "so b.vim", "b.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: "vim -es -S a.vim -c q", files: map[string]string{"a.vim": "!cp x ~/.bashrc"}, writes: "~/.bashrc"},
		{cmd: "nvim -l x7.lua", files: map[string]string{"x7.lua": luaEvil}, writes: "~/.bashrc"},
		{cmd: "nvim --headless -u x7.lua +q", files: map[string]string{"x7.lua": luaEvil}, writes: "~/.bashrc"},
		{cmd: `nvim --headless -c "luafile x7.lua" +q`, files: map[string]string{"x7.lua": luaEvil}, writes: "~/.bashrc"},
		{cmd: `vim -es -c "py3f x.py" -c q`, files: map[string]string{"x.py": `open('/home/u/.bashrc', 'a')`}, writes: "/home/u/.bashrc"},
		{cmd: "emacs --batch -l x7.el", files: map[string]string{"x7.el": elEvil}, writes: "~/.bashrc"},
		{cmd: "emacs --batch --load=x7.el", files: map[string]string{"x7.el": elEvil}, writes: "~/.bashrc"},
		{cmd: "emacs --script x7.el", files: map[string]string{"x7.el": elEvil}, writes: "~/.bashrc"},
		{cmd: `emacs -Q --batch --eval "(load-file \"x7.el\")"`, files: map[string]string{"x7.el": elEvil}, writes: "~/.bashrc"},
		{cmd: "emacs --batch -l a.el", files: map[string]string{"a.el": `(load "b.el")`, "b.el": elEvil}, writes: "~/.bashrc"},
		{cmd: "emacs --batch -l a.el", files: map[string]string{"a.el": `(shell-command "cp x ~/.bashrc")`}, writes: "~/.bashrc"},
		{cmd: "emacs --batch -l a.el", files: map[string]string{"a.el": `(load (concat "x" "7.el"))`}, hidden: true},
		{cmd: "vim -es -S a.vim -c q", files: map[string]string{"a.vim": "set rtp+=./x\nruntime plugin/p.vim"}, hidden: true},
		{cmd: `nvim --headless -c "lua dofile('x7.lua')" +q`, files: map[string]string{"x7.lua": luaEvil}, writes: "~/.bashrc"},
		{cmd: "nvim -l a.lua", files: map[string]string{"a.lua": `vim.cmd("so x7.vim")`, "x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: "nvim -l a.lua", files: map[string]string{"a.lua": `vim.cmd.source("x7.vim")`, "x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: "nvim -l a.lua", files: map[string]string{"a.lua": `dofile(name)`}, hidden: true},
		{cmd: `vim -es -c "call execute('so x7.vim')" -c q`, files: map[string]string{"x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: `vim -es -c 'exe "so " . f' -c q`, hidden: true},
		{cmd: `emacs --batch --eval '(load "x7")'`, files: map[string]string{"x7.el": elEvil}, writes: "~/.bashrc"},
		{cmd: `emacs --batch -L lib --eval "(require 'x7)"`, files: map[string]string{"lib/x7.el": elEvil}, writes: "~/.bashrc"},
		{cmd: `PSQLRC=x.psql psql -c 'select 1'`, files: map[string]string{"x.psql": `\o /home/u/.bashrc`}, writes: "/home/u/.bashrc"},
		{cmd: "vim -es < x7.vim", files: map[string]string{"x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: "vim -s keys.txt notes.txt", files: map[string]string{"keys.txt": ":so x7.vim\n", "x7.vim": vimEvil}, writes: "~/.bashrc"},
		{cmd: `nvim --headless -c "lua require('x7')" +q`, files: map[string]string{"x7.lua": luaEvil}, writes: "~/.bashrc"},
		{cmd: "emacs --batch -l ./x7", files: map[string]string{"./x7.el": elEvil}, writes: "~/.bashrc"},
		{cmd: "emacs --batch -l a.el", files: map[string]string{"a.el": `(call-process "cp" nil nil nil "x" "/home/u/.bashrc")`}, writes: "/home/u/.bashrc"},
		{cmd: "emacs --batch -l a.el", files: map[string]string{"a.el": `(start-process "p" "*out*" "sh" "x.sh")`, "x.sh": "echo x >> ~/.bashrc"}, writes: "~/.bashrc"},
		// ex text is default deny: files it opens are read
		// and written, an unknown command or a built one is hidden
		{cmd: "vim -es < w9.vim", files: map[string]string{"w9.vim": "e ~/.bashrc\ncall append('$', 'x')\nwq"}, writes: "~/.bashrc"},
		{cmd: "ex -s < w9.vim", files: map[string]string{"w9.vim": "e ~/.bashrc\nwq"}, writes: "~/.bashrc"},
		{cmd: "vim -es -S w9.vim", files: map[string]string{"w9.vim": "w! ~/.bashrc"}, writes: "~/.bashrc"},
		{cmd: "vim -u w9.vim -es", files: map[string]string{"w9.vim": "sp ~/.bashrc\nx"}, writes: "~/.bashrc"},
		{cmd: "vim -es < w6.vim", files: map[string]string{"w6.vim": "exe 'w! ' . $HOME . '/.bashrc'"}, hidden: true},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "frobnicate ~/.bashrc"}, hidden: true},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "@a"}, hidden: true},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "call writefile(l, $HOME . '/.bashrc')"}, hidden: true},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "set patchexpr=X()"}, hidden: true},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "cd ~\nw .bashrc"}, hidden: true},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "normal :e ~/.bashrc\r\nx"}, writes: "~/.bashrc"},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "au BufRead * e ~/.bashrc"}, writes: "~/.bashrc"},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "command! -nargs=0 X sp ~/.bashrc"}, writes: "~/.bashrc"},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "redir! >> ~/.bashrc"}, writes: "~/.bashrc"},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "set backupdir=~/.ssh"}, writes: "~/.ssh"},
		{cmd: "ed -s x < e.txt", files: map[string]string{"e.txt": "w ~/.bashrc"}, writes: "~/.bashrc"},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "let x = 1 | e ~/.bashrc\nwq"}, writes: "~/.bashrc"},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "let &makeprg='sh e9.sh'\nmake", "e9.sh": "echo x >> ~/.bashrc"}, writes: "~/.bashrc"},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "let &mp = g:x\nmake"}, hidden: true},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "e `sh e9.sh`"}, hidden: true},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "let @a = g:x\nnormal @a"}, hidden: true},
		{cmd: "vim -es < x.vim", files: map[string]string{"x.vim": "call feedkeys(':sp /home/u/.bashrc\\r')"}, writes: "/home/u/.bashrc"},
		// Not: a script that runs nothing of the kind, an absent file,
		// vim -u NONE, a file being edited.
		{cmd: "vim -es -S ok.vim -c q notes.txt", files: map[string]string{"ok.vim": "set ts=4\n%s/a/b/g\nw"}},
		{cmd: "vim -u NONE -es -c q notes.txt"},
		{cmd: "vim -es -S absent.vim -c q"},
		{cmd: "emacs --batch -l ok.el", files: map[string]string{"ok.el": `(message "hi")`}},
		{cmd: `vim -es -c 'exe "normal! gg=G"' -c wq x.c`},
		{cmd: `emacs --batch --eval "(require 'org)"`},
		{cmd: "vim -es < ok.vim", files: map[string]string{"ok.vim": "\" a comment\nset ff=unix\n%s/a/b/g\ng/^$/d\n1\na\nfrobnicate\n.\nnorm! gg=G\nlet x = 1\nif x | echo 'y' | endif\nwq"}},
		{cmd: "vim -es -c 'e ++ff=dos notes.txt' -c 'redir! > out.txt' -c ls -c 'redir END' -c wq"},
		{cmd: "vim +PlugInstall +qall"},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if got := a.Err != nil && errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q: hidden = %v (%v), want %v", tt.cmd, got, a.Err, tt.hidden)
		}
		if tt.writes != "" && !slices.Contains(a.Writes, tt.writes) {
			t.Errorf("%q: writes %q, want %q among them", tt.cmd, a.Writes, tt.writes)
		}
		if tt.writes == "" && !tt.hidden && slices.ContainsFunc(a.Writes, func(p string) bool { return p == "~/.bashrc" || p == "/home/u/.bashrc" }) {
			t.Errorf("%q: writes %q", tt.cmd, a.Writes)
		}
	}
}
