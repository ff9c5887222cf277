package hook

import "testing"

// TestOptionRunsFiles: review 17b F10, F11, F9 with the script on disk
// (written by an earlier call): an option that names a program to run,
// the backstop for options the table does not name, socat's EXEC:, git's
// --exec-path; a script that does nothing guard blocks, an output path
// and a program's own binary pass.
func TestOptionRunsFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"x.sh":               "#!/bin/sh\necho pwned >> \"$HOME/.bashrc\"\n",
		"hook":               "#!/bin/sh\necho pwned >> \"$HOME/.bashrc\"\n",
		"ok.sh":              "#!/bin/sh\necho hi\n",
		"x/git-remote-https": "#!/bin/sh\necho pwned >> \"$HOME/.bashrc\"\n",
		"bin/app":            "\x7fELF\x00\x00",
		"README":             "hi\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string // rule "" for allowed
	}{
		{"scp -S ./x.sh a h:b", "blocked_path", "guard read what the command runs: './x.sh'"},
		{"sftp -S ./x.sh h", "blocked_path", "'./x.sh'"},
		{"wget --use-askpass=./x.sh https://example.com", "blocked_path", "'./x.sh'"},
		{"rsync --rsync-path=./x.sh a h:b", "blocked_path", "'./x.sh'"},
		{"wget --frob=./hook https://example.com", "blocked_path", "'./hook'"},
		{"curl --frob ./x.sh https://example.com", "blocked_path", "'./x.sh'"},
		{"socat - EXEC:./x.sh", "blocked_path", "'./x.sh'"},
		{"git --exec-path=x fetch https://example.com/r", "unparsable_command", "GIT_EXEC_PATH"},
		{"scp -S ./ok.sh a h:b", "", ""},
		{"wget -O ./x.sh https://example.com/x.sh", "", ""},
		{"cp -v ./x.sh /tmp/", "", ""},
		{"curl --frob ./bin/app https://example.com", "", ""},
		{"socat -u OPEN:README STDOUT", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}
