package shell

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// zsh. Where the user's shell is zsh, a command is also read as zsh reads
// it (syntax.LangZsh) and what both readings reach is checked (see
// Analyze). zsh's own expansions are computed here where expand has no
// zsh rules: subscripts ($HOME[1,-1], 1-based), modifiers (${v:h}, $v:t,
// ${v:s/x/y/}: zshmods.go),
// flags ((e) evaluates the value again, (P) names another parameter, (s),
// (j), (f), (L), (U)…), an array's every element ($arr), =cmd (the
// program cmd), and glob qualifiers (*(.), whose e:…: and +cmd run code).
// What is not known stays a marker.

// zshSpecific reports whether pe needs zsh's rules.
func (w *walker) zshSpecific(pe *syntax.ParamExp) bool {
	if pe.Split == syntax.OptOn || pe.RcExpand == syntax.OptOn || w.rcexpand || w.wordsplit {
		return true // see zshSplits
	}
	if pe.Param == nil || pe.Flags != nil || len(pe.Modifiers) > 0 || pe.NestedParam != nil || pe.IsSet || pe.Index != nil {
		return true
	}
	switch pe.Param.Value {
	case "@", "*", "argv":
		return false
	}
	k := w.variable(pe.Param.Value).Kind
	return k == expand.Indexed || k == expand.Associative
}

// zshParamExp returns the part a zsh parameter expansion stands for: its
// value quoted (zsh does not split a parameter's value), its elements as
// words, or a marker when a step of it is not known.
func (w *walker) zshParamExp(pe *syntax.ParamExp, quoted bool) syntax.WordPart {
	vals, ok := w.zshValues(pe)
	if !ok || w.zshSplits(pe, vals, quoted) {
		name := ""
		if pe.Param != nil {
			name = pe.Param.Value
		}
		return &syntax.Lit{Value: word.Mark(word.MarkSubst, name)}
	}
	if quoted && !zshSeparate(pe) || len(vals) == 1 {
		return &syntax.SglQuoted{Value: strings.Join(vals, " ")}
	}
	arr := w.tempArray(vals)
	if quoted {
		// already inside double quotes: "${tmp[@]}" without a second
		// pair, which expand would read as one word
		return arr.(*syntax.DblQuoted).Parts[0]
	}
	return arr
}

// zshSeparate reports whether pe, inside double quotes, yields one word
// for each element: the (@) flag, a splitting flag ((s:x:), (f), (z),
// (0): zsh splits inside double quotes too), or the subscript [@]
// ("${a[@]}", "$a[@]"; FINDINGS59b B15). "${a[*]}" and "$a" join them.
func zshSeparate(pe *syntax.ParamExp) bool {
	if strings.ContainsAny(zshFlagLetters(flagText(pe)), "@sfz0") {
		return true
	}
	wd, ok := pe.Index.(*syntax.Word)
	return ok && wd.Lit() == "@"
}

// zshFlagLetters returns the letters of a parameter expansion's flags
// without the delimited arguments some take ((s:,:), (j.-.), (l:5::0:)).
func zshFlagLetters(flags string) string {
	var b strings.Builder
	for i := 0; i < len(flags); i++ {
		c := flags[i]
		b.WriteByte(c)
		args := 0
		switch c {
		case 's', 'j', 'g', 'Z', 'I', '_':
			args = 1
		case 'l', 'r':
			args = 3
		}
		var delim byte
		for n := 0; n < args && i+1 < len(flags); n++ {
			d := flags[i+1]
			if n > 0 && d != delim {
				break // l:5: with no fill strings
			}
			delim = d
			end := strings.IndexByte(flags[i+2:], d)
			if end < 0 {
				return b.String()
			}
			i += 2 + end // on the closing delimiter
		}
	}
	return b.String()
}

// zshSplits reports whether a value's words are not the ones guard makes
// of vals: ${=v} and SH_WORD_SPLIT split a value holding a blank, ${^a}
// and RC_EXPAND_PARAM pair each element of an array with the text around
// it (~/.${^a}rc is ~/.zrc ~/.zshrc): unknown, not one word, inside
// double quotes (an unquoted word is computed whole: rcExpandWord).
func (w *walker) zshSplits(pe *syntax.ParamExp, vals []string, quoted bool) bool {
	rc := pe.RcExpand == syntax.OptOn || w.rcexpand && pe.RcExpand != syntax.OptOff
	if rc && quoted && len(vals) > 1 {
		return true
	}
	split := pe.Split == syntax.OptOn || w.wordsplit && pe.Split != syntax.OptOff
	return split && slices.ContainsFunc(vals, func(v string) bool { return strings.ContainsAny(v, " \t\n") })
}

// tempArray returns a part that stands for vals, one word each: a
// temporary array, expanded "${tmp[@]}".
func (w *walker) tempArray(vals []string) syntax.WordPart {
	w.zshTemp++
	tmp := fmt.Sprintf("__guard_zsh%d", w.zshTemp)
	w.storeVar(tmp, expand.Variable{Set: true, Kind: expand.Indexed, List: vals})
	all := &syntax.ParamExp{Param: &syntax.Lit{Value: tmp}, Index: &syntax.Word{Parts: litParts("@")}}
	return &syntax.DblQuoted{Parts: []syntax.WordPart{all}}
}

func flagText(pe *syntax.ParamExp) string {
	if pe.Flags == nil {
		return ""
	}
	return pe.Flags.Value
}

// zshValues computes a zsh parameter expansion in zsh's order: the
// parameter (or nested expansion), (P), the subscript, the operators, the
// modifiers, the other flags.
func (w *walker) zshValues(pe *syntax.ParamExp) ([]string, bool) {
	flags := flagText(pe)
	var vals []string
	array := false
	switch {
	case pe.NestedParam != nil:
		known := true
		for _, x := range w.fields(&syntax.Word{Parts: []syntax.WordPart{pe.NestedParam}}) {
			vals = append(vals, x.Text)
			known = known && x.Known
		}
		array = len(vals) != 1
		if strings.Contains(flags, "P") {
			// ${(P)${:-HOME}}: zsh takes the nested value as a name too
			// (P applies after nested substitution).
			if !known || len(vals) != 1 {
				return nil, false
			}
			var ok bool
			if vals, array, ok = w.zshPointed(vals[0], pe); !ok {
				return nil, false
			}
		}
	case pe.Param != nil:
		name := pe.Param.Value
		if strings.Contains(flags, "P") {
			if !w.valueKnown(name) {
				return nil, false
			}
			var ok bool
			if vals, array, ok = w.zshPointed(w.variable(name).String(), pe); !ok {
				return nil, false
			}
			break
		}
		var ok bool
		if vals, array, ok = w.zshNamed(name, pe); !ok {
			return nil, false
		}
	default:
		vals = []string{""} // ${:-x}
	}
	ok := true
	if w.ksh != kshOff && pe.Short && (pe.Index != nil || len(pe.Modifiers) > 0) {
		return nil, false // KSH_ARRAYS: $a[1] is $a, then the text [1]
	}
	if pe.Index != nil {
		if vals, ok = w.zshSubscript(vals, array, pe.Index); !ok {
			return nil, false
		}
	} else if array && pe.Param != nil && pe.Param.Value != "@" && pe.Param.Value != "*" {
		if vals, ok = w.kshWhole(vals); !ok {
			return nil, false // KSH_ARRAYS: $a is its first element
		}
	}
	if pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Length || pe.Excl {
		if vals, ok = w.zshOperators(pe, vals); !ok {
			return nil, false
		}
	}
	if len(pe.Modifiers) > 0 {
		var b strings.Builder
		for _, m := range pe.Modifiers {
			b.WriteString(":" + m.Value)
		}
		mods, _, _, ok := parseMods(b.String(), false)
		if !ok {
			return nil, false
		}
		if vals, ok = w.applyMods(mods, vals); !ok {
			return nil, false
		}
	}
	return w.zshFlags(flags, vals)
}

// zshPointed returns the values of the variable whose name is target, for
// (P): mapfile[F] reads F (its value is the file's text, not followed); a
// target that is no name is a word guard cannot tell.
func (w *walker) zshPointed(target string, pe *syntax.ParamExp) ([]string, bool, bool) {
	if key, ok := strings.CutPrefix(target, "mapfile["); ok && strings.HasSuffix(key, "]") {
		w.Read(strings.TrimSuffix(key, "]")) // ${(P)v}, v='mapfile[F]'
		return nil, false, false
	}
	if !word.IsName(target) {
		return nil, false, false
	}
	return w.zshNamed(target, pe)
}

// zshNamed returns the values of the variable called name (and whether it
// is an array) as ${name} and ${+name} take them; ok is false for what
// guard does not follow (mapfile's text, an undeclared ${+name}).
func (w *walker) zshNamed(name string, pe *syntax.ParamExp) (vals []string, array, ok bool) {
	if name == "mapfile" {
		w.mapfileRead(pe.Index)
		return nil, false, false
	}
	if pe.IsSet {
		if !w.declared(name) {
			return nil, false, false
		}
		return []string{strconv.Itoa(boolInt(w.variable(name).IsSet()))}, false, true
	}
	_, vr := w.variable(name).Resolve(env{w})
	vals, array = varValues(vr)
	return vals, array, true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// varValues returns the values of a variable, and whether it is an array.
func varValues(vr expand.Variable) ([]string, bool) {
	switch vr.Kind {
	case expand.Indexed:
		return slices.Clone(vr.List), true
	case expand.Associative:
		keys := slices.Sorted(func(yield func(string) bool) {
			for k := range vr.Map {
				if !yield(k) {
					return
				}
			}
		})
		out := make([]string, len(keys))
		for i, k := range keys {
			out[i] = vr.Map[k]
		}
		return out, true
	}
	if !vr.IsSet() {
		return []string{""}, false
	}
	return []string{vr.Str}, false
}

// exactText reports whether s is known to the letter: no marker, no $HOME or
// ~ standing for the home directory.
func exactText(s string) bool {
	return word.IsKnown(s) && !strings.Contains(s, "$HOME") && !strings.HasPrefix(s, "~")
}

// zshSubscript applies [i] or [i,j] (1-based, negative from the end) to an
// array's elements or a string's characters.
func (w *walker) zshSubscript(vals []string, array bool, idx syntax.ArithmExpr) ([]string, bool) {
	if wd, ok := idx.(*syntax.Word); ok && (wd.Lit() == "@" || wd.Lit() == "*") {
		return vals, true
	}
	from, to, ok := w.zshRange(idx)
	if !ok {
		return nil, false
	}
	if array {
		lo, hi, ok := zshBounds(from, to, len(vals))
		if markedBefore(vals, from, to, hi, ok) {
			return nil, false
		}
		if !ok {
			return []string{""}, true
		}
		return vals[lo:hi], true
	}
	s := strings.Join(vals, " ")
	if from == 1 && to == -1 {
		return []string{s}, true // the whole value, whatever it is
	}
	if !exactText(s) {
		return nil, false
	}
	rs := []rune(s)
	lo, hi, ok := zshBounds(from, to, len(rs))
	if !ok {
		return []string{""}, true
	}
	return []string{string(rs[lo:hi])}, true
}

// markedBefore reports whether an index into an array may land elsewhere
// than guard counts: an element not known (a marker: an unquoted $(cmd) or
// $v that splits into any number of words) before the end of the range,
// a range counted from the end, or one out of the elements guard has.
func markedBefore(vals []string, from, to, hi int, inRange bool) bool {
	end := len(vals)
	if inRange && from > 0 && to > 0 {
		end = hi
	}
	for _, v := range vals[:end] {
		if strings.Contains(v, word.MarkLead) {
			return true
		}
	}
	return false
}

// zsh's mapfile module (zmodload zsh/mapfile) makes the parameter mapfile
// the files of the working directory: $mapfile[F] is F's text (a read),
// mapfile[F]=TEXT writes F, unset 'mapfile[F]' removes it, and $mapfile
// whole reads every file there. Whether the module is loaded is not known
// (a start-up file may load it), so the parameter is taken as the module's
// wherever the user's shell is zsh.

// mapfileRead records the file $mapfile[KEY] reads (idx nil: every file
// of the working directory).
func (w *walker) mapfileRead(idx syntax.ArithmExpr) {
	w.Read(w.mapfileKey(idx, "*"))
}

// mapfileKey returns the file a subscript of mapfile names: whole, or a
// part not known when it is arithmetic guard does not take as a name.
func (w *walker) mapfileKey(idx syntax.ArithmExpr, whole string) string {
	switch x := idx.(type) {
	case nil:
		return whole
	case *syntax.Word:
		return w.text(x).Text
	}
	return word.Mark(word.MarkName, "")
}

// mapfileWord finds, in a word as bash's parser reads it, zsh's
// $mapfile[F] (bash: $mapfile, then the text [F]), which zsh's parser may
// reject (a / in a subscript): F is read, and the part stands for its
// text, not known.
func (w *walker) mapfileWord(parts []syntax.WordPart, changed bool) ([]syntax.WordPart, bool) {
	for i := 0; i+1 < len(parts); i++ {
		pe, ok := parts[i].(*syntax.ParamExp)
		l, ok2 := parts[i+1].(*syntax.Lit)
		if !ok || !ok2 || !pe.Short || !simpleParam(pe) || pe.Param.Value != "mapfile" || !strings.HasPrefix(l.Value, "[") {
			continue
		}
		key := []syntax.WordPart{&syntax.Lit{Value: l.Value[1:]}}
		for j := i + 1; j < len(parts); j++ {
			if j > i+1 {
				key = append(key, parts[j])
			}
			kl, ok := key[len(key)-1].(*syntax.Lit)
			if !ok {
				continue
			}
			end := strings.IndexByte(kl.Value, ']')
			if end < 0 {
				continue
			}
			key[len(key)-1] = &syntax.Lit{Value: kl.Value[:end]}
			w.Read(w.text(&syntax.Word{Parts: key}).Text)
			repl := []syntax.WordPart{&syntax.Lit{Value: word.Mark(word.MarkSubst, "")}}
			if rest := kl.Value[end+1:]; rest != "" {
				repl = append(repl, &syntax.Lit{Value: rest})
			}
			return slices.Concat(parts[:i:i], repl, parts[j+1:]), true
		}
	}
	return parts, changed
}

// zshElemValue returns what zsh's a[i]=v or a[i,j]=v leaves: elements i
// to j of an array (one not set becomes one) or characters i to j of a
// string replaced by v, 1-based, negative from the end; past the end, v is
// added. What guard cannot tell (an index, a string not known to the
// letter, +=) leaves the value not known.
func (w *walker) zshElemValue(name string, idx syntax.ArithmExpr, value string, appendTo bool) expand.Variable {
	unknown := strVar(word.Mark(word.MarkVar, name))
	old := w.variable(name)
	from, to, ok := w.zshRange(idx)
	if !ok || appendTo {
		return unknown
	}
	array := !w.declared(name) || old.Kind == expand.Indexed
	var items []string
	var back func(string) string
	switch {
	case array && old.Indexes != nil:
		return unknown
	case array:
		items = slices.Clone(old.List)
	case old.Kind == expand.String:
		text, b, ok := w.letters(old.Str)
		if !ok {
			return unknown
		}
		back = b
		for _, r := range text {
			items = append(items, string(r))
		}
	default:
		return unknown
	}
	items, ok = zshSplice(items, from, to, []string{value}, array)
	if !ok {
		return unknown
	}
	vr := old
	if array {
		vr.Set, vr.Kind, vr.List = true, expand.Indexed, items
		return vr
	}
	vr.Str = back(strings.Join(items, ""))
	return vr
}

// zshSplice replaces items from to to (1-based, inclusive, negative from
// the end) with vs; past the end an array is padded with empty elements.
// A range that ends before it starts replaces no element of an array
// (x[3,1]=(N) inserts N as element 3); of a string, what follows is kept
// from character to+1 on, as zsh does (s=hello; s[3,1]=X: heXello).
func zshSplice(items []string, from, to int, vs []string, array bool) ([]string, bool) {
	n := len(items)
	if from < 0 {
		from += n + 1
	}
	if to < 0 {
		to += n + 1
	}
	if from < 1 || from > maxElems || to > maxElems {
		return nil, false
	}
	if from > n {
		for array && len(items) < from-1 {
			items = append(items, "")
		}
		return append(items, vs...), true
	}
	if array {
		to = max(to, from-1)
	}
	to = min(max(to, 0), n)
	return slices.Concat(items[:from-1], vs, items[to:]), true
}

// zshRange evaluates a subscript: i (i,i) or i,j, 1-based as zsh counts
// with KSH_ARRAYS as guard knows it (kshRange).
func (w *walker) zshRange(idx syntax.ArithmExpr) (int, int, bool) {
	from, to, ok := w.zshBareRange(idx)
	if !ok {
		return 0, 0, false
	}
	return w.kshRange(from, to)
}

// zshBareRange evaluates a subscript's bounds as written.
func (w *walker) zshBareRange(idx syntax.ArithmExpr) (int, int, bool) {
	// A parameter zsh reads its own way inside the subscript (${#v} of an
	// array counts its elements; bash's arithmetic takes the first's
	// length): unknown.
	zshOwn := false
	syntax.Walk(idx, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && (pe.Length || w.zshSpecific(pe)) {
			zshOwn = true
		}
		return !zshOwn
	})
	if zshOwn {
		return 0, 0, false
	}
	if b, ok := idx.(*syntax.BinaryArithm); ok && b.Op == syntax.Comma {
		from, ok1 := w.arithValue(b.X)
		to, ok2 := w.arithValue(b.Y)
		return from, to, ok1 && ok2
	}
	i, ok := w.arithValue(idx)
	return i, i, ok
}

// zshBounds turns zsh's inclusive 1-based bounds into a slice's.
func zshBounds(from, to, n int) (int, int, bool) {
	if from < 0 {
		from += n + 1
	}
	if to < 0 {
		to += n + 1
	}
	from = max(from, 1)
	to = min(to, n)
	if from > to {
		return 0, 0, false
	}
	return from - 1, to, true
}

// zshOperators applies the operators zsh shares with bash (${v:-x}, ${v#x},
// ${v/x/y}, ${#v}…) through expand, on a temporary variable holding the
// value.
func (w *walker) zshOperators(pe *syntax.ParamExp, vals []string) ([]string, bool) {
	// The bash rules on the joined string are zsh's only for one value and
	// an operator bash has: zsh applies an operator to each element of an
	// array (${#v} counts them), and its array filters (${v:#p},
	// ${v:|w}, ${v:*w}) and ${v:^w} have no bash twin.
	if len(vals) > 1 || pe.Exp != nil && !bashExpOp(pe.Exp.Op.String()) {
		return nil, false
	}
	w.zshTemp++
	tmp := fmt.Sprintf("__guard_zsh%d", w.zshTemp)
	if len(vals) == 1 && vals[0] == "" && pe.Param != nil && !w.variable(pe.Param.Value).IsSet() {
		w.storeVar(tmp, expand.Variable{}) // unset: ${x-d} takes d
	} else {
		w.storeVar(tmp, strVar(strings.Join(vals, " ")))
	}
	op := &syntax.ParamExp{Param: &syntax.Lit{Value: tmp}, Exp: pe.Exp, Repl: pe.Repl, Slice: pe.Slice, Length: pe.Length}
	saved := w.zsh
	w.zsh = false // the bash rules, on a plain string
	s := w.text(&syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{op}}}})
	w.zsh = saved
	return []string{s.Text}, true
}

// bashExpOp reports whether op is a parameter expansion operator bash has.
func bashExpOp(op string) bool {
	switch op {
	case "+", ":+", "-", ":-", "?", ":?", "=", ":=", "%", "%%", "#", "##", "^", "^^", ",", ",,", "@":
		return true
	}
	return false
}

// zshFlags applies a parameter expansion's flags: (P) was applied first;
// splitting (f, s:x:, z, @), joining (F, j:x:), case (L, U, C), then (e),
// which expands the value again as the shell would a double-quoted string
// (its substitutions run). A flag guard does not know makes the value
// unknown.
func (w *walker) zshFlags(flags string, vals []string) ([]string, bool) {
	eval, sorted := false, false
	for i := 0; i < len(flags); i++ {
		switch c := flags[i]; c {
		case '%':
			// Prompt sequences in the value (%~ is the home directory,
			// %d the working one): what they expand to is not followed.
			for _, v := range vals {
				if strings.Contains(v, "%") {
					return nil, false
				}
			}
		case 'Q':
			for k, v := range vals {
				u, ok := zshUnquote(v)
				if !ok {
					return nil, false
				}
				vals[k] = u
			}
		case 'o', 'O', 'i', 'n', 'a', 'u':
			// Sorting (o, O, with i, n, a) and (u)'s unique values,
			// computed where guard knows the order zsh makes (see
			// zshOrder); otherwise unknown, never the unsorted value.
			if sorted {
				continue
			}
			sorted = true
			var ok bool
			if vals, ok = zshOrder(flags, vals); !ok {
				return nil, false
			}
		case 'k', 'v', 't':
			return nil, false // an association's keys or values, a type name
		case 'P', '@', 'q', '~', '=', 'D', 'V', 'A':
		case 'e':
			eval = true
		case 'f':
			var ok bool
			if vals, ok = splitAll(vals, "\n"); !ok {
				return nil, false
			}
		case 'F':
			vals = []string{strings.Join(vals, "\n")}
		case 'z':
			vals = fieldsAll(vals)
		case 'L', 'U', 'C':
			vals = caseAll(c, vals)
		case 's', 'j':
			arg, end, ok := flagArg(flags, i+1)
			if !ok {
				return nil, false
			}
			i = end
			if c == 's' {
				if vals, ok = splitAll(vals, arg); !ok {
					return nil, false
				}
			} else {
				vals = []string{strings.Join(vals, arg)}
			}
		default:
			return nil, false
		}
	}
	if eval {
		return w.zshEval(vals)
	}
	return vals, true
}

// flagArg returns the argument of a flag at flags[i]: text between a
// delimiter and its match (s:/:, j[ ]), and the index of the closing one.
func flagArg(flags string, i int) (string, int, bool) {
	if i >= len(flags) {
		return "", 0, false
	}
	open := flags[i]
	closer := open
	switch open {
	case '(':
		closer = ')'
	case '[':
		closer = ']'
	case '{':
		closer = '}'
	case '<':
		closer = '>'
	}
	j := strings.IndexByte(flags[i+1:], closer)
	if j < 0 {
		return "", 0, false
	}
	return flags[i+1 : i+1+j], i + 1 + j, true
}

// splitAll splits each value at sep as zsh's (s:sep:) does; an empty sep
// splits into characters. It fails (the value is unknown) where zsh's
// result depends on what guard does not track: an empty field, which zsh
// drops unquoted and keeps in "${(@s:x:)v}", and a value holding a marker,
// whose characters are not known.
func splitAll(vals []string, sep string) ([]string, bool) {
	var out []string
	for _, v := range vals {
		if strings.Contains(v, word.MarkLead) {
			return nil, false
		}
		var fs []string
		if sep == "" {
			fs = strings.Split(v, "") // one element per character (rune)
		} else {
			fs = strings.Split(v, sep)
		}
		for _, f := range fs {
			if f == "" {
				return nil, false
			}
		}
		out = append(out, fs...)
	}
	return out, true
}

func fieldsAll(vals []string) []string {
	var out []string
	for _, v := range vals {
		out = append(out, strings.Fields(v)...)
	}
	return out
}

func caseAll(c byte, vals []string) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		switch c {
		case 'L':
			out[i] = word.MarkedCase(v, strings.ToLower)
		case 'U':
			out[i] = word.MarkedCase(v, strings.ToUpper)
		default:
			out[i] = word.MarkedCase(v, func(s string) string {
				rs := []rune(strings.ToLower(s))
				for k := range rs {
					if k == 0 || !unicode.IsLetter(rs[k-1]) {
						rs[k] = unicode.ToUpper(rs[k])
					}
				}
				return string(rs)
			})
		}
	}
	return out
}

// zshEval expands each value again, as the body of a double-quoted string:
// ${(e)v} with v='$(rm -rf /)' runs rm. It counts as a script level.
func (w *walker) zshEval(vals []string) ([]string, bool) {
	if w.stopped() {
		return nil, false
	}
	if w.depth+1 > MaxDepth {
		w.fail(fmt.Errorf("nests scripts (sh -c, eval) more than %d deep: %w", MaxDepth, effect.ErrLimit))
		return nil, false
	}
	out := make([]string, len(vals))
	for i, v := range vals {
		if !w.count(1) { // each evaluation counts as a word: bounded work
			return nil, false
		}
		wd, err := w.theParser().Document(strings.NewReader(v))
		if err != nil {
			return nil, false
		}
		w.depth++
		s, _ := w.document(wd.Parts)
		w.depth--
		out[i] = s
	}
	return out, true
}

// zshWord arranges what zsh reads in a word beyond its parameters: a
// trailing glob qualifier (*(.), see qualifiers.go), whose code runs and
// which is dropped when guard reads it, and the modifiers after a short
// parameter ($v:h, which the parser leaves as text). Pattern groups and
// extendedglob's operators are widened after (globWord).
func (w *walker) zshWord(parts []syntax.WordPart, changed bool) ([]syntax.WordPart, bool) {
	if ps, ok := w.trailingQualifier(parts); ok {
		parts, changed = ps, true
	}
	for i := 0; i+1 < len(parts); i++ {
		pe, ok := parts[i].(*syntax.ParamExp)
		l, ok2 := parts[i+1].(*syntax.Lit)
		if !ok || !ok2 || !pe.Short || !simpleParam(pe) {
			continue
		}
		mods, rest, open, ok := parseMods(l.Value, true)
		if !ok || len(mods) == 0 {
			continue
		}
		if open && i+2 < len(parts) {
			// $f:s/x/y$z: the text after it is the modifier's; not
			// followed.
			parts = append(parts[:i:i], &syntax.Lit{Value: word.Mark(word.MarkSubst, pe.Param.Value)})
			changed = true
			break
		}
		cp := *pe
		cp.Modifiers = []*syntax.Lit{{Value: strings.TrimPrefix(l.Value[:len(l.Value)-len(rest)], ":")}}
		repl := []syntax.WordPart{w.zshParamExp(&cp, false)}
		if rest != "" {
			repl = append(repl, &syntax.Lit{Value: rest})
		}
		parts = slices.Concat(parts[:i:i], repl, parts[i+2:])
		changed = true
	}
	return parts, changed
}

// qualifierMods applies the modifiers of a glob qualifier (:h, :s/x/y/)
// to the names a word selects: to a plain name, as to a parameter's value.
// On a pattern, the modifiers that keep the file (:a, :A, :P, :q, :c) are
// passed over and :h, :t, which act on whole path components, are applied
// to the pattern's text; any other (:s, :r, :l…) changes names guard does
// not list: hidden, a block.
func (w *walker) qualifierMods(parts []syntax.WordPart, spec string) []syntax.WordPart {
	unknown := []syntax.WordPart{&syntax.Lit{Value: word.Mark(word.MarkName, "")}}
	mods, _, _, ok := parseMods(spec, false)
	pattern := w.inexactGlob(parts, false)
	if ps, ok := w.globWord(parts); ok {
		parts = ps
	}
	s := w.text(&syntax.Word{Parts: parts}).Text
	pattern = pattern || strings.ContainsAny(s, "*?[")
	if !ok {
		if pattern {
			w.hide("applies glob qualifier modifiers guard does not follow to a pattern's names")
		}
		return unknown
	}
	if pattern {
		kept := mods[:0:0]
		for _, m := range mods {
			switch m.op {
			case 'a', 'A', 'P', 'q', 'c':
			case 'h', 't':
				kept = append(kept, m)
			default:
				w.hide("applies a glob qualifier modifier (:%c) to a pattern's names, which guard does not follow", m.op)
				return parts
			}
		}
		if len(kept) == 0 {
			return parts
		}
		mods = kept
	}
	vals, ok := w.applyMods(mods, []string{s})
	if !ok {
		return unknown
	}
	return []syntax.WordPart{&syntax.SglQuoted{Value: vals[0]}}
}

// zshGroup reports whether a literal the zsh parser split off is a pattern
// group or a glob qualifier: (…).
func zshGroup(s string) bool {
	return len(s) >= 2 && s[0] == '(' && s[len(s)-1] == ')'
}

// qualifierCode analyses the code a glob qualifier runs: e:CODE: (any
// delimiter, or e'CODE') and +CMD.
func (w *walker) qualifierCode(q string) {
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case 'e':
			if code, end, ok := flagArg(q, i+1); ok {
				w.tentative(unquoteSingle(code))
				i = end
			}
		case '+':
			j := i + 1
			for j < len(q) && (word.IsNameRune(rune(q[j])) || q[j] == '-' || q[j] == '.') {
				j++
			}
			w.tentative(q[i+1 : j])
			i = j - 1
		}
	}
}

// unquoteSingle removes the single quotes around s, if any.
func unquoteSingle(s string) string {
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return s[1 : len(s)-1]
	}
	return s
}

// zshPrint is zsh's print: its words are data, and what it prints is
// known (the words, joined by blanks or, with -l, newlines; a newline at
// the end unless -n) when no option guard does not follow is given and
// either -r is or no word holds a backslash; print -v NAME sets NAME to it
// instead. -s, -S, -z, -u, -p print nowhere guard follows.
func (c *cmd) zshPrint() {
	c.allData()
	if c.piped || c.subst {
		for _, a := range c.args {
			c.w.Read(a.Text)
		}
	}
	raw, lines, newline, known := false, false, true, true
	name := ""
	i := 0
	for ; i < len(c.args); i++ {
		s := c.args[i].Text
		if s == "--" || s == "-" {
			i++
			break
		}
		if len(s) < 2 || s[0] != '-' {
			break
		}
		for _, f := range s[1:] {
			switch f {
			case 'r', 'R':
				raw = true
			case 'l':
				lines = true
			case 'n':
				newline = false
			case 'v':
				if i+1 < len(c.args) {
					i++
					name = c.args[i].Text
				}
			case 'e', 'E':
			default:
				known = false // -P, -f, -s, -u…
			}
		}
	}
	sep := " "
	if lines {
		sep = "\n"
	}
	text := joinSep(c.args[i:], sep)
	if !raw && strings.Contains(text, `\`) {
		known = false
	}
	switch {
	case name != "" && !c.w.varNameTold(name):
		// print -v "$n": a name guard cannot tell (anyvar.go)
	case name != "" && word.IsName(name) && known:
		c.w.setString(name, text)
	case name != "" && word.IsName(name):
		c.w.setUnknown(name)
	case known && newline:
		c.out = output{text: text + "\n", known: true}
	case known:
		c.out = output{text: text, known: true}
	}
}

// joinSep joins the texts of words with sep.
func joinSep(ws []word.Word, sep string) string {
	var b strings.Builder
	for i, x := range ws {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(x.Text)
	}
	return b.String()
}

// zshAutoload is zsh's autoload: autoload DIR/NAME makes NAME a function
// whose body is the file's text (read through Options.Files, checked when
// NAME runs); autoload NAME takes it from the directories of $fpath
// (fpathAutoload).
func (c *cmd) zshAutoload() {
	c.w.autoload(c.args)
}

// autoload marks for autoload the functions args (options and names)
// name, as autoload, functions -u and typeset -fu do: each NAME's body is
// its function file's text. -w names compiled files (wordcode guard
// cannot read); -X (or +X) loads the body at once and runs it, where no
// NAME is given that of the function running (NAME(){ autoload -X }).
func (w *walker) autoload(args []word.Word) {
	now, names := false, 0
	for _, a := range args {
		p := a.Text
		if strings.HasPrefix(p, "-") || strings.HasPrefix(p, "+") {
			if strings.ContainsRune(p, 'w') {
				w.hide("autoloads functions from a compiled zsh file (autoload -w): guard cannot read wordcode")
				return
			}
			now = now || strings.ContainsRune(p, 'X')
			continue
		}
		if p == "" {
			continue
		}
		names++
		w.autoloadName(p, now)
	}
	if now && names == 0 && len(w.funcs.running) > 0 {
		w.autoloadName(w.funcs.running[len(w.funcs.running)-1], true)
	}
}

// autoloadName marks one function for autoload, from file p or, a bare
// name, from $fpath; now: its body is loaded and run at once.
func (w *walker) autoloadName(p string, now bool) {
	name := path.Base(p)
	w.redefine(name)
	if !strings.Contains(p, "/") {
		w.fpathAutoload(name)
	} else if !w.zwcTwin(p, true) {
		w.Read(p)
		if text, ok := w.FileText(p, true, effect.MaxScriptBytes, "a function file"); ok {
			w.autoloaded(name, text)
		}
	}
	if !now {
		return
	}
	if bodies := w.funcs.bodies[name]; len(bodies) > 0 && w.depth+1 <= MaxDepth {
		w.depth++
		w.stmt(bodies[len(bodies)-1])
		w.depth--
	}
}

// zwcTwin hides what zsh runs for file p when it may run a compiled twin
// instead: p.zwc, or for an autoload (dirDigest) the digest of p's
// directory DIR.zwc, on disk or written by the command (zcompile), or p
// itself a .zwc. guard cannot read wordcode.
func (w *walker) zwcTwin(p string, dirDigest bool) bool {
	return w.zsh && w.compiledTwin(p, dirDigest)
}

// compiledTwin is zwcTwin for a file zsh reads, whichever shell reads
// the command (a zsh start-up file).
func (w *walker) compiledTwin(p string, dirDigest bool) bool {
	twins := []string{p + ".zwc"}
	if dirDigest {
		twins = append(twins, path.Dir(p)+".zwc")
	}
	found := strings.HasSuffix(p, ".zwc")
	for _, q := range twins {
		if _, st := w.FileStatus(q, true, 0); st != effect.FileAbsent {
			found = true
		}
	}
	if found {
		w.hide("runs %s, for which zsh may run its compiled twin (.zwc): guard cannot read wordcode", word.Quote(word.Render(p)))
	}
	return found
}

// zcompile is zsh's zcompile FILE [NAME…]: it writes FILE (FILE.zwc when
// FILE does not end in .zwc), wordcode of text guard does not compute.
// -t only tests.
func (c *cmd) zcompile() {
	w := c.w
	for _, a := range c.args {
		if strings.HasPrefix(a.Text, "-") {
			if strings.ContainsRune(a.Text, 't') {
				return
			}
			continue
		}
		out := a.Text
		if !strings.HasSuffix(out, ".zwc") {
			out += ".zwc"
		}
		w.Write(out)
		w.Changed(w.Where(out))
		return
	}
}

// fpathAutoload: autoload NAME takes NAME's body from the first directory
// of $fpath holding a file NAME. Where the command did not change $fpath
// (or $FPATH) those are the user's directories, not searched; where it
// did, its entries are searched in order, past the user's own ($fpath
// inherited, which may not hold NAME): the first file found is NAME's
// body, and an entry guard cannot tell, a file it cannot read or a
// compiled twin (zwcTwin) makes the body hidden.
func (w *walker) fpathAutoload(name string) {
	var dirs []string
	switch {
	case w.declared("fpath"):
		_, vr := w.variable("fpath").Resolve(env{w})
		dirs, _ = varValues(vr)
	case w.declared("FPATH"):
		dirs = strings.Split(w.variable("FPATH").String(), ":")
	default:
		w.unreadFunc(name)
		return
	}
	for _, d := range dirs {
		if inheritedOnly(d) {
			// $fpath inherited: the user's own directories, which may or
			// may not hold NAME: the entries after them are searched too
			// (and NAME, if none holds it, is one guard does not read).
			w.unreadFunc(name)
			continue
		}
		if word.Opaque(d) || word.HasMark(d) && strings.Contains(d, word.MarkStart+string(word.MarkEnv)) {
			// $(cmd)/x, or fpath+=. read as text appended to the
			// inherited value: directories guard cannot tell.
			w.hide("autoloads %s from a $fpath directory guard cannot tell", name)
			return
		}
		if d == "" {
			d = "."
		}
		p := strings.TrimSuffix(d, "/") + "/" + name
		if w.zwcTwin(p, true) {
			return
		}
		t, st := w.FileStatus(p, true, effect.MaxScriptBytes)
		switch st {
		case effect.FileAbsent:
			continue
		case effect.FileWhole:
			w.Read(p)
			w.autoloaded(name, t)
		default:
			w.Read(p)
			w.hide("autoloads %s from a file guard cannot read whole", name)
		}
		return
	}
}

// Functions shipped with zsh that run nothing guard must check: called
// bare, quietZshFuncs set up completion, prompts or colours, or read
// expressions (zcalc); argsZshFuncs only compare their arguments
// (is-at-least). Any other function from $fpath (zargs, zmv, zed, and
// compinit -d FILE, which writes FILE) is code guard does not read.
const (
	quietZshFuncs word.Set = " colors compinit bashcompinit promptinit zcalc "
	argsZshFuncs  word.Set = " is-at-least "
)

// unreadFunc marks function name, autoloaded from $fpath directories guard
// does not read (zsh's own, the user's), as code guard cannot tell
// (unreadCall).
func (w *walker) unreadFunc(name string) {
	if w.funcs.unread == nil {
		w.funcs.unread = map[string]bool{}
	}
	if len(w.funcs.unread) < maxFuncs {
		w.funcs.unread[name] = true
	}
}

// unreadCall answers a call of words[0], a function zsh autoloads from an
// $fpath guard does not read: one of zsh's own known to run nothing
// (quietZshFuncs bare, argsZshFuncs) is nothing to check; another is
// hidden. It reports whether words[0] is such a function.
func (w *walker) unreadCall(words []word.Word) bool {
	name := words[0].Text
	if !w.funcs.unread[name] || !words[0].Known {
		return false
	}
	if len(words) == 1 && quietZshFuncs.Has(name) || argsZshFuncs.Has(name) {
		return true
	}
	w.hide("runs %s, a zsh function autoloaded from $fpath, which guard does not read: it cannot tell what it runs", name)
	return true
}

// inheritedOnly reports whether s is nothing but inherited variables'
// values ($fpath as the user's shell has it).
func inheritedOnly(s string) bool {
	if !word.HasMark(s) {
		return false
	}
	only := true
	word.EachMark(s, func(k byte, _ string, whole bool) {
		only = only && whole && (k == word.MarkEnv || k == word.MarkEnvOp || k == word.MarkUnset)
	}, func(t string) {
		only = only && t == ""
	})
	return only
}

// autoloaded declares the function name whose body is text, a function
// file's.
func (w *walker) autoloaded(name, text string) {
	f, err := w.theParser().Parse(strings.NewReader(text), "")
	if err != nil {
		w.hide("autoloads a function file guard cannot parse")
		return
	}
	w.declareFunc(name, &syntax.Stmt{Cmd: &syntax.Block{Stmts: f.Stmts}})
}

// zshTilde resolves a tilde prefix that an expansion completes: zsh
// expands ~$USER, ~${USER}, ~$(whoami) after the expansion, to the home
// of the user it names. A known name stays ~NAME (the path rules know the
// user guard runs as); a name guard does not know is taken as the user's
// own home (~), the protected one.
func (w *walker) zshTilde(ps []syntax.WordPart) ([]syntax.WordPart, bool) {
	if len(ps) < 2 {
		return ps, false
	}
	l, ok := ps[0].(*syntax.Lit)
	if ok && zshDynamicTilde(ps) {
		return w.dynamicNamedDir(ps), true
	}
	if !ok || !strings.HasPrefix(l.Value, "~") || strings.Contains(l.Value, "/") {
		return ps, false
	}
	if _, ok := ps[1].(*syntax.SglQuoted); ok {
		return ps, false
	}
	name := []syntax.WordPart{&syntax.Lit{Value: l.Value[1:]}}
	var rest []syntax.WordPart
	for i := 1; i < len(ps); i++ {
		if r, ok := ps[i].(*syntax.Lit); ok {
			if j := strings.IndexByte(r.Value, '/'); j >= 0 {
				name = append(name, &syntax.Lit{Value: r.Value[:j]})
				rest = append([]syntax.WordPart{&syntax.Lit{Value: r.Value[j:]}}, ps[i+1:]...)
				break
			}
		}
		name = append(name, ps[i])
	}
	user := w.text(&syntax.Word{Parts: name}).Text
	prefix := "~"
	if word.IsKnown(user) && user != "" && !strings.ContainsAny(user, "/~") {
		prefix = "~" + user
	}
	return append([]syntax.WordPart{&syntax.SglQuoted{Value: prefix}}, rest...), true
}

// rcExpandWord computes a word holding ${^a} (or $a under RC_EXPAND_PARAM)
// of more than one element as zsh does: each element with the word's text
// around it, one word each (x${^a}y is xa1y xa2y), where that text is known
// and holds no pattern or tilde; any other such word is a run-time name
// (the name marker stood for a's own elements). false when the word holds
// no such expansion.
func (w *walker) rcExpandWord(parts []syntax.WordPart) ([]syntax.WordPart, bool) {
	at := -1
	for i, p := range parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || !(pe.RcExpand == syntax.OptOn || w.rcexpand && pe.RcExpand != syntax.OptOff) {
			continue
		}
		if at >= 0 {
			return unknownWord(), true // two: a product guard does not list
		}
		at = i
	}
	if at < 0 || len(parts) == 1 {
		return parts, false
	}
	pe := parts[at].(*syntax.ParamExp)
	vals, ok := w.zshValues(pe)
	if !ok {
		return unknownWord(), true
	}
	split := pe.Split == syntax.OptOn || w.wordsplit && pe.Split != syntax.OptOff
	if len(vals) <= 1 && !split {
		return parts, false
	}
	if split && slices.ContainsFunc(vals, func(v string) bool { return strings.ContainsAny(v, " \t\n") }) {
		return unknownWord(), true
	}
	pre := w.text(&syntax.Word{Parts: parts[:at]})
	post := w.text(&syntax.Word{Parts: parts[at+1:]})
	if !pre.Known || !post.Known || strings.ContainsAny(pre.Text+post.Text, "*?[]()<>~^#") || len(vals) == 0 {
		return unknownWord(), true
	}
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = pre.Text + v + post.Text
	}
	return []syntax.WordPart{w.tempArray(out)}, true
}

// unknownWord is a word guard cannot tell: a run-time name, any path.
func unknownWord() []syntax.WordPart {
	return []syntax.WordPart{&syntax.Lit{Value: word.Mark(word.MarkSubst, "")}}
}

// zshOrder applies a flag list's ordering flags to vals: (u) keeps each
// value's first occurrence, (a) keeps the array's order and (Oa) reverses
// it, (o) sorts and (O) sorts in reverse. zsh sorts in the locale's
// collation, which guard does not know: a sort is computed only where the
// C locale's byte order and a dictionary order (case and punctuation
// ignored) agree; (n), (i) and any other sort are unknown.
func zshOrder(flags string, vals []string) ([]string, bool) {
	has := func(c byte) bool { return strings.IndexByte(flags, c) >= 0 }
	if has('u') {
		var out []string
		for _, v := range vals {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
		vals = out
	}
	if len(vals) < 2 {
		return vals, true
	}
	switch {
	case has('a') && !has('o'):
		vals = slices.Clone(vals)
		if has('O') {
			slices.Reverse(vals)
		}
		return vals, true
	case has('n') || has('i') || has('a'):
		return nil, false
	case !has('o') && !has('O'):
		return vals, true
	}
	out := slices.Clone(vals)
	slices.Sort(out)
	for i := 1; i < len(out); i++ {
		if dictKey(out[i-1]) >= dictKey(out[i]) {
			return nil, false // the locale may order them otherwise
		}
	}
	if has('O') {
		slices.Reverse(out)
	}
	return out, true
}

// dictKey is s lower-cased with only its letters and digits: the order
// a locale's collation compares first.
func dictKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}
