package catalogue

import (
	"bytes"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// What a file operand says of what a program may write beside it or out
// of it: a compressed or encoded file is decompressed beside itself (F.gz
// gives F, gzip -N the name stored in it, uudecode the name on its begin
// line); an archive is extracted where the program is told, or into the
// working directory. Guard decides by the operand, whatever the program
// (shell/beside.go).

// packedSuffixes are the suffixes of compressed and encoded files, whose
// decoders write a name beside them.
const packedSuffixes word.Set = " .gz .z .tgz .taz .xz .txz .lzma .tlz .lz .zst .tzst .zstd .bz2 .bz .tbz .tbz2 .lz4 .lzo .br .sz .uu .uue .b64 .gpg .asc .age .enc .zpaq .arc "

// archiveSuffixes are the suffixes of archives, whose extractors write
// names guard cannot tell in a directory.
const archiveSuffixes word.Set = " .tar .tgz .tbz .tbz2 .txz .tzst .taz .tlz .zip .jar .war .ear .whl .egg .apk .aar .xpi .crx .nupkg .vsix .7z .rar .cab .msi .lzh .lha .arj .ace .deb .udeb .ipk .rpm .cpio .sqfs .squashfs .snap .iso .dmg .gem .cbz .cbr .pax .shar .ar .xar .pkg .zoo .sit .sitx .wim .cramfs .ova "

// magic is the signature of an archive or a compressed file at an offset.
type magic struct {
	at  int
	sig string
}

// packedMagic are the signatures of compressed and encoded files.
var packedMagic = []magic{
	{0, "\x1f\x8b"}, {0, "\xfd7zXZ\x00"}, {0, "\x28\xb5\x2f\xfd"}, {0, "BZh"}, {0, "\x04\x22\x4d\x18"},
	{0, "LZIP"}, {0, "\x89LZO"}, {0, "\x1f\x9d"}, {0, "\x5d\x00\x00"}, {0, "begin "}, {0, "begin-base64 "},
}

// archiveMagic are the signatures of archives.
var archiveMagic = []magic{
	{0, "PK\x03\x04"}, {0, "PK\x05\x06"}, {0, "!<arch>\n"}, {0, "\xed\xab\xee\xdb"}, {0, "MSCF"}, {0, "ISc("},
	{0, "Rar!\x1a\x07"}, {2, "-lh"}, {2, "-lz"}, {0, "hsqs"}, {0, "sqsh"}, {0, "7z\xbc\xaf\x27\x1c"},
	{257, "ustar"}, {0, "070707"}, {0, "070701"}, {0, "070702"}, {0, "\xc7\x71"}, {0, "\x71\xc7"},
	{0, "xar!"}, {0, "MSWIM"}, {0, "\x28\xcd\x3d\x45"}, {0, "\x45\x3d\xcd\x28"},
}

// MagicBytes is how much of a file's start the signatures need (tar's
// ustar lies at 257; an iso9660 image, whose mark lies 32 KiB in, is known
// by its suffix).
const MagicBytes = 512

// suffixIn reports whether name ends in one of the suffixes (.tar.gz ends
// in .gz), case aside.
func suffixIn(name string, set word.Set) bool {
	name = strings.ToLower(name)
	i := strings.LastIndexByte(name, '.')
	return i >= 0 && set.Has(name[i:])
}

// Packed reports whether a file called name, or holding head (its first
// bytes, nil when not read), is compressed or encoded: a decoder writes a
// name beside it.
func Packed(name string, head []byte) bool {
	return suffixIn(name, packedSuffixes) || signed(head, packedMagic)
}

// Archive reports whether a file called name, or holding head, is an
// archive: an extractor writes names guard cannot tell.
func Archive(name string, head []byte) bool {
	return suffixIn(name, archiveSuffixes) || signed(head, archiveMagic)
}

// signed reports whether head holds one of the signatures.
func signed(head []byte, list []magic) bool {
	for _, m := range list {
		if len(head) >= m.at+len(m.sig) && bytes.Equal(head[m.at:m.at+len(m.sig)], []byte(m.sig)) {
			return true
		}
	}
	return false
}

// ArchiveReaders are programs guard has no entry for that are known to
// read, sign, check, download, upload or run an archive or a compressed file
// and never extract it: an archive handed to them is no extraction, and a
// compressed file named bare in the working directory writes no name
// beside it but the one its suffix hides (gpg x.gpg writes x).
const ArchiveReaders word.Set = " twine gpg gpg2 cosign minisign signify file shasum sha1sum sha256sum sha512sum md5sum b2sum cksum " +
	"gh ghr hub glab aws gsutil gcloud az rclone s3cmd mc b2 http xh skopeo crane oras jf jfrog " +
	"check-wheel-contents auditwheel pkginfo zipinfo lsar wget wget2 curl aria2c axel http xh " +
	"java javaw kotlin scala jbang adb helm vsce ovsx nuget ctr qemu-img pip pip3 uv pipx poetry" + Compressors

// Compressors compress and decompress single files: they never extract an
// archive, and decompress beside what they are handed.
const Compressors word.Set = " gzip gunzip pigz xz unxz pixz zstd unzstd pzstd bzip2 bunzip2 pbzip2 lz4 unlz4 lzip lzma unlzma brotli compress uncompress "

// Renamer is a program that moves files to names an expression computes
// (rename, prename, mmv): guard reads the expression where it is a plain
// substitution, else the destination may be any path.
type Renamer struct {
	Name string
	// Style is how the words are read: "perl" (EXPR FILE…; util-linux's
	// FROM TO FILE… when EXPR is no perl expression), "mmv" (FROM TO,
	// #N in TO standing for what FROM's Nth wildcard matched).
	Style string
	// WithArg are its options that take the next word.
	WithArg word.Set
}

// Renamers lists the renamers, sorted by name.
var Renamers = []Renamer{
	{Name: "file-rename", Style: "perl", WithArg: " -e -E "},
	{Name: "mmv", Style: "mmv"},
	{Name: "perl-rename", Style: "perl", WithArg: " -e -E "},
	{Name: "prename", Style: "perl", WithArg: " -e -E "},
	{Name: "rename", Style: "perl", WithArg: " -e -E "},
	{Name: "rename.ul", Style: "perl"},
}

// RenamerNamed returns the renamer called name, or nil.
func RenamerNamed(name string) *Renamer {
	for i := range Renamers {
		if Renamers[i].Name == name {
			return &Renamers[i]
		}
	}
	return nil
}

// extractVerbs are the words that ask a program to extract an archive into
// the working directory when no directory is named (unrar x, lha x, gem
// unpack, 7z-style e).
const extractVerbs word.Set = " x e xf xvf xzf xjf -x -e --extract -extract extract unpack --unpack unarchive decompress -R --raw-extract --vextract "

// ExtractsHere reports whether program name, handed words args and an
// archive but no directory, extracts it into the working directory: its
// first word or first operand asks it to (extractVerbs), or its name says
// it extracts (unsquashfs, cabextract, unar: "un…", "…extract…",
// "…unpack…").
func ExtractsHere(name string, args []string) bool {
	if strings.HasPrefix(name, "un") || strings.Contains(name, "extract") || strings.Contains(name, "unpack") {
		return true
	}
	if len(args) > 0 && extractVerbs.Has(args[0]) {
		return true // the first word: unrar x, dpkg-deb --vextract
	}
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return extractVerbs.Has(a) // the first operand: lha -q x (not helm install x)
		}
	}
	return false
}

// ZipEnd reports whether data, a whole file, holds a zip's end of central
// directory record (PK 5 6) in its last 64 KiB and 22 bytes, where a zip
// reader looks for it: a zip whatever precedes it.
func ZipEnd(data []byte) bool {
	const eocd = 22
	if len(data) < eocd {
		return false
	}
	from := max(0, len(data)-(64<<10)-eocd)
	i := bytes.LastIndex(data[from:], []byte("PK\x05\x06"))
	return i >= 0 && from+i+eocd <= len(data)
}
