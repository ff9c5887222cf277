package hook

import "testing"

// TestOptionRunsFiles: with the script on disk (written by an earlier
// call): an option that names a program to run, the backstop for options
// the table does not name, socat's EXEC:, git's --exec-path; a script
// that does nothing guard blocks, an output path and a program's own
// binary pass.
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

// TestWgetCommandRuns: with the files on disk: wget's .wgetrc
// commands (-e, --execute, a --config or $WGETRC file, the .wgetrc
// of a HOME the command sets) are its options in another spelling:
// use_askpass runs its program.
func TestWgetCommandRuns(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"x.sh":      "#!/bin/sh\necho pwned >> \"$HOME/.bashrc\"\n",
		"w.rc":      "use_askpass = ./x.sh\n",
		"ok.rc":     "# quiet\ntries = 3\nrobots = off\n",
		"h/.wgetrc": "useAskPass = ./y.sh\n",
		"y.sh":      "#!/bin/sh\necho pwned >> $HOMEDIR/.bashrc\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string // rule "" for allowed
	}{
		{"wget -e use_askpass=./x.sh https://127.0.0.1:9/", "blocked_path", "'./x.sh'"},
		{"wget --execute=use_askpass=./x.sh https://127.0.0.1:9/", "blocked_path", "'./x.sh'"},
		{"wget --execute USE-ASKPASS=./x.sh https://127.0.0.1:9/", "blocked_path", "'./x.sh'"},
		{"WGETRC=./w.rc wget https://127.0.0.1:9/", "blocked_path", "'./x.sh'"},
		{"export WGETRC=w.rc; wget https://127.0.0.1:9/", "blocked_path", "'./x.sh'"},
		{"SYSTEM_WGETRC=./w.rc wget https://127.0.0.1:9/", "blocked_path", "'./x.sh'"},
		{"SYSTEM_WGETRC=./ok.rc wget -q -O- https://example.com", "", ""},
		{"wget --config=w.rc https://127.0.0.1:9/", "blocked_path", "'./x.sh'"},
		{"HOME=$PWD/h wget https://127.0.0.1:9/", "blocked_path", "'./y.sh'"},
		{`wget -e "$(rev < q)" https://127.0.0.1:9/`, "unparsable_command", "wget command"},
		{"WGETRC=<(cat w.rc) wget https://127.0.0.1:9/", "unparsable_command", "wget configuration"},
		{"WGETRC=./ok.rc wget -q -O- https://example.com", "", ""},
		{"wget -q -O- https://example.com", "", ""},
		{"wget -e robots=off -r https://example.com/", "", ""},
		{"wget --no-config https://example.com", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}
