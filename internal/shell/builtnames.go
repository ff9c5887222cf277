package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// builtNames records as written the names a program's options build
// (catalogue.NameBuilder): a backup's name, the destination's with the
// suffix (cp -b -S .json c .mcp: .mcp.json); an in-place editor's backup,
// each file's with the suffix, * standing for its name (sed -i'*.x' f:
// f.x); a splitter's, prefix then format, each printf directive printing
// digits or nothing (csplit -f .mcp -b '%.0d.json': .mcp.json); and a name
// stored in the data (gzip -dN F), a run-time name beside F.
func (c *cmd) builtNames() {
	b := catalogue.NameBuilderOf(c.name)
	if b == nil {
		return
	}
	var suffix, attached, prefix, format, after string
	var hasAttached, fromData, decompress, backup bool
	var ops []string
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "--" {
			for _, a := range c.args[j+1:] {
				ops = append(ops, a.Text)
			}
			break
		}
		if v, ok := attachedValue(b.Attached, b.Longs, s, b.WithArg); ok {
			attached, hasAttached = v, true
			continue
		}
		if !strings.HasPrefix(s, "-") || s == "-" {
			ops = append(ops, s)
			continue
		}
		backup = backup || optionIn(b.Backup, s, b.WithArg)
		fromData = fromData || optionIn(b.FromData, s, b.WithArg)
		decompress = decompress || optionIn(b.Decompress, s, b.WithArg)
		k := j
		for _, o := range []struct {
			set word.Set
			to  *string
		}{{b.Suffix, &suffix}, {b.Prefix, &prefix}, {b.Format, &format}, {b.After, &after}} {
			if v, n, ok := valueIn(c.args, j, o.set, b.WithArg); ok {
				*o.to, k = v, n
			}
		}
		if k == j && strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "--") {
			// A cluster ending in an option with a value in the next word.
			if last := s[len(s)-1]; strings.IndexByte(b.WithArg, last) >= 0 && clusterValueIndex(s, b.WithArg) == len(s)-1 {
				k = j + 1
			}
		}
		j = k
	}
	if v, ok := c.envValue(b.SuffixEnv); backup && suffix == "" && b.SuffixEnv != "" && ok {
		suffix = v // SIMPLE_BACKUP_SUFFIX=.json cp -b c .mcp
	}
	switch {
	case suffix != "" && len(ops) > 0:
		dest := ops[len(ops)-1]
		c.w.Write(dest + suffix)
		for _, src := range ops[:len(ops)-1] {
			c.w.Write(strings.TrimRight(dest, "/") + "/" + path.Base(src) + suffix)
		}
	case hasAttached && attached != "":
		for _, f := range ops {
			c.w.Write(inPlaceBackup(f, attached))
		}
	case b.DefFormat != "":
		c.splitNames(b, ops, prefix, format, after)
	case fromData && (b.Decodes || decompress):
		for _, f := range ops {
			c.w.Write(path.Dir(f) + "/" + word.Mark(word.MarkSubst, ""))
		}
	}
}

// splitNames records a splitter's output names: prefix (an option's, the
// second operand's, or the default) then format, then what follows it.
func (c *cmd) splitNames(b *catalogue.NameBuilder, ops []string, prefix, format, after string) {
	if b.PrefixOperand && len(ops) > 1 {
		prefix = ops[1]
	}
	if prefix == "" {
		prefix = b.DefPrefix
	}
	if format == "" {
		format = b.DefFormat
	}
	for _, digits := range []string{"", "0"} {
		c.w.Write(prefix + printfDigits(format, digits) + after)
	}
}

// printfDigits returns format with each printf directive (%02d, %.0d,
// %x) replaced by digits, %% by %.
func printfDigits(format, digits string) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("0123456789.-+ #'", format[j]) >= 0 {
			j++
		}
		switch {
		case j < len(format) && format[j] == '%':
			b.WriteByte('%')
		case j < len(format):
			b.WriteString(digits)
		}
		i = j
	}
	return b.String()
}

// inPlaceBackup returns the backup name an in-place editor gives file f
// for suffix suf: f with suf after it, or, when suf holds *, suf with
// each * replaced by f's name (in f's directory unless suf holds a /).
func inPlaceBackup(f, suf string) string {
	if !strings.Contains(suf, "*") {
		return f + suf
	}
	name := strings.ReplaceAll(suf, "*", path.Base(f))
	if strings.Contains(suf, "/") {
		return name
	}
	return path.Join(path.Dir(f), name)
}

// attachedValue returns the value given in the same word to an option of
// set (sed -i.bak, --in-place=.bak, perl -pi.bak): the rest of a cluster
// after the flag, or what follows =. A long option is any unique prefix of
// one of longs, the program's long options, when it lists them
// (getopt_long: sed --in=B).
func attachedValue(set, longs word.Set, s, withArg string) (string, bool) {
	if set == "" || !strings.HasPrefix(s, "-") {
		return "", false
	}
	if strings.HasPrefix(s, "--") {
		opt, v, _ := strings.Cut(s, "=")
		if longs != "" {
			opt = longs.Full(opt)
		}
		return v, set.Has(opt)
	}
	for i := 1; i < len(s); i++ {
		if set.Has("-" + string(s[i])) {
			return s[i+1:], true
		}
		if strings.IndexByte(withArg, s[i]) >= 0 {
			return "", false
		}
	}
	return "", false
}

// optionIn reports whether word s is, or its cluster holds, an option of
// set.
func optionIn(set word.Set, s, withArg string) bool {
	for _, o := range strings.Fields(string(set)) {
		if strings.HasPrefix(o, "--") && word.LongOption(s, o) || len(o) == 2 && word.ShortHas(s, o[1], withArg) {
			return true
		}
	}
	return false
}

// valueIn returns the value of the option of set at args[j] and the index
// of the last word it used.
func valueIn(args []word.Word, j int, set word.Set, withArg string) (string, int, bool) {
	for _, o := range strings.Fields(string(set)) {
		var flag byte
		long := ""
		if strings.HasPrefix(o, "--") {
			long = o
		} else if len(o) == 2 {
			flag = o[1]
		}
		if v, k, ok := word.OptionValue(args, j, flag, withArg, long); ok && (flag != 0 || long != "") {
			return v, k, true
		}
	}
	return "", j, false
}

// clusterValueIndex returns where the first option of withArg stands in
// cluster s, -1 when none does.
func clusterValueIndex(s, withArg string) int {
	for i := 1; i < len(s); i++ {
		if strings.IndexByte(withArg, s[i]) >= 0 {
			return i
		}
	}
	return -1
}
