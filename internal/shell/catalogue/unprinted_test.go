package catalogue

import (
	"strings"
	"testing"
)

// TestQuiet: a program of Unprinted prints none of its files' text only
// with options known not to print it.
func TestQuiet(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"wc -l F", true},
		{"wc --lines F", true},
		{"wc --files0-from=F", false},
		{"wc --frobnicate F", false},
		{"sha256sum F", true},
		{"sha256sum --tag F", true},
		{"sha256sum -c F", false},
		{"b2sum -l 256 F", true},
		{"tar tf A", true},
		{"tar tvf A", true},
		{"tar xf A", true},
		{"tar -xzf A -C dir", true},
		{"tar czf out.tgz dir", true},
		{"tar --dere -czf out.tgz dir", true},
		{"tar --create --file out.tar dir", true},
		{"tar xOf A", false},
		{"tar -x -O -f A", false},
		{"tar --extract --to-stdout -f A", false},
		{"tar --to-command=cat -xf A", false},
		{"tar -T F -cf out.tar", false},
		{"tar cf - dir", false},
		{"tar c dir", false},
		{"tar --create --file=/dev/stdout dir", false},
		{"cmp a b", true},
		{"cmp -s a b", true},
		{"cmp -l a b", false},
		{"cmp -bl F /dev/zero", false},
		{"cmp --verbose a b", false},
		{"cmp --print-bytes a b", false},
		{"tree -a -L 2", true},
		{"tree --fromfile F", false},
		{"tree --info", false},
		{"file F", true},
		{"file -b --mime-type F", true},
		{"file -f F", false},
		{"file -m F G", false},
		{"cp F G", true},
		{"cp -a F dir/", true},
		{"cp F /dev/stdout", false},
		{"cp F -", false},
		{"cp --target-directory=/dev/fd F", false},
		{"rsync -aL src/ dst/", true},
		{"rsync --files-from=F . dst/", false},
		{"ls -la /dev/null", true},
		{"du -sh .", true},
		{"du --files0-from=F", false},
		{"stat -c %s F", true},
		{"find . -name x", true},
		{"find -files0-from F", false},
		{"test -f F", true},
		{"zip -r out.zip dir", true},
		{"zip - F", false},
		{"7z a out.7z dir", true},
		{"7z x A -odir -y", true},
		{"7z x A -so", false},
		{"7z e A -i@F", false},
		{"gzip F", false},
		// The destination once cleaned.
		{"cp F //dev/stdout", false},
		{"cp F /tmp/../dev/stdout", false},
		{"cp F ///proc/self/fd/1", false},
		{"install -m 644 F //dev/stdout", false},
		{"cp F ../../../../dev/stdout", false},
		{"cp F -t //dev", false},
		{"tar cf //dev/stdout dir", false},
		{"7z a //dev/stdout dir", false},
		{"cp F out/copy", true},
		{"cp F /tmp/devices/x", true},
		{"cp F /development/x", true},
	} {
		w := strings.Fields(tc.cmd)
		if got := Quiet(w[0], w[1:], nil); got != tc.want {
			t.Errorf("%q: Quiet = %v, want %v", tc.cmd, got, tc.want)
		}
	}
}

// FuzzQuiet: any words are decided without a panic, and a program
// outside Unprinted is never quiet.
func FuzzQuiet(f *testing.F) {
	for _, s := range []string{"tar\x00xOf\x00A", "cmp\x00-bl\x00F", "cp\x00--\x00/dev/stdout", "tar\x00--file", "7z\x00x\x00-so"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w := strings.Split(s, "\x00")
		if Quiet(w[0], w[1:], nil) && !Unprinted.Has(w[0]) {
			t.Errorf("%q: quiet outside Unprinted", w)
		}
	})
}
