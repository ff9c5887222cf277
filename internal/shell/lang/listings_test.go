package lang

import (
	"reflect"
	"testing"
)

func TestListings(t *testing.T) {
	for _, tt := range []struct {
		code string
		want []Listing
	}{
		{`import os;[print(open(f).read()) for f in os.listdir(".")]`, []Listing{{Dir: ".", Known: true, Hidden: true}}},
		{`import os;[open(e.path) for e in os.scandir()]`, []Listing{{Dir: ".", Known: true, Hidden: true}}},
		{`os.walk(top="src")`, []Listing{{Dir: "src", Known: true, Recursive: true, Hidden: true}}},
		{`pathlib.Path("docs").iterdir()`, []Listing{{Dir: "docs", Known: true, Hidden: true}}},
		{`Path().rglob("*.json")`, []Listing{{Dir: ".", Names: []string{"*.json"}, Known: true, Recursive: true, Hidden: true}}},
		{`glob.glob("src/*.py")`, []Listing{{Dir: "src", Names: []string{"*.py"}, Known: true}}},
		{`glob.glob("**/*.py", recursive=True)`, []Listing{{Dir: ".", Names: []string{"*.py"}, Known: true, Recursive: true}}},
		{`d = "lib"; os.listdir(d)`, []Listing{{Dir: "lib", Known: true, Hidden: true}}},
		{`os.listdir(sys.argv[1])`, []Listing{{Known: false, Hidden: true}}},
		{`fs.readdirSync(".", {recursive: true})`, []Listing{{Dir: ".", Known: true, Recursive: true, Hidden: true}}},
		{`Dir.children("x").each{|f| puts File.read(f)}`, []Listing{{Dir: "x", Known: true, Hidden: true}}},
		{`Dir["*"].each{|f| puts File.read(f)}`, []Listing{{Dir: ".", Names: []string{"*"}, Known: true}}},
		{`opendir(my $d, "."); for(readdir $d){}`, []Listing{{Dir: ".", Known: true, Hidden: true}}},
		{`for(glob "* .*"){open F,$_}`, []Listing{{Dir: ".", Names: []string{"*", ".*"}, Known: true}}},
		{`print(os.path.join("a", "b"))`, nil},
		{`Object.entries(x)`, nil},
		{`fs.promises.opendir("src")`, []Listing{{Dir: "src", Known: true, Hidden: true}}},
	} {
		if got := Listings(tt.code); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Listings(%q) = %+v, want %+v", tt.code, got, tt.want)
		}
	}
}

func TestChangesFiles(t *testing.T) {
	for _, tt := range []struct {
		f    Family
		code string
		want bool
	}{
		{Python, `[p.write_text("{}") for p in Path().rglob("*")]`, true},
		{Python, `[p.unlink() for p in Path().rglob("*")]`, true},
		{Python, `[os.remove(f) for f in os.listdir(".")]`, true},
		{Python, `[open(f, "w") for f in os.listdir(".")]`, true},
		{Python, `[print(open(f).read()) for f in os.listdir(".")]`, false},
		{Python, `xs.remove(1)`, false},
		{Python, `json.dump(os.listdir("."), open("files.json", "w"))`, false},
		{Python, `open(os.path.join("out", f), "w")`, true},
		{Node, `fs.writeFileSync(f, "{}")`, true},
		{Node, `fs.readFileSync(f, "utf8")`, false},
		{Perl, `open F, $_; print <F>`, false},
		{Perl, `open F, ">x"`, false},
		{Perl, `open F, ">$_"`, true},
		{Ruby, `FileUtils.rm(f)`, true},
	} {
		if got := ChangesFiles(tt.f, tt.code); got != tt.want {
			t.Errorf("ChangesFiles(%q) = %v, want %v", tt.code, got, tt.want)
		}
	}
}

func TestMadeArchives(t *testing.T) {
	for _, tt := range []struct {
		code string
		want []MadeArchive
	}{
		{`shutil.make_archive('o','tar','.')`, []MadeArchive{{Name: "o.tar", Root: ".", RootKnown: true}}},
		{`shutil.make_archive("dist/o", "gztar", root_dir="src")`, []MadeArchive{{Name: "dist/o.tar.gz", Root: "src", RootKnown: true}}},
		{`shutil.make_archive('o','zip')`, []MadeArchive{{Name: "o.zip", Root: ".", RootKnown: true}}},
		{`shutil.make_archive('o','zip',r)`, []MadeArchive{{Name: "o.zip", RootKnown: false}}},
		{`shutil.make_archive(b,'zip','.')`, nil},
	} {
		if got := MadeArchives(tt.code); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("MadeArchives(%q) = %+v, want %+v", tt.code, got, tt.want)
		}
	}
}
