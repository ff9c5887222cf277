package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// TaskRunner is a program that runs the recipes of a task file in the
// project, as make runs a makefile: its default file names
// (the first that exists is read), the options that name another file or
// directory, and the subcommand that makes it run tasks (mise run).
type TaskRunner struct {
	Name  string
	Sub   word.Set // the words that make it run a task ("" : always)
	Files []string // its task files, in order: the first that exists is read
	// Look is where it looks for them: its directory (Here), the nearest
	// directory up that holds one (just, task, rake, poe…), or every one
	// up to the root (mise merges them).
	Look Lookup
	// FileOpts name its task file; DirOpts the directory it runs in and
	// looks in; WithArg are its other options that take a value.
	FileOpts, DirOpts, WithArg word.Set
	// Dirs are directories whose every file is a task it may run (mise's
	// file tasks).
	Dirs []string
	// Merged are files it reads besides the first of Files when they
	// exist (lefthook's lefthook-local.yml).
	Merged []string
	// Includes are the words of its task file that name another file it
	// reads as more of its tasks: WORD, or WORD=TEMPLATE where % in
	// TEMPLATE is the name given (meson's subdir(=%/meson.build). A word
	// starting < or ending ( is a tag or a call anywhere; one ending : or
	// = a key whose value lists the names; any other a line's first word
	// (ninja's include). Entries are such words whose value's first word
	// is a command: a file of the project there is read as a script
	// (pre-commit's entry: ./check.sh). Opaque are such words that pull
	// in files guard does not follow (ant's <subant, lefthook's
	// remotes:). FromFile: an include's name is relative to the including
	// file's directory, not the runner's.
	Includes, Entries, Opaque word.Set
	FromFile                  bool
	// Format is the task file's language when it has an include or escape
	// layer of its own, read through it (FormatXML, FormatMeson); "" for
	// none.
	Format string
	// ScriptDirs are directories whose files it may run as scripts
	// (lefthook's .lefthook/HOOK/x.sh), read as scripts.
	ScriptDirs []string
	// EnvOpts are its options that make it load a .env file into the
	// environment of its recipes (just --dotenv-load), EnvSettings the
	// words of its task file that do (just's set dotenv-load): the .env
	// of the directory it runs in is read when one is there.
	EnvOpts, EnvSettings word.Set
	// Runs are the keys of its task file whose string values are command
	// lines it hands a shell (lefthook's run:, mise's run =, pre-commit's
	// entry:): decoded with the file's format and walked as commands.
	Runs word.Set
	// ConfigEnv is the environment variable that names its main task
	// file instead of Files (LEFTHOOK_CONFIG), relative to its directory.
	ConfigEnv string
}

// The task file languages with a layer of their own (TaskRunner.Format).
const (
	FormatXML   = "xml"   // entities, character references
	FormatMeson = "meson" // string escapes; a call's argument is an expression
)

// TaskRunners lists the task runners, sorted by name
// (TestTaskRunnersSorted). make, npm, yarn, pnpm, bun and deno task have
// their own handlers.
var TaskRunners = []TaskRunner{
	// ant runs build.xml's targets (its exec and script tasks).
	{Name: "ant", Files: []string{"build.xml"}, FileOpts: " -f -file -buildfile ", WithArg: " -l -logfile -logger -listener -lib -propertyfile -inputhandler -main -nice ",
		Includes: " <import <include ", Opaque: " <import <ant <subant ", FromFile: true, Format: FormatXML},
	// composer runs composer.json's scripts by name (composer x, run,
	// run-script) and its event scripts (install, update…): any subcommand.
	{Name: "composer", Look: Nearest, Files: []string{"composer.json"}, DirOpts: " -d --working-dir "},
	{Name: "doit", Files: []string{"dodo.py"}, FileOpts: " -f --file ", DirOpts: " -d --dir "},
	{Name: "earthly", Files: []string{"Earthfile"}},
	// hatch run NAME: [tool.hatch.envs.*.scripts] (hatch is a prefix too).
	{Name: "hatch", Look: Nearest, Sub: " run ", Files: []string{"pyproject.toml", "hatch.toml"}},
	{Name: "inv", Look: Nearest, Files: []string{"tasks.py"}, FileOpts: " -f --config ", DirOpts: " -r --search-root "},
	{Name: "invoke", Look: Nearest, Files: []string{"tasks.py"}, FileOpts: " -f --config ", DirOpts: " -r --search-root "},
	{Name: "just", Look: Nearest, Files: []string{"justfile", "Justfile", ".justfile", "JUSTFILE"}, FileOpts: " -f --justfile ", DirOpts: " -d --working-directory ", WithArg: " --set --shell --shell-arg --dotenv-path --dotenv-filename --color --list-heading --list-prefix ",
		EnvOpts: " --dotenv-load --dotenv-path --dotenv-filename ", EnvSettings: " dotenv-load dotenv-required dotenv-filename dotenv-path "},
	// lefthook run HOOK runs the commands and scripts the hook lists.
	// lefthook-local.yml is merged over it, extends: names more of it,
	// and a hook's scripts are files of .lefthook/HOOK/. Its lookup
	// (1.13): each extension in turn (yml, yaml, json, toml), each name
	// (lefthook, .lefthook, .config/lefthook); LEFTHOOK_CONFIG names the
	// main file instead.
	{Name: "lefthook", Sub: " run ", Files: []string{"lefthook.yml", ".lefthook.yml", ".config/lefthook.yml", "lefthook.yaml", ".lefthook.yaml", ".config/lefthook.yaml", "lefthook.json", ".lefthook.json", ".config/lefthook.json", "lefthook.toml", ".lefthook.toml", ".config/lefthook.toml"},
		Merged:    []string{"lefthook-local.yml", ".lefthook-local.yml", ".config/lefthook-local.yml", "lefthook-local.yaml", ".lefthook-local.yaml", ".config/lefthook-local.yaml", "lefthook-local.json", ".lefthook-local.json", ".config/lefthook-local.json", "lefthook-local.toml", ".lefthook-local.toml", ".config/lefthook-local.toml"},
		ConfigEnv: "LEFTHOOK_CONFIG",
		Includes:  " extends: extends= ", Entries: " run: run= ", Opaque: " remotes: remotes= source_dir: source_dir= source_dir_local: source_dir_local= ",
		ScriptDirs: []string{".lefthook", ".lefthook-local"}, Runs: " run "},
	// meson configures from meson.build (run_command, custom_target):
	// any subcommand reads it.
	// subdir('x') reads x/meson.build; find_program('x.py') names a
	// script of the project it runs.
	{Name: "meson", Files: []string{"meson.build"}, WithArg: " --prefix --buildtype --backend -D --native-file --cross-file -C ",
		Includes: " subdir(=%/meson.build subproject(=subprojects/%/meson.build ", Entries: " find_program( run_command( ", FromFile: true,
		Format: FormatMeson},
	{Name: "mise", Look: All, Sub: " run r tasks ", Files: []string{"mise.toml", ".mise.toml", ".config/mise.toml", ".config/mise/config.toml", "mise/config.toml", ".mise/config.toml", "mise.local.toml", ".mise.local.toml"},
		DirOpts: " -C --cd ", WithArg: " -E --env -j --jobs ", Dirs: []string{".mise/tasks", "mise-tasks", ".mise-tasks", ".config/mise/tasks", "mise/tasks"}, Runs: " run "},
	// ninja runs build.ninja's rules' commands.
	{Name: "ninja", Files: []string{"build.ninja"}, FileOpts: " -f ", DirOpts: " -C ", WithArg: " -j -k -l -d -t -w ", Includes: " include subninja "},
	{Name: "nox", Files: []string{"noxfile.py"}, FileOpts: " -f --noxfile ", WithArg: " -s --session --sessions -e -p --python -k -t --tags "},
	// pdm run NAME: [tool.pdm.scripts]; its hook scripts (post_install…) run on any subcommand.
	{Name: "pdm", Look: Nearest, Files: []string{"pyproject.toml"}, DirOpts: " -p --project "},
	{Name: "poe", Look: Nearest, Files: []string{"pyproject.toml", "poe_tasks.toml"}, FileOpts: " -C --root "},
	// pre-commit runs .pre-commit-config.yaml's hooks: a local one's
	// entry is a command of the project's (any subcommand reads it).
	{Name: "pre-commit", Files: []string{".pre-commit-config.yaml", ".pre-commit-config.yml"}, FileOpts: " -c --config ", Entries: " entry: ", Runs: " entry "},
	{Name: "rake", Look: Nearest, Files: []string{"rakefile", "Rakefile", "rakefile.rb", "Rakefile.rb"}, FileOpts: " -f --rakefile ", DirOpts: " -C --directory ", WithArg: " -I --libdir -r --require -R --rakelibdir "},
	// rye run NAME: [tool.rye.scripts].
	{Name: "rye", Look: Nearest, Sub: " run ", Files: []string{"pyproject.toml"}, FileOpts: " --pyproject "},
	{Name: "task", Look: Nearest, Files: []string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml", "taskfile.dist.yml", "Taskfile.dist.yaml", "taskfile.dist.yaml"},
		FileOpts: " -t --taskfile ", DirOpts: " -d --dir ", WithArg: " -o --output --sort "},
	{Name: "tilt", Files: []string{"Tiltfile"}, FileOpts: " -f --file "},
	{Name: "tox", Look: Nearest, Files: []string{"tox.ini", "setup.cfg", "pyproject.toml", "tox.toml"}, FileOpts: " -c --conf ", WithArg: " -e -p -r -x --override --root --workdir "},
}

// TaskRunnerNamed returns the entry for name.
func TaskRunnerNamed(name string) (*TaskRunner, bool) {
	if name == "go-task" {
		name = "task" // the name distributions install Task under
	}
	for i := range TaskRunners {
		if TaskRunners[i].Name == name {
			return &TaskRunners[i], true
		}
	}
	return nil, false
}
