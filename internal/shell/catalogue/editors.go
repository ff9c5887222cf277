package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// The editors that run a script of their own language (vim's and ex's
// commands, Lua, Emacs Lisp), as data: for each, the options whose value
// is such text or names a file of it, and the variables the editor runs
// at start. A script file an editor is told to run is its program, as
// sh x.sh is the shell's: read and checked (shell.editorScript).

// ScriptLang is the language of an editor's script.
type ScriptLang uint8

const (
	LangEx   ScriptLang = iota // vim's and ex's commands (Vim script)
	LangLua                    // Lua (nvim -l, :luafile)
	LangLisp                   // Emacs Lisp
	LangCode                   // an interpreter's code (:py3file, :rubyfile): scanned
	LangKeys                   // vim -s: normal-mode keys, whose : lines are ex commands
)

// EditorUse says what an editor does with an option's value.
type EditorUse uint8

const (
	EditText     EditorUse = iota // the value is text of the language (vim -c, emacs --eval)
	EditFile                      // the value names a file of the language it runs (vim -S, emacs -l)
	EditFileRest                  // the value names a file it runs, and the words after it are that script's (nvim -l, emacs --script)
)

// EditorOption is one option of an editor whose value it runs.
type EditorOption struct {
	Names word.Set
	Use   EditorUse
	Lang  ScriptLang
}

// Editor is the table's entry for one editor family.
type Editor struct {
	Names   word.Set
	Options []EditorOption
	// Env are variables whose value the editor runs at start as text of
	// Lang (VIMINIT, EXINIT).
	Env word.Set
	// EnvLang is the language of Env's values.
	EnvLang ScriptLang
	// Skip are values of an EditFile option that name no file (vim -u
	// NONE).
	Skip word.Set
}

// vimOptions are vim's and nvim's options that run a script; nvim's -l
// and a -u FILE.lua run Lua (shell.editorScript looks at the suffix).
var vimOptions = []EditorOption{
	{Names: " -c --cmd ", Use: EditText, Lang: LangEx},
	{Names: " -S -u -U ", Use: EditFile, Lang: LangEx},
	{Names: " -l ", Use: EditFileRest, Lang: LangLua},
}

// Editors lists the editors guard reads scripts of.
var Editors = []Editor{
	{
		// Debian's and Fedora's names of the same program (vim.basic,
		// vimx), and editor / sensible-editor, which run the user's
		// choice, vim by default there: read as vim (FINDINGS49b G2).
		Names:   " vim vi nvim ex view vimdiff gvim rvim rview evim nex nvi gex vim.basic vim.tiny vim.nox vim.gtk vim.gtk3 vim.athena vimx gvimdiff nvimdiff editor sensible-editor ",
		Options: vimOptions,
		Env:     " VIMINIT EXINIT ",
		EnvLang: LangEx,
		Skip:    " NONE NORC DEFAULTS NOPLUGIN ",
	},
	{
		Names: " emacs emacs-nox emacs-gtk emacs-lucid emacsclient xemacs ",
		Options: []EditorOption{
			{Names: " --eval -eval --execute -execute ", Use: EditText, Lang: LangLisp},
			{Names: " -l --load -load ", Use: EditFile, Lang: LangLisp},
			{Names: " --script -script -scriptload -x ", Use: EditFileRest, Lang: LangLisp},
		},
	},
}

// EditorLoadVars move where an editor loads the code it runs at start
// and later by name: vim's and nvim's runtime directory (VIM, VIMRUNTIME:
// its plugin/, pack/*/start/, ftplugin/, defaults.vim), nvim's
// configuration's name (NVIM_APPNAME: ~/.config/NAME/init.lua) and
// remote plugins' manifest, emacs's load-path (site-start.el) and native
// code, kakoune's configuration and runtime (kakrc, autoload/), micro's
// configuration (init.lua, plug/), helix's runtime (grammars, compiled
// code it loads) and jed's. guard reads none of those directories.
const EditorLoadVars word.Set = " VIM VIMRUNTIME NVIM_APPNAME NVIM_RPLUGIN_MANIFEST EMACSLOADPATH EMACSNATIVELOADPATH " +
	"KAKOUNE_CONFIG_DIR KAKOUNE_RUNTIME MICRO_CONFIG_HOME HELIX_RUNTIME JED_ROOT JED_HOME "

// EditorHomeVars are the variables under whose directories an editor finds
// its user start-up files and plugins ($HOME/.vimrc and ~/.vim/plugin/,
// $XDG_CONFIG_HOME/nvim/init.lua, $XDG_DATA_HOME/nvim/site/pack/,
// $XDG_CONFIG_DIRS and $XDG_DATA_DIRS on nvim's 'runtimepath',
// ~/.emacs.d/init.el, kak/kakrc, micro/init.lua, helix/languages.toml).
// Programs other than editors read them too (git its
// $XDG_CONFIG_HOME/git/config): only an editor's run looks at them here.
const EditorHomeVars word.Set = " HOME XDG_CONFIG_HOME XDG_DATA_HOME XDG_CONFIG_DIRS XDG_DATA_DIRS "

// EditorInitVars hold the commands an editor runs at start, in place of
// its start-up file, or name that file: vim's VIMINIT and EXINIT (vi, ex
// and nvi read EXINIT too; catalogue Editors' Env), GVIMINIT, nvi's
// NEXINIT, MYVIMRC and MYGVIMRC. An editor a program starts on its own
// (git commit: the user's, or vi) runs them (FINDINGS50a F1).
const EditorInitVars word.Set = " VIMINIT EXINIT GVIMINIT NEXINIT MYVIMRC MYGVIMRC "

// EditorStartVars are every variable that moves what an editor runs at
// start: EditorHomeVars, EditorLoadVars and EditorInitVars, one list for
// the checks that must not miss a family (FINDINGS51a F3).
const EditorStartVars = EditorHomeVars + EditorLoadVars + EditorInitVars

// IsEditor reports whether program name is an editor that loads start-up
// files and plugins of the user's (an editor of Editors or of
// handedOpeners).
func IsEditor(name string) bool {
	if _, ok := EditorNamed(name); ok {
		return true
	}
	for _, o := range handedOpeners {
		if o.names.Has(name) {
			return true
		}
	}
	return false
}

// StartsClean reports whether editor name given args loads none of the
// user's start-up files and plugins: vim's -u NONE and --clean, emacs's
// -Q and -q (site-start.el comes from the load-path, EditorLoadVars').
func StartsClean(name string, args []word.Word) bool {
	e, _ := EditorNamed(name)
	vim := e != nil && e.Names.Has("vim") || name == "mvim"
	emacs := e != nil && e.Names.Has("emacs")
	for i, a := range args {
		switch s := a.Text; {
		case s == "--":
			return false
		case vim && (s == "--clean" || s == "-u" && i+1 < len(args) && args[i+1].Text == "NONE"):
			return true
		case emacs && (s == "-Q" || s == "-q" || s == "--quick" || s == "--no-init-file"):
			return true
		}
	}
	return false
}

// EditorNamed returns the entry for the editor called name.
func EditorNamed(name string) (*Editor, bool) {
	for i := range Editors {
		if Editors[i].Names.Has(name) {
			return &Editors[i], true
		}
	}
	return nil, false
}

// Option returns the option of e that word s is (-S, --load, --load=F:
// then its value is attached) and its attached value.
func (e *Editor) Option(s string) (EditorOption, string, bool, bool) {
	name, val, eq := s, "", false
	if len(s) > 2 && s[:2] == "--" {
		if k, v, ok := cutEq(s); ok {
			name, val, eq = k, v, true
		}
	}
	for _, o := range e.Options {
		if o.Names.Has(name) {
			return o, val, eq, true
		}
	}
	return EditorOption{}, "", false, false
}

// cutEq splits --opt=value.
func cutEq(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '=' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// ExFileCommands are the ex commands that run a file, each with the
// shortest abbreviation vim takes and the file's language: :so[urce],
// :ru[ntime] (a name on 'runtimepath'), :luaf[ile], :py3f[ile] and the
// other interpreters'.
var ExFileCommands = []struct {
	Name string
	Min  int
	Lang ScriptLang
}{
	{"source", 2, LangEx},
	{"runtime", 2, LangEx},
	{"luafile", 4, LangLua},
	{"pyfile", 3, LangCode},
	{"py3file", 4, LangCode},
	{"pyxfile", 4, LangCode},
	{"pythonfile", 7, LangCode},
	{"python3file", 8, LangCode},
	{"rubyfile", 5, LangCode},
	{"perlfile", 5, LangCode},
	{"tclfile", 4, LangCode},
	{"mzfile", 3, LangCode},
}

// LispLoads are the Emacs Lisp functions whose first argument, a string,
// names a file of Lisp they run; LispShell those whose first argument is a
// shell command.
const (
	LispLoads word.Set = " load load-file load-library require-file "
	LispShell word.Set = " shell-command shell-command-to-string async-shell-command call-process-shell-command " +
		"start-process-shell-command process-lines-ignore-status "
	// LispProcess run a program with arguments, string literals among the
	// form's arguments (call-process "sh" nil nil nil "x.sh").
	LispProcess word.Set = " call-process process-file start-process start-file-process make-process process-lines " +
		"call-process-region "
)
