package agent

import (
	"strconv"
	"strings"
)

// grepTool is the Grep tool of agents A and B: a content search of its
// path (searchTool), which runs ripgrep. Call.Search is the ripgrep
// command its fields make, so that the hook reads what it prints of a
// file as it reads a shell's rg (the tree secret scan, its filters).
func grepTool(c *Call, in fields) error {
	if err := searchTool([]string{"path"}, []string{"glob"}, nil, true)(c, in); err != nil {
		return err
	}
	c.Search = grepToolWords(in, c.Cwd)
	return nil
}

// grepToolWords returns the words of the ripgrep command a Grep tool call
// with fields in runs in directory cwd: its pattern, -i, context, glob,
// type and output mode (files_with_matches: -l, count: -c; content, or
// none given: lines); nil for a field guard does not read so (multiline,
// an unknown one), or no pattern. Its path is the operand, as given or
// the call's directory.
func grepToolWords(in fields, cwd string) []string {
	var opts []string
	pattern, dir := "", ""
	for k, r := range in.m {
		if isNull(r) {
			continue
		}
		s, isStr := stringValue(r)
		switch k {
		case "pattern", "path", "glob", "type", "output_mode":
			if !isStr {
				return nil
			}
		}
		switch k {
		case "pattern":
			pattern = s
		case "path":
			dir = s
		case "glob":
			opts = append(opts, "--glob="+s)
		case "type":
			opts = append(opts, "--type="+s)
		case "output_mode":
			switch s {
			case "files_with_matches":
				opts = append(opts, "-l")
			case "count":
				opts = append(opts, "-c")
			case "content":
			default:
				return nil
			}
		case "-i", "multiline":
			b := strings.TrimSpace(string(r))
			switch {
			case b == "false":
			case b == "true" && k == "-i":
				opts = append(opts, "-i")
			default:
				return nil
			}
		case "-A", "-B", "-C", "context":
			n, err := strconv.Atoi(strings.TrimSpace(string(r)))
			if err != nil || n < 0 {
				return nil
			}
			opt := k
			if k == "context" {
				opt = "-C"
			}
			opts = append(opts, opt+strconv.Itoa(n))
		case "-n", "head_limit", "offset":
		default:
			return nil
		}
	}
	if pattern == "" {
		return nil
	}
	return append(append([]string{"rg"}, opts...), "-e", pattern, "--", treeDir(dir, cwd))
}
