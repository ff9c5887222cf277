package lang

import (
	"slices"
	"strings"
	"testing"
)

// TestHomePaths: interpreter code that joins the home directory and a
// literal names that entry of the home directory, however it joins them;
// a dot entry named beside a home expression is touched there; a project's
// own literals are not taken under ~.
func TestHomePaths(t *testing.T) {
	for _, tc := range []struct {
		code           string
		paths, touches []string // each must be found
		stored         []string // each must be found
		none           []string // none of these may be read (in paths)
	}{
		{code: `open(os.path.join(os.path.expanduser('~'),'.bashrc'),'a')`, paths: []string{"~/.bashrc"}},
		{code: `os.path.join(os.path.expanduser("~"), ".ssh", "id_rsa")`, paths: []string{"~/.ssh/id_rsa"}},
		{code: `(Path.home()/'.ssh'/'id_rsa').read_text()`, paths: []string{"~/.ssh/id_rsa"}},
		{code: `Path.home() / ".guard" / "rules.json"`, paths: []string{"~/.guard/rules.json"}},
		{code: `require("fs").appendFileSync(require("os").homedir()+"/.bashrc","x")`, paths: []string{"~/.bashrc"}},
		{code: "fs.writeFileSync(`${os.homedir()}/.agent_a/settings.json`, x)", paths: []string{"~/.agent_a/settings.json"}},
		{code: `print(f"{Path.home()}/.ssh/id_rsa")`, paths: []string{"~/.ssh/id_rsa"}},
		{code: `open(os.environ['HOME'] + '/.netrc')`, paths: []string{"~/.netrc"}},
		{code: `open(os.getenv("HOME") + "/.zshrc", "a")`, paths: []string{"~/.zshrc"}},
		{code: `console.log(process.env.HOME + "/.netrc")`, paths: []string{"~/.netrc"}},
		{code: `open(F, ">>", $ENV{HOME} . "/.bashrc")`, paths: []string{"~/.bashrc"}},
		{code: `echo file_get_contents(getenv("HOME") . "/.ssh/id_rsa");`, paths: []string{"~/.ssh/id_rsa"}},
		{code: `File.write(File.join(Dir.home, ".bashrc"), "x")`, paths: []string{"~/.bashrc"}},
		{code: `path.join(os.homedir(), '.ssh', 'id_rsa')`, paths: []string{"~/.ssh/id_rsa"}},
		{code: `filepath.Join(os.UserHomeDir(), ".guard")`, paths: []string{"~/.guard"}},
		// a home expression elsewhere in the code: its dot entries
		{code: `h = os.path.expanduser('~'); open(os.path.join(h, '.bashrc'), 'a')`, paths: []string{"~/.bashrc"}},
		{code: `h = Path.home(); print((h / '.netrc').read_text())`, paths: []string{"~/.netrc"}},
		{code: `home = os.homedir(); fs.appendFileSync(home + '/.zshrc', x)`, paths: []string{"~/.zshrc"}},
		{code: `h = Path.home(); load('.bashrc')`, touches: []string{"~/.bashrc"}, none: []string{"~/.bashrc/"}},
		// a dot entry kept in a name: it may be joined to the home
		{code: `h=os.path.expanduser("~");f=".bash_completion";open(os.path.join(h,f),"a")`, stored: []string{"~/.bash_completion"}},
		{code: `h=os.environ["HOME"];f=".mavenrc";open(h+os.sep+f,"a")`, stored: []string{"~/.mavenrc"}},
		{code: `names = ['.zshenv', '.profile']; h = Path.home()`, stored: []string{"~/.zshenv", "~/.profile"}},
		{code: `load_dotenv('.env'); h = Path.home()`, touches: []string{"~/.env"}, none: []string{"~/.env"}},
		// a part filled in at run time before /.NAME, in code naming the home
		{code: `open("%s/.bashrc" % os.getenv("HOME"),"a")`, paths: []string{"~/.bashrc"}},
		{code: `open("{}/.bashrc".format(os.path.expanduser("~")),"a")`, paths: []string{"~/.bashrc"}},
		{code: `my $h=$ENV{HOME}; open(F,">>$h/.bashrc")`, paths: []string{"~/.bashrc"}},
		{code: `open(F, ">>", File::HomeDir->my_home."/.bashrc")`, paths: []string{"~/.bashrc"}},
		{code: `h = os.environ["HOME"]; open("%(h)s/.ssh/id_rsa" % locals())`, paths: []string{"~/.ssh/id_rsa"}},
		{code: `h = os.environ["HOME"]; open("proj/.env")`, none: []string{"~/.env"}},
		{code: `print("%s/.bashrc" % x)`, none: []string{"~/.bashrc"}},
		// a project's own literals
		{code: `load_dotenv('.env'); print(open('data.json').read())`, none: []string{"~/.env", "~/data.json"}},
		{code: `print(open('data.json').read()); x = Path.home() / 'projects'`, none: []string{"~/data.json"}},
		{code: `load_dotenv('.env'); cache = Path.home() / '.cache' / 'app'`, paths: []string{"~/.cache/app"}, none: []string{"~/.env"}},
		// not joins
		{code: `'a'.join(['b', 'c'])`, none: []string{"a/b", "ab"}},
		{code: `require("os").platform(); x = "/etc/hosts"`, none: []string{"os/etc/hosts"}},
		{code: `f('~'), g('.bashrc')`, touches: []string{"~/.bashrc"}, none: []string{"~/.bashrc"}},
	} {
		got := HomePaths(tc.code)
		got.Paths = append(got.Paths, got.Held...)
		for _, p := range tc.paths {
			if !slices.Contains(got.Paths, p) {
				t.Errorf("%s: paths %q, want %q in them", tc.code, got.Paths, p)
			}
		}
		for _, p := range tc.touches {
			if !slices.Contains(got.Touches, p) {
				t.Errorf("%s: touches %q, want %q in them", tc.code, got.Touches, p)
			}
		}
		for _, p := range tc.stored {
			if !slices.Contains(got.Stored, p) {
				t.Errorf("%s: stored %q, want %q in them", tc.code, got.Stored, p)
			}
		}
		for _, p := range tc.none {
			if slices.Contains(got.Paths, p) {
				t.Errorf("%s: %q read (paths %q)", tc.code, p, got.Paths)
			}
		}
	}
}

// FuzzHomePaths: any code is joined without a panic, and what is found
// starts at the home directory.
func FuzzHomePaths(f *testing.F) {
	for _, s := range []string{
		`os.path.join(os.path.expanduser('~'), '.bashrc')`, `Path.home()/'.ssh'/'id_rsa'`,
		"`${os.homedir()}/.x`", `$ENV{HOME} . "/.x"`, `join(,'`, `"{"}"`, `'~' + ) ( '/.a'`, `x = ,, '.a'`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		got := HomePaths(code)
		for _, p := range append(append(got.Paths, got.Touches...), got.Stored...) {
			if !strings.HasPrefix(p, "~/") && !strings.HasPrefix(p, "$HOME/") && !strings.HasPrefix(p, "${HOME}/") {
				t.Fatalf("%q: %q does not start at the home directory", code, p)
			}
		}
	})
}

// TestAdjacentLiterals: python's, ruby's and C's adjacent literals are
// one literal, and a template's interpolation of a literal is joined in.
func TestAdjacentLiterals(t *testing.T) {
	for _, tc := range []struct {
		code, want string
	}{
		{`print(open("/tmp/a/ho" "me/.ssh/id_rsa").read())`, "/tmp/a/home/.ssh/id_rsa"},
		{"open(\"/tmp/a/ho\"\n     \"me/.bashrc\", \"a\")", "/tmp/a/home/.bashrc"},
		{`sqlite3.connect("file:" "..%2f.guard/e.db?mode=rwc", uri=True)`, "file:..%2f.guard/e.db?mode=rwc"},
		{`fopen("/home/u/.ss" "h/id_rsa", "r");`, "/home/u/.ssh/id_rsa"},
		{`open(f"/tmp/a/ho{""}me/.ssh/id_rsa")`, "/tmp/a/home/.ssh/id_rsa"},
	} {
		hp := HomePaths(tc.code)
		if !slices.Contains(hp.Joins, tc.want) && !slices.Contains(hp.Paths, tc.want) {
			t.Errorf("HomePaths(%q) = %q / %q, want %q", tc.code, hp.Paths, hp.Joins, tc.want)
		}
	}
	for _, tc := range []struct{ code, want string }{
		{"readFileSync(`/tmp/a/ho${\"\"}me/.ssh/id_rsa`)", "/tmp/a/home/.ssh/id_rsa"},
		{`open(f"/tmp/a/ho{'me'}/.ssh/id_rsa")`, "/tmp/a/home/.ssh/id_rsa"},
		{"File.read(\"/tmp/a/ho#{'me'}/.ssh/id_rsa\")", "/tmp/a/home/.ssh/id_rsa"},
	} {
		if got := Literals(tc.code); !slices.Contains(got, tc.want) {
			t.Errorf("Literals(%q) = %q, want %q among them", tc.code, got, tc.want)
		}
	}
	if got := literalInterps("{}/.ssh {x} ${y}"); got != "{}/.ssh {x} ${y}" {
		t.Errorf("literalInterps kept no placeholder: %q", got)
	}
}

// TestHomeSpellings: the home directory however the code spells the
// expression that yields it: an alias, blanks before the parenthesis,
// adjacent literals in the key, an attribute, a password-database entry.
func TestHomeSpellings(t *testing.T) {
	for _, tc := range []struct {
		code string
		want string // in Paths, Held or Stored
	}{
		{`from pathlib import Path as P; (P.home() / ".guard/rules.json").write_text("x")`, "~/.guard/rules.json"},
		{`print((Path.home () / ".ssh/id_rsa").read_text())`, "~/.ssh/id_rsa"},
		{`open(os.environ["HO" "ME"] + "/.ssh/id_rsa")`, "~/.ssh/id_rsa"},
		{`open(os.environ["HO"  'ME'] + "/.guard/rules.json", "w")`, "~/.guard/rules.json"},
		{`fs.readFileSync(os.homedir () + "/.ssh/id_rsa")`, "~/.ssh/id_rsa"},
		{`fs.readFileSync(require("os").userInfo().homedir + "/.ssh/id_rsa")`, "~/.ssh/id_rsa"},
		{`open F, (getpwuid $<)[7]."/.ssh/id_rsa"; print <F>`, "~/.ssh/id_rsa"},
		{`open(pwd.getpwnam("u").pw_dir + "/.bashrc", "a")`, "~/.bashrc"},
		{`File.read(Etc.getpwuid.dir + "/.ssh/id_rsa")`, "~/.ssh/id_rsa"},
		{`echo file_get_contents(posix_getpwuid(posix_getuid())["dir"] . "/.ssh/id_rsa");`, "~/.ssh/id_rsa"},
		{`open(f"{os.environ["HOME"]}/.ssh/id_rsa")`, "~/.ssh/id_rsa"},
		{`print(f"{P.home ()}/.netrc")`, "~/.netrc"},
		{`File.read(Dir::home + "/.netrc")`, "~/.netrc"},
		{`open(os.environ["H" + "OME"] + "/.ssh/id_rsa")`, "~/.ssh/id_rsa"},
		{`open(F, $ENV{"HO" . "ME"} . "/.bashrc")`, "~/.bashrc"},
	} {
		got := HomePaths(tc.code)
		all := append(append(append(got.Paths, got.Held...), got.Stored...), got.Touches...)
		if !slices.Contains(all, tc.want) {
			t.Errorf("%s: %q, want %q in them", tc.code, all, tc.want)
		}
	}
}

// TestHomeUnknown: a dot entry joined to an expression guard cannot tell,
// in code that does not name the home, is relative to what guard cannot
// tell; a plain name, or code that names the home, is not.
func TestHomeUnknown(t *testing.T) {
	for _, tc := range []struct {
		code string
		want string // "" for none
	}{
		{`d=os.path.dirname(os.getcwd()); open(d+"/.ssh/id_rsa")`, "/.ssh/id_rsa"},
		{`open(os.path.join(d, ".guard/rules.json"), "w")`, "/.guard/rules.json"},
		{`open(os.path.join(d, ".guard", "rules.json"), "w")`, "/.guard/rules.json"},
		{`open $d . "/.bashrc"`, "/.bashrc"},
		{`open(os.getcwd() + "/../.ssh/id_rsa")`, "/../.ssh/id_rsa"},
		{`open(os.getcwd() + "/../notes.txt")`, ""},
		{`t = ".ssh/id_rsa"; open(os.path.join(d, t))`, "/.ssh/id_rsa"},
		{`t = ".bashrc"; open(d + "/" + t, "a")`, "/.bashrc"},
		{`for f in [".bashrc", ".zshrc"]: print(f)`, ""},
		{`print(os.path.join(os.getcwd(), "build"))`, ""},
		{`open(".env")`, ""},
		{`print("%s/.bashrc" % x)`, "/.bashrc"}, // a placeholder: relative to what guard cannot tell
		{`Path.home() / "Downloads"`, ""},
	} {
		got := HomePaths(tc.code).Unknown
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: unknown %q, want none", tc.code, got)
		case tc.want != "" && !slices.Contains(got, tc.want):
			t.Errorf("%s: unknown %q, want %q in them", tc.code, got, tc.want)
		}
	}
}

// TestHomePathsComputedHead: a literal inside a call or a subscript is not
// the value joined to the tail; the tail is relative to what guard cannot
// tell.
func TestHomePathsComputedHead(t *testing.T) {
	for _, tc := range []struct {
		code    string
		unknown string // must be among Unknown ("" for none)
		path    string // must be among Paths ("" for none)
	}{
		{code: `import os; k="HO"+"ME"; print(open(os.environ.get(k, "x")+"/.ssh/id_rsa").read())`, unknown: "/.ssh/id_rsa"},
		{code: `e=os.environ; k="HO"; print(open(e[k+"ME"]+"/.ssh/id_rsa").read())`, unknown: "/.ssh/id_rsa"},
		{code: `open(os.getenv("hello".upper()[0]+"OME")+"/.bashrc","a")`, unknown: "/.bashrc"},
		{code: `os.environ.get("HOMEX"[:4], "x")+"/.guard/rules.json"`, unknown: "/.guard/rules.json"},
		{code: `"%s/.ssh/id_rsa" % os.getenv(k+"ME")`, unknown: "/.ssh/id_rsa"},
		{code: `"{}/.bashrc".format(d)`, unknown: "/.bashrc"},
		// the value itself
		{code: `open(os.environ['HOME'] + '/.netrc')`, path: "~/.netrc"},
		{code: `open(str(Path("/home/u")) + "/.netrc")`},
		{code: `p = Path(".config") / "app"`},
	} {
		got := HomePaths(tc.code)
		if tc.unknown != "" && !slices.Contains(got.Unknown, tc.unknown) {
			t.Errorf("HomePaths(%q).Unknown = %q; want %q among them", tc.code, got.Unknown, tc.unknown)
		}
		if tc.path != "" && !slices.Contains(got.Paths, tc.path) {
			t.Errorf("HomePaths(%q).Paths = %q; want %q among them", tc.code, got.Paths, tc.path)
		}
		for _, j := range got.Joins {
			if strings.HasPrefix(j, "x/") {
				t.Errorf("HomePaths(%q) joins the argument: %q", tc.code, j)
			}
		}
	}
}
