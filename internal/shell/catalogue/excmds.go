package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// ExUse is what an ex command does with its argument: ex
// text is default deny, an ex command not in ExCommands is one guard does
// not know (a user command, capitalised, is the user's own configuration).
type ExUse uint8

// The uses of an ex command's argument.
const (
	// ExHarmless changes the buffer, a setting, the view: it names no file.
	ExHarmless ExUse = iota + 1
	// ExEdits opens its file in a buffer: read, and written by a later
	// :w, :wq, :x or ZZ.
	ExEdits
	// ExReads reads its file.
	ExReads
	// ExWrites writes its file (:w FILE, :redir > FILE, :mksession F).
	ExWrites
	// ExExpr evaluates vim script expressions (:let, :call, :echo, :if):
	// the functions that write or run are checked (ExRiskyFuncs).
	ExExpr
	// ExText is followed by lines of text up to a lone "." (:append).
	ExText
	// ExChdir changes the directory later names resolve against.
	ExChdir
	// ExKeys is normal-mode keys or a mapping's: its : lines are ex
	// commands.
	ExKeys
	// ExShell runs a program with its argument (:make, :grep): Prog.
	ExShell
)

// ExCommand is one ex command: its name, the shortest abbreviation vim
// takes, its use and, for ExShell, the program it runs by default.
type ExCommand struct {
	Name string
	Min  int
	Use  ExUse
	Prog string
}

// ExCommands are the ex commands guard knows, with what they do with
// their argument. The commands that run the rest of the line, code or a
// file (:!, :silent, :g, :py, :so…) are analysed before this table.
var ExCommands = []ExCommand{
	// buffer text, settings and the view
	{"set", 2, ExHarmless, ""}, {"setlocal", 4, ExHarmless, ""}, {"setglobal", 4, ExHarmless, ""},
	{"substitute", 1, ExHarmless, ""}, {"delete", 1, ExHarmless, ""}, {"yank", 1, ExHarmless, ""},
	{"move", 1, ExHarmless, ""}, {"copy", 2, ExHarmless, ""}, {"t", 1, ExHarmless, ""}, {"join", 1, ExHarmless, ""},
	{"print", 1, ExHarmless, ""}, {"number", 2, ExHarmless, ""}, {"list", 1, ExHarmless, ""}, {"mark", 2, ExHarmless, ""},
	{"k", 1, ExHarmless, ""}, {"nohlsearch", 3, ExHarmless, ""}, {"retab", 3, ExHarmless, ""}, {"sort", 3, ExHarmless, ""},
	{"quit", 1, ExHarmless, ""}, {"qall", 2, ExHarmless, ""}, {"quitall", 5, ExHarmless, ""}, {"cquit", 2, ExHarmless, ""},
	{"undo", 1, ExHarmless, ""}, {"redo", 3, ExHarmless, ""}, {"put", 2, ExHarmless, ""}, {"left", 2, ExHarmless, ""},
	{"right", 2, ExHarmless, ""}, {"center", 2, ExHarmless, ""}, {"syntax", 2, ExHarmless, ""}, {"filetype", 5, ExHarmless, ""},
	{"highlight", 2, ExHarmless, ""}, {"redraw", 4, ExHarmless, ""}, {"sleep", 2, ExHarmless, ""}, {"messages", 3, ExHarmless, ""},
	{"registers", 3, ExHarmless, ""}, {"display", 2, ExHarmless, ""}, {"marks", 5, ExHarmless, ""}, {"jumps", 2, ExHarmless, ""},
	{"buffers", 7, ExHarmless, ""}, {"files", 5, ExHarmless, ""}, {"ls", 2, ExHarmless, ""}, {"bnext", 2, ExHarmless, ""},
	{"bprevious", 2, ExHarmless, ""}, {"bfirst", 2, ExHarmless, ""}, {"blast", 2, ExHarmless, ""}, {"buffer", 1, ExHarmless, ""},
	{"bdelete", 2, ExHarmless, ""}, {"bwipeout", 2, ExHarmless, ""}, {"wincmd", 4, ExHarmless, ""}, {"only", 2, ExHarmless, ""},
	{"close", 3, ExHarmless, ""}, {"enew", 3, ExHarmless, ""}, {"startinsert", 4, ExHarmless, ""}, {"stopinsert", 5, ExHarmless, ""},
	{"diffupdate", 5, ExHarmless, ""}, {"diffget", 5, ExHarmless, ""}, {"diffput", 5, ExHarmless, ""}, {"diffthis", 5, ExHarmless, ""},
	{"diffoff", 5, ExHarmless, ""}, {"fold", 2, ExHarmless, ""}, {"foldopen", 5, ExHarmless, ""}, {"foldclose", 5, ExHarmless, ""},
	{"changes", 7, ExHarmless, ""}, {"undojoin", 5, ExHarmless, ""}, {"cnext", 2, ExHarmless, ""}, {"cprevious", 2, ExHarmless, ""},
	{"copen", 4, ExHarmless, ""}, {"cclose", 3, ExHarmless, ""}, {"augroup", 3, ExHarmless, ""}, {"function", 2, ExHarmless, ""},
	{"endfunction", 4, ExHarmless, ""}, {"endif", 2, ExHarmless, ""}, {"endfor", 5, ExHarmless, ""}, {"endwhile", 4, ExHarmless, ""},
	{"endtry", 4, ExHarmless, ""}, {"else", 2, ExHarmless, ""}, {"try", 3, ExHarmless, ""}, {"catch", 3, ExHarmless, ""},
	{"finally", 4, ExHarmless, ""}, {"break", 4, ExHarmless, ""}, {"continue", 3, ExHarmless, ""}, {"finish", 4, ExHarmless, ""},
	{"unlet", 3, ExHarmless, ""}, {"colorscheme", 4, ExHarmless, ""}, {"packadd", 2, ExHarmless, ""}, {"version", 2, ExHarmless, ""},
	{"abbreviate", 2, ExHarmless, ""}, {"iabbrev", 2, ExHarmless, ""}, {"undolist", 5, ExHarmless, ""}, {"file", 1, ExEdits, ""},
	{"help", 1, ExHarmless, ""}, {"scriptnames", 3, ExHarmless, ""}, {"enddef", 4, ExHarmless, ""}, {"def", 3, ExHarmless, ""},
	{"wqall", 3, ExHarmless, ""}, {"xall", 2, ExHarmless, ""}, {"wall", 2, ExHarmless, ""}, {"update", 2, ExWrites, ""},
	{"checkhealth", 4, ExHarmless, ""}, {"packloadall", 5, ExHarmless, ""}, {"tabclose", 4, ExHarmless, ""}, {"tabonly", 4, ExHarmless, ""},
	{"tabnext", 4, ExHarmless, ""}, {"tabprevious", 4, ExHarmless, ""}, {"tabfirst", 6, ExHarmless, ""}, {"tablast", 4, ExHarmless, ""},
	{"goto", 2, ExHarmless, ""}, {"resize", 3, ExHarmless, ""}, {"pwd", 2, ExHarmless, ""}, {"cwindow", 2, ExHarmless, ""},
	{"lopen", 3, ExHarmless, ""}, {"lclose", 3, ExHarmless, ""}, {"lnext", 3, ExHarmless, ""}, {"lprevious", 2, ExHarmless, ""},
	{"lwindow", 2, ExHarmless, ""}, {"clast", 3, ExHarmless, ""}, {"cfirst", 4, ExHarmless, ""}, {"setfiletype", 4, ExHarmless, ""},
	{"doautocmd", 2, ExHarmless, ""}, {"doautoall", 7, ExHarmless, ""}, {"delcommand", 4, ExHarmless, ""}, {"delfunction", 4, ExHarmless, ""},
	{"unmap", 3, ExHarmless, ""}, {"nunmap", 3, ExHarmless, ""}, {"vunmap", 2, ExHarmless, ""}, {"iunmap", 3, ExHarmless, ""},
	{"mapclear", 4, ExHarmless, ""}, {"checktime", 6, ExHarmless, ""}, {"redrawstatus", 6, ExHarmless, ""}, {"history", 3, ExHarmless, ""},
	{"ascii", 2, ExHarmless, ""}, {"syncbind", 4, ExHarmless, ""}, {"startreplace", 4, ExHarmless, ""}, {"compiler", 4, ExHarmless, ""},
	// files opened, read, written
	{"edit", 1, ExEdits, ""}, {"visual", 2, ExEdits, ""}, {"view", 3, ExEdits, ""}, {"split", 2, ExEdits, ""},
	{"vsplit", 2, ExEdits, ""}, {"new", 3, ExEdits, ""}, {"vnew", 3, ExEdits, ""}, {"tabedit", 4, ExEdits, ""},
	{"tabnew", 6, ExEdits, ""}, {"badd", 3, ExEdits, ""}, {"argadd", 4, ExEdits, ""}, {"args", 2, ExEdits, ""},
	{"argedit", 4, ExEdits, ""}, {"next", 1, ExEdits, ""}, {"find", 3, ExEdits, ""}, {"sfind", 2, ExEdits, ""},
	{"sview", 2, ExEdits, ""}, {"drop", 2, ExEdits, ""}, {"diffsplit", 5, ExEdits, ""}, {"pedit", 3, ExEdits, ""},
	{"read", 1, ExReads, ""}, {"vimgrep", 3, ExReads, ""}, {"rviminfo", 2, ExReads, ""}, {"rshada", 3, ExReads, ""},
	{"cfile", 2, ExReads, ""}, {"lfile", 2, ExReads, ""}, {"cgetfile", 5, ExReads, ""},
	{"write", 1, ExWrites, ""}, {"wq", 2, ExWrites, ""}, {"xit", 1, ExWrites, ""}, {"exit", 3, ExWrites, ""},
	{"saveas", 3, ExWrites, ""}, {"redir", 3, ExWrites, ""}, {"mksession", 3, ExWrites, ""}, {"mkvimrc", 3, ExWrites, ""},
	{"mkexrc", 2, ExWrites, ""}, {"mkview", 5, ExWrites, ""}, {"wviminfo", 2, ExWrites, ""}, {"wshada", 3, ExWrites, ""},
	{"helptags", 5, ExWrites, ""},
	// vim script
	{"let", 3, ExExpr, ""}, {"const", 4, ExExpr, ""}, {"call", 3, ExExpr, ""}, {"echo", 2, ExExpr, ""},
	{"echomsg", 5, ExExpr, ""}, {"echon", 5, ExExpr, ""}, {"echoerr", 5, ExExpr, ""}, {"if", 2, ExExpr, ""},
	{"elseif", 5, ExExpr, ""}, {"while", 2, ExExpr, ""}, {"for", 3, ExExpr, ""}, {"return", 3, ExExpr, ""},
	{"eval", 2, ExExpr, ""},
	{"append", 1, ExText, ""}, {"insert", 1, ExText, ""}, {"change", 1, ExText, ""},
	{"cd", 2, ExChdir, ""}, {"chdir", 3, ExChdir, ""}, {"lcd", 2, ExChdir, ""}, {"lchdir", 3, ExChdir, ""}, {"tcd", 3, ExChdir, ""},
	{"normal", 4, ExKeys, ""}, {"map", 3, ExKeys, ""}, {"nmap", 2, ExKeys, ""}, {"vmap", 2, ExKeys, ""}, {"imap", 2, ExKeys, ""},
	{"noremap", 2, ExKeys, ""}, {"nnoremap", 2, ExKeys, ""}, {"vnoremap", 2, ExKeys, ""}, {"inoremap", 3, ExKeys, ""},
	{"xnoremap", 2, ExKeys, ""}, {"onoremap", 3, ExKeys, ""}, {"cnoremap", 3, ExKeys, ""},
	{"xmap", 2, ExKeys, ""}, {"omap", 2, ExKeys, ""}, {"cmap", 2, ExKeys, ""},
	{"make", 3, ExShell, "make"}, {"lmake", 4, ExShell, "make"}, {"grep", 2, ExShell, "grep -n"}, {"lgrep", 3, ExShell, "grep -n"},
	{"grepadd", 5, ExShell, "grep -n"},
}

// ExRiskyFuncs are the vim script functions that write, delete or run
// what their arguments name: in an expression, one whose arguments are
// not all literals builds what it writes or runs (hidden).
const ExRiskyFuncs word.Set = " writefile system systemlist job_start jobstart term_start termopen delete rename mkdir filecopy setfperm libcall libcallnr execute win_execute feedkeys chdir luaeval py3eval pyeval pyxeval rubyeval perleval "

// ExSetRuns are the vim options whose value is a program run later;
// ExSetFiles those whose value names a file vim writes; ExSetExprs those
// whose value is an expression vim evaluates.
const (
	ExSetRuns  word.Set = " makeprg mp grepprg gp equalprg ep formatprg fp keywordprg kp shell sh "
	ExSetFiles word.Set = " backupdir bdir directory dir undodir udir viminfofile vif verbosefile vfile shadafile sdf spellfile spf errorfile ef makeef mef "
	// ExSetFlagFiles are the options whose value is a list of flags of
	// which the n flag, last, names the file vim writes on exit.
	ExSetFlagFiles word.Set = " viminfo vi shada sd "
	// ExSetSearch are the options whose value lists places vim searches
	// (files it reads when asked): their names are read.
	ExSetSearch word.Set = " path pa tags tag cdpath cd dictionary dict thesaurus tsr wildignore wig suffixesadd sua suffixes su backupskip bsk complete cpt spelllang spl "
	// ExSetLoads are the options that say where vim loads runtime files
	// and packages from, which its start-up sources plugins of.
	ExSetLoads word.Set = " runtimepath rtp packpath pp "
	ExSetExprs word.Set = " diffexpr dex patchexpr pex charconvert ccv printexpr pexpr includeexpr inex formatexpr fex indentexpr inde foldexpr fde "
)

// LookupEx returns the ex command name (as typed, abbreviated) stands for.
func LookupEx(name string) (ExCommand, bool) {
	// an exact name wins over an abbreviation of another (:t, :k, :new)
	for _, e := range ExCommands {
		if name == e.Name {
			return e, true
		}
	}
	for _, e := range ExCommands {
		if len(name) >= e.Min && len(name) <= len(e.Name) && e.Name[:len(name)] == name {
			return e, true
		}
	}
	return ExCommand{}, false
}
