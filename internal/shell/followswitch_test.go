package shell

import "testing"

// TestFollowsLinks: a link-following switch of any library counts, set
// to anything but plainly off.
func TestFollowsLinks(t *testing.T) {
	for _, tc := range []struct {
		code string
		want bool
	}{
		{`tarfile.open("x.tgz", "w:gz", dereference=True).add(".")`, true},
		{`tarfile.open("x.tgz", "w:gz", dereference=False).add(".")`, false},
		{`fs.cpSync(".", "/tmp/c", {recursive: true, dereference: true})`, true},
		{`fs.cpSync(".", "/tmp/c", {recursive: true})`, false},
		{`find({wanted => sub {}, follow => 1}, ".")`, true},
		{`find({wanted => sub {}, follow_fast => 1}, ".")`, true},
		{`find({wanted => sub {}, follow => 0}, ".")`, false},
		{`use File::Find; find(sub {}, ".")`, false},
		{`os.walk(".", followlinks=flag)`, true},
		{`os.walk(".", followlinks=False)`, false},
		{`Path(".").rglob("*", recurse_symlinks=True)`, true},
		{`Files.walk(p, FileVisitOption.FOLLOW_LINKS)`, true},
		{`print("follow the white rabbit")`, false},
	} {
		if got := followsLinks(tc.code); got != tc.want {
			t.Errorf("followsLinks(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
}

// TestCallArgCount: os.walk's followlinks by position is its fourth
// argument.
func TestCallArgCount(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{
		{`(".")`, 1},
		{`(".", True, None, True)`, 4},
		{`(",", f(a, b), [1, 2])`, 3},
		{`("a\",b", x)`, 2},
		{`(`, 1},
	} {
		if got := callArgCount(tc.s); got != tc.want {
			t.Errorf("callArgCount(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

func FuzzFollowSwitch(f *testing.F) {
	for _, s := range []string{`(".", True, None, True)`, `follow => 1`, `dereference: false`, `("a\`, `followlinks=`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		followsLinks(s)
		listsAndOpens(s)
		if n := callArgCount(s); n < 1 || n > len(s)+1 {
			t.Fatalf("callArgCount(%q) = %d", s, n)
		}
	})
}

// TestFollowWords: a switch is matched by its words, not its spelling.
func TestFollowWords(t *testing.T) {
	for _, tc := range []struct {
		code string
		want bool
	}{
		{`os.fwalk(".", follow_symlinks=True)`, true},
		{`os.fwalk(".", follow_symlinks=False)`, false},
		{`new RecursiveDirectoryIterator(".", FilesystemIterator::FOLLOW_SYMLINKS)`, true},
		{`walk(root, FollowSymbolicLinks: yes)`, true},
		{`opts = {derefLinks: 1}`, true},
		{`os.open(p, os.O_NOFOLLOW)`, false},
		{`os.path.islink(p) or os.readlink(p)`, false},
		{`x(no_follow_symlinks=True)`, false},
	} {
		if got := followsLinks(tc.code); got != tc.want {
			t.Errorf("followsLinks(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
}

// TestListsAndOpens: code that lists a directory and opens files walks
// it by hand; either alone does not.
func TestListsAndOpens(t *testing.T) {
	for _, tc := range []struct {
		code string
		want bool
	}{
		{`[open(d+"/"+f).read() for d in os.listdir(".") if os.path.isdir(d) for f in os.listdir(d)]`, true},
		{`foreach (scandir(".") as $d) echo file_get_contents($d);`, true},
		{`fs.readdirSync(".").forEach(f => console.log(fs.readFileSync(f, "utf8")))`, true},
		{`Dir.children(".").each { |d| puts File.read(d) }`, true},
		{`opendir my $d, "."; for (readdir $d) { open my $f, "<", $_ }`, true},
		{`print(os.listdir("."))`, false},
		{`print(open("a.txt").read())`, false},
		{`print("list the directory and open the file")`, false},
	} {
		if got := listsAndOpens(tc.code); got != tc.want {
			t.Errorf("listsAndOpens(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
}
