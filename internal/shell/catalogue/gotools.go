package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// GoTool is one of the tools the go command hands options to (-ldflags to
// cmd/link, -gcflags to cmd/compile, -asmflags to cmd/asm), by what their
// flags' values are. Each is parsed with Go's flag package: -name or
// --name, its value after = or in the next word (a Bool flag's only after
// =). A flag not named here is one whose value is a path the tool touches
// or a program it runs: guard's default.
type GoTool struct {
	Name string
	// Bools take no value but after = (-s, -w=false).
	Bools word.Set
	// Data are flags whose value is data: a symbol, a version, a mode,
	// a number (-X importpath.name=value, -buildid, -linkmode).
	Data word.Set
	// Programs are flags whose value is a program the tool runs (-extld,
	// -extar).
	Programs word.Set
	// CCFlags are flags whose value is a C compiler driver's options, run
	// as the external linker (-extldflags).
	CCFlags word.Set
}

// The go command's tools, from the flag tables of cmd/link
// (internal/ld/main.go), cmd/compile (internal/base/flag.go) and cmd/asm
// (internal/flags/flags.go). Not data: paths written (-o, -tmpdir,
// -capturehostobjs, -cpuprofile, -memprofile, -benchmarkprofile,
// -asmhdr, -linkobj, -json, -d's dump options), read (-L, -I, -importcfg,
// -embedcfg, -symabis, -libgcc, -pgoprofile, -coveragecfg) or named for
// the built program to load (-r, -I of the linker).
var (
	GoLinker = GoTool{
		Name:  "go tool link",
		Bools: " V a c d e f g h n s u v w aslr asan bindnow checklinkname compressdwarf debugnosplit dumpdep linkshared msan pruneweakmap race ",
		Data: " B D E H R T X k buildid funcalign buildmode linkmode fieldtrack pluginpath strictdups debugtramp debugtextsize " +
			"randlayout benchmark memprofilerate ",
		Programs: " extld extar ",
		CCFlags:  " extldflags ",
	}
	GoCompiler = GoTool{
		Name: "go tool compile",
		Bools: " % + B C E K L N S V W e h j l m r t v w asan complete dwarf dwarfbasentries dwarflocationlists dynlink " +
			"live msan nolocalimports pack race shared smallframes std wb ",
		Data: " D c p buildid goversion lang spectre trimpath installsuffix ",
	}
	GoAssembler = GoTool{
		Name:  "go tool asm",
		Bools: " S V e debug dynlink gensymabis shared linkshared compiling-runtime ",
		Data:  " D p spectre trimpath ",
	}
)
