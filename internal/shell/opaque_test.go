package shell

import (
	"slices"
	"testing"
)

func TestTarToStdout(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want bool
	}{
		{[]string{"cf", "-", "."}, true},
		{[]string{"-cf", "-", "."}, true},
		{[]string{"-czf", "a.tgz", "."}, false},
		{[]string{"czf", "src.tgz", "src"}, false},
		{[]string{"-c", "."}, true},
		{[]string{"-c", "--file=-", "."}, true},
		{[]string{"-c", "--file=a.tar", "."}, false},
		{[]string{"-c", "-f", "a.tar", "."}, false},
		{[]string{"-c", "-f-", "."}, true},
	} {
		if got := tarToStdout(tt.args); got != tt.want {
			t.Errorf("tar %v: %v, want %v", tt.args, got, tt.want)
		}
	}
}

// TestOpaqueReads: a recursive read is opaque when its reader encodes or
// a later stage is not a pass-through.
func TestOpaqueReads(t *testing.T) {
	for _, tt := range []struct {
		cmd    string
		opaque bool
	}{
		{"grep -r . . | rev", true},
		{"grep -rn x . | sort | uniq -c | head", false},
		{"grep -rn x .", false},
		{"tar -cf - . | xxd -p", true},
		{"tar -cf - .", true},
		{"tar czf src.tgz .", false},
		{"zip -r - . | base64", true},
		{"find . -type f -exec xxd {} +", true},
		{"find . -type f -exec cat {} + | head", false},
		{"find . -type f -exec cat {} + | rev", true},
		{"git grep -h . | rev", true},
		{"git grep -h .", false},
		{"cat x | grep -r y .", false},
		// the reader's own options reshape what it prints.
		{"grep -rhoE '.{1,8}' .", true},
		{"grep -r -o -E '.{1,8}' .", true},
		{"grep -r --only-matching x .", true},
		{"git grep -o -E '.{1,8}' --no-index .", true},
		{"rg --hidden -o '.{1,8}' .", true},
		{"rg --hidden '(.)' -r '$1 ' .", true},
		{"rg --hidden --replace='$1' '(.)' .", true},
		{"rg --pre cat TODO .", true}, // rg prints what the program made of each file
		{"rg --pre=./unzip.sh -n TODO .", true},
		{"grep -rn -e -o .", false}, // -o is -e's pattern
		{"grep -rnw TOKEN .", false},
		{"rg -n --hidden TOKEN .", false},
		{"git grep -n TOKEN", false},
		{"cd sub && grep -rn x .", false},
	} {
		a := Analyze(tt.cmd, Options{Home: "/home/u"})
		if got := slices.Contains(a.OpaqueReads, "./**"); got != tt.opaque {
			t.Errorf("%s: opaque %v, want %v (reads %q, opaque %q)", tt.cmd, got, tt.opaque, a.Reads, a.OpaqueReads)
		}
	}
}

// TestUnattributedReads: a tree printed by a program that does not put
// its file's name before each line is unattributed; the
// grep family's, an encoder's (opaque) and a quiet program's are not.
func TestUnattributedReads(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want bool
	}{
		{"find . -type f | xargs cat", true},
		{"find . -type f -exec cat {} +", true},
		{"cat $(find . -type f)", true},
		{"ls -A | xargs cat", true},
		{"head -n 99 $(ls -A)", true},
		{"more $(ls -A)", true},
		{"grep -rn x .", false},
		{"find . -type f | xargs grep -n x", false},
		{"git grep -n x", false},
		{"wc -l $(find . -type f)", false},
		{"xxd $(ls -A)", false}, // opaque
		{"cp -r . /tmp/x", false},
	} {
		a := Analyze(tt.cmd, Options{Home: "/home/u"})
		if got := slices.Contains(a.UnattributedReads, "./**"); got != tt.want {
			t.Errorf("%s: unattributed %v, want %v (reads %q)", tt.cmd, got, tt.want, a.Reads)
		}
	}
}

// TestOpaqueFileReads: a single file read by a program not known to print
// its lines as they are is opaque too.
func TestOpaqueFileReads(t *testing.T) {
	for _, tt := range []struct {
		cmd    string
		opaque bool
	}{
		{"rev deploy_key", true},
		{"fold -w 8 deploy_key", true},
		{"xxd deploy_key", true},
		{"od -c deploy_key", true},
		{"base32 deploy_key", true},
		{"grep -o . deploy_key", true},
		{"sed -n 3,5p deploy_key", true},
		{"cut -c1-20 deploy_key", true},
		{"awk 'NR>2' deploy_key", true},
		{"head -c 20 deploy_key", true},
		{"cat deploy_key | rev", true},
		{"unknowntool deploy_key", true},
		{"cat deploy_key", false},
		{"grep -n x deploy_key", false},
		{"head -n 3 deploy_key", false},
		{"tail -n 20 deploy_key", false},
		{"wc -l deploy_key", false},
		{"sha256sum deploy_key", false},
		{"cp deploy_key /tmp/k", false},
		{"bash deploy_key", false},
		{"python3 deploy_key", false},
		{"cat deploy_key; false", false},
	} {
		a := Analyze(tt.cmd, Options{Home: "/home/u"})
		if got := slices.Contains(a.OpaqueReads, "deploy_key"); got != tt.opaque {
			t.Errorf("%s: opaque %v, want %v (reads %q, opaque %q)", tt.cmd, got, tt.opaque, a.Reads, a.OpaqueReads)
		}
	}
}

// TestLostReads: a recursive read whose output goes where guard does not
// follow (a process substitution, a variable, an inherited descriptor) is
// opaque once the command reshapes; a descriptor to a file, exec's
// redirections and a copy of the file are followed.
func TestLostReads(t *testing.T) {
	for _, tt := range []struct {
		cmd    string
		opaque bool
	}{
		{"grep -r . . 3>/tmp/o >&3; rev /tmp/o", true},
		{"grep -r . . 2>/tmp/o 1>&2; rev /tmp/o", true},
		{"exec 3>&1 > /tmp/o; grep -r . .; exec >&3; rev /tmp/o", true},
		{"grep -r . . > /tmp/o; mv /tmp/o /tmp/p; rev /tmp/p", true},
		{"grep -r . . > /tmp/o; cp /tmp/o /tmp/p; rev /tmp/p", true},
		{"rev <(grep -r . .)", true},
		{"grep -r . . > >(rev)", true},
		{"grep -r . . | tee >(rev) >/dev/null", true},
		{"o=$(grep -r . .); rev <<< \"$o\"", true},
		{"grep -r . . >&3; rev x", true},
		{"exec > >(tee build.log) 2>&1; grep -r . .; rev build.log", true},
		{"exec > >(tee build.log) 2>&1; grep -rn TODO .; make", false},
		{"grep -r . . 3>/tmp/o >&3; cat /tmp/o", false},
		{"cat <(grep -rn TODO .)", false},
		// echo prints its words, which an expansion may have reshaped
		// (${o//x/y}, ${o:3}): a reshaper, default-deny.
		{"o=$(grep -rn TODO .); echo \"$o\"", true},
		{"grep -rn TODO . >&2; rev x", false},
		{"grep -rn TODO . 2>&1 | sort", false},
	} {
		a := Analyze(tt.cmd, Options{Home: "/home/u"})
		if got := slices.Contains(a.OpaqueReads, "./**"); got != tt.opaque {
			t.Errorf("%s: opaque %v, want %v (reads %q, opaque %q)", tt.cmd, got, tt.opaque, a.Reads, a.OpaqueReads)
		}
	}
}
