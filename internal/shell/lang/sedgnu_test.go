package lang

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// sedDebugRead and sedDebugRun find, in GNU sed's --debug listing of a
// compiled program (commands indented by two spaces or more, text lines
// not), the files r and R read and the commands e runs.
var (
	sedDebugRead = regexp.MustCompile(`(?m)^  +(?:\S+ )?!?[rR] (\S+)$`)
	sedDebugRun  = regexp.MustCompile(`(?m)^  +(?:\S+ )?!?e (.+)$`)
)

// TestReadSedAgainstGNU checks ReadSed against GNU sed where it is
// installed: sed compiles each script (--debug, no input, so nothing
// runs) in an empty directory; the files its w commands opened there,
// the r files and e commands its listing shows are those ReadSed finds.
// The scripts name only relative files with no protected name.
func TestReadSedAgainstGNU(t *testing.T) {
	sed, err := exec.LookPath("sed")
	if err != nil {
		t.Skip("no sed")
	}
	if v, err := exec.Command(sed, "--version").Output(); err != nil || !strings.Contains(string(v), "GNU sed") {
		t.Skip("not GNU sed")
	}
	for _, pieces := range [][]string{
		{"1a foo\\\\", "e echo EX1"},
		{"1a foo\\\\\nw WR1"},
		{"1a foo\\", "w WR1", "r RD1"},
		{"1a foo\\\\\\", "w WR1", "r RD1"},
		{"1a\\", "r RD1", "w WR2"},
		{"1a\\\\", "r RD1"},
		{"1i\\text\nR RD1"},
		{"1c x\\\\\\\\\nr RD1"},
		{"e echo EX1\nw WR1"},
		{"e\\echo EX1"},
		{"s/[/]/#/;e echo EX1"},
		{"s/[/]/#/w WR1"},
		{"/[/p;#]/w WR1"},
		{"\\%[%]%w WR1"},
		{"s|[|]|x|;r RD1"},
		{"s/[^/]*$//;r RD1"},
		{"s/[]/]/x/;r RD1"},
		{"s/[^]/]/x/;r RD1"},
		{"s/[[:alpha:]/]/x/;r RD1"},
		{"s/[[.].]/]/y/;r RD1"},
		{"s/[[=e=]/]/y/;w WR1"},
		{"s/[\\]/x/;r RD1"},
		{"s/\\[/]/;r RD1"},
		{"y/[/]/;r RD1"},
		{"s/a/[/;w WR1"},
		{"/foo/{p;b};r RD1"},
		{"/x/{N;bend};s/a/b/;:end\nw WR1"},
		{"b x w WR1\n:x"},
		{"bx#c\n:x\nr RD1"},
		{"1{s/x/y/gw WR1\n}", "r RD1"},
	} {
		dir := t.TempDir()
		args := []string{"--debug", "-n"}
		for _, p := range pieces {
			args = append(args, "-e", p)
		}
		cmd := exec.Command(sed, args...)
		cmd.Dir, cmd.Env = dir, []string{"LC_ALL=C", "HOME=" + dir}
		out, err := cmd.Output()
		x := ReadSed(strings.Join(pieces, "\n"))
		if err != nil {
			if x.Err == nil {
				t.Errorf("%q: GNU sed refuses it (%v), ReadSed reads it", pieces, err)
			}
			continue
		}
		var reads, runs, writes []string
		for _, m := range sedDebugRead.FindAllStringSubmatch(string(out), -1) {
			reads = append(reads, m[1])
		}
		for _, m := range sedDebugRun.FindAllStringSubmatch(string(out), -1) {
			runs = append(runs, m[1])
		}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			writes = append(writes, e.Name())
		}
		got := slices.Clone(x.Writes)
		slices.Sort(got)
		if x.Err != nil || !slices.Equal(x.Reads, reads) || !slices.Equal(slices.Compact(got), writes) || !slices.Equal(x.Commands, runs) {
			t.Errorf("%q: ReadSed %+v; GNU sed reads %q, writes %q, runs %q\n%s", pieces, x, reads, writes, runs, out)
		}
	}
}
