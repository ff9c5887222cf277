package lang

// Values interpreter code makes from its own literal data at run time:
// '…'[::-1], scalar reverse "…", strrev("…"),
// "…".reverse, bytes.fromhex("…"), Buffer.from("…", "base64"),
// String.fromCharCode(47, …). The literal scanners see the data, not the
// value; ComputedNames, ComputedArgv and EnvWrites read the calls they
// list, and each round found one more API (asyncio's exec, os.execle's
// environment, tempfile's dir=, php's file functions). The inversion:
// code that makes such a value and calls anything outside a catalogue of
// calls known harmless (pure string, number and collection work, printing)
// hands the value to what guard cannot tell.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// receiverTransforms are methods that make new text of the literal they
// are called on ("…".reverse, '…'.split(”).reverse(), "…".unpack1("m")).
const receiverTransforms word.Set = receiverWords

const receiverWords = " reverse decode translate tr unpack unpack1 chars swapcase each_char bytes codepoints "

// argTransforms are calls that make new text of the literal (or number)
// they are handed: reversals, decoders, character codes.
const argTransforms word.Set = argWords

const argWords = " reversed reverse strrev b64decode urlsafe_b64decode standard_b64decode b32decode b16decode " +
	"a85decode b85decode decodebytes decodestring fromhex unhexlify a2b_hex a2b_base64 decompress base64_decode hex2bin " +
	"str_rot13 gzinflate gzuncompress gzdecode convert_uudecode decode64 strict_decode64 urlsafe_decode64 atob " +
	"fromCharCode fromCodePoint "

// charCodes make text of character codes whatever they are handed
// (chr(c) for c in […], map(chr, …)); bytesOf of a list of numbers.
const (
	charCodes word.Set = " chr fromCharCode fromCodePoint "
	bytesOf   word.Set = " bytes bytearray from "
)

// encodingNames are the literals naming a text transform as an argument
// (Buffer.from("…", "base64"), codecs.decode("…", "rot13")).
const encodingNames word.Set = " base64 base64url hex rot13 rot_13 rot-13 base32 uu zlib bz2 latin1 binary "

// harmlessCalls are calls known not to write a file, start a program or
// set the environment: printing, string, number and collection work, the
// transforms themselves, reading a handle already open.
const harmlessCalls word.Set = " print println printf sprintf say puts p pp echo print_r var_dump var_export log info warn error debug dir " +
	"len length size count str repr int float bool bytes bytearray list tuple dict set frozenset range enumerate zip iter next " +
	"any all isinstance type hash id ord hex oct bin divmod pow abs round min max sum sorted sort map filter reduce grep " +
	"keys values items each each_with_index join split rsplit splitlines strip lstrip rstrip chomp chop trim upper lower title " +
	"capitalize casefold replace startswith endswith start_with end_with find rfind index rindex format zfill center ljust rjust " +
	"isdigit isalpha isalnum isspace partition rpartition encode decode substr substring slice charAt toUpperCase toLowerCase " +
	"padStart padEnd includes indexOf lastIndexOf concat repeat toString valueOf toFixed match search test sub gsub lc uc " +
	"lcfirst ucfirst scalar push pop shift unshift exists defined wantarray chars strlen strtoupper strtolower str_replace " +
	"implode explode array_reverse array_map in_array json_encode json_decode bin2hex base64_encode b64encode dumps loads " +
	"stringify parse parseInt parseFloat floor ceil sqrt random now time sleep write writeln flush read readline readlines " +
	"close exit quit die inspect to_s to_i to_a to_sym freeze dup first last chr fromCharCode fromCodePoint " + argWords + receiverWords

// nonCalls are keywords that take a parenthesised or bare operand without
// being calls, and the words that define a function.
const nonCalls word.Set = " if elif else elsif unless while until for foreach in not and or return lambda switch catch with " +
	"my our local sub def function fn class module new typeof instanceof delete void await yield assert del is as from import " +
	"use no then end do_not eq ne lt gt le ge cmp x qw q qq let var const of case when begin rescue ensure "

// ComputedValueCall reports whether code in language f makes a value from
// its literal data at run time (ComputedData) and calls what guard does not
// know to be harmless (CallsUnknown): the value may be what the call
// writes, runs or sets.
func ComputedValueCall(f Family, code string) bool {
	return ComputedData(f, code) && CallsUnknown(f, code)
}

// ComputedData reports whether code in language f makes new text of its
// literal data: a literal sliced or transformed by a method on it, handed
// to a transform (argTransforms) or decoded by a named encoding.
func ComputedData(f Family, code string) bool {
	if f == NoFamily || f == Lua || f == R {
		return false
	}
	lits := litSpans(code)
	for i, l := range lits {
		if i >= maxLiterals {
			return true
		}
		if !l.command && (transformedLiteral(code, l) || strings.Contains(code[l.start:l.end], "%c")) {
			return true
		}
	}
	for name, k := range codeIdents(code, lits) {
		if argTransforms.Has(name) && dataOperand(code, lits, k) || charCodes.Has(name) && !controlChar(code, k) {
			return true
		}
		if bytesOf.Has(name) && strings.HasPrefix(code[skipBlanks(code, k):], "([") {
			return true // bytes([47, 116]), Buffer.from([47])
		}
		if j := skipBlanks(code, k); j < len(code) && code[j] == '(' && encodedArgs(f, code, lits, j) {
			return true
		}
	}
	return false
}

// transformedLiteral reports whether literal l is sliced ("…"[::-1]) or
// has a transforming method in the chain called on it ("…".split("")
// .reverse()).
func transformedLiteral(code string, l lit) bool {
	j := skipBlanks(code, l.next)
	if j < len(code) && code[j] == '[' {
		return true
	}
	end := min(len(code), l.next+maxExpr)
	for j < end && code[j] == '.' {
		k := j + 1
		for k < end && word.IsWordChar(code[k]) {
			k++
		}
		if receiverTransforms.Has(code[j+1 : k]) {
			return true
		}
		if k < end && code[k] == '(' {
			k = skipGroup(code, k)
			if k < 0 || k > end {
				return false
			}
		}
		j = skipBlanks(code, k)
	}
	return false
}

// dataOperand reports whether what follows the call name ending at
// code[k] (after an opening bracket or blanks: perl's reverse "…") starts
// with a literal or the number of a printable character.
func dataOperand(code string, lits []lit, k int) bool {
	j := skipBlanks(code, k)
	if j < len(code) && code[j] == '(' {
		j = skipBlanks(code, j+1)
	} else if j == k {
		return false
	}
	if j >= len(code) {
		return false
	}
	if _, ok := litAt(lits, j); ok {
		return true
	}
	n := 0
	for ; j < len(code) && code[j] >= '0' && code[j] <= '9' && n < 1<<16; j++ {
		n = n*10 + int(code[j]-'0')
	}
	return n >= ' ' // chr(27): a control character is no part of a name
}

// controlChar reports whether the character-code call ending at code[k]
// is handed one number below 32 (chr(27)): no part of a name.
func controlChar(code string, k int) bool {
	j := skipBlanks(code, k)
	if j >= len(code) || code[j] != '(' {
		return false
	}
	j = skipBlanks(code, j+1)
	n, d := 0, j
	for ; d < len(code) && code[d] >= '0' && code[d] <= '9' && n < 1<<16; d++ {
		n = n*10 + int(code[d]-'0')
	}
	return d > j && n < ' ' && d < len(code) && code[d] == ')'
}

// encodedArgs reports whether the call whose arguments open at code[j]
// hands a literal first and names a text encoding after it.
func encodedArgs(f Family, code string, lits []lit, j int) bool {
	n := names{code: code, lits: lits, fam: f}
	args := n.callArgs(j, true)
	if len(args) < 2 || !isLiteral(args[0]) {
		return false
	}
	for _, a := range args[1:] {
		if l, ok := wholeLiteral(strings.TrimSpace(a)); ok && encodingNames.Has(strings.ToLower(a[l.start:l.end])) {
			return true
		}
	}
	return false
}

// CallsUnknown reports whether code in language f calls something outside
// harmlessCalls and the calls ComputedNames reads (modelled): a name followed by its arguments in brackets, or (perl,
// ruby, php's language constructs aside) by a bare operand.
func CallsUnknown(f Family, code string) bool {
	lits := litSpans(code)
	for name, k := range codeIdents(code, lits) {
		s := k - len(name)
		if s > 0 && strings.IndexByte("$@%&", code[s-1]) >= 0 || harmlessCalls.Has(name) || nonCalls.Has(name) {
			continue // a variable, a known call, a keyword
		}
		j := skipBlanks(code, k)
		if name[0] >= '0' && name[0] <= '9' || definedName(code, s) || modelled(f, code, lits, name, s, j) {
			continue
		}
		if j < len(code) && code[j] == '(' {
			return true
		}
		if (f == Perl || f == Ruby) && j > k && j < len(code) && bareOperand(code, lits, j) {
			return true // system "…", open my $f, "|-", …; Open3.capture2 "…"
		}
	}
	return false
}

// modelled reports whether the call name starting at code[s] (its
// operands at code[j]) is one ComputedNames reads for the names it is
// handed: an open (not perl's of a pipe) or a file-changing call.
func modelled(f Family, code string, lits []lit, name string, s, j int) bool {
	n := names{code: code, lits: lits, fam: f}
	paren := j < len(code) && code[j] == '('
	qual := qualifier(code, s)
	if kind, ok := n.opens(name, qual, paren); ok {
		args := n.callArgs(j, paren)
		// perl's open of a pipe ("|-", "-|", "cmd |") starts a program
		// with the list it is handed
		return kind != handleModeName || len(args) <= 3 && !strings.Contains(strings.Join(args[min(1, len(args)):], ","), "|")
	}
	for _, fc := range fileCallsOf(f) {
		if fc.name == name && (fc.args == recv || n.qualified(fc, qual, s)) {
			return true
		}
	}
	return false
}

// bareOperand reports whether code[j] starts an operand of a call written
// without brackets: a literal, a variable or a name.
func bareOperand(code string, lits []lit, j int) bool {
	if _, ok := litAt(lits, j); ok {
		return true
	}
	c := code[j]
	return strings.IndexByte("$@%{", c) >= 0 || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// definedName reports whether the name starting at code[s] is one the code
// defines (def f(, function f(, sub f {).
func definedName(code string, s int) bool {
	b := strings.TrimRight(code[max(0, s-10):s], " \t")
	return strings.HasSuffix(b, "def") || strings.HasSuffix(b, "function") || strings.HasSuffix(b, "sub")
}
