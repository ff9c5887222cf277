package agent

import (
	"encoding/json"
	"strings"
)

// LineRange is a run of a file's lines a tool prints: Count lines (-1:
// to the end) from line From, 0-based, negative counted from the end
// (-2: the last line but one).
type LineRange struct {
	From, Count int
}

// readDefaultLines is the lines agent A's Read (and agent C's read_file)
// print when no limit is given.
const readDefaultLines = 2000

// lineSlice notes, for a read tool asked for part of its file by whole
// lines, the ranges it may print (Call.Lines): the clients' Read and
// read_file with offset and limit, an MCP filesystem read_text_file (or
// read_file) with head or tail. Every other field, a value that is no
// whole number, head and tail together: no ranges (the file is checked
// whole, partialRead). mcp: the tool is a server's (or unknown), not the
// client's own.
func lineSlice(c *Call, in fields, mcp bool) {
	name := strings.Join(nameWords(ownToolName(c.Tool)), "_")
	nums := map[string]int{}
	for k := range in.m {
		r, ok := in.raw(k)
		if !ok {
			continue
		}
		nk := normKey(k)
		if isPathKey(nk) {
			continue
		}
		n, whole := wholeNumber(r)
		if !whole {
			return
		}
		nums[nk] = n
	}
	switch {
	case mcp && (name == "read_text_file" || name == "read_file"):
		c.Lines = headTailRanges(nums)
	case !mcp && (c.Tool == "Read" || c.Tool == "read_file"):
		c.Lines = offsetRanges(nums)
	}
}

// headTailRanges reads an MCP read_text_file's head or tail (one of them).
func headTailRanges(nums map[string]int) []LineRange {
	if len(nums) != 1 {
		return nil
	}
	if n, ok := nums["head"]; ok && n >= 0 {
		return []LineRange{{From: 0, Count: n}}
	}
	if n, ok := nums["tail"]; ok && n > 0 {
		return []LineRange{{From: -n, Count: -1}}
	}
	if n, ok := nums["tail"]; ok && n == 0 {
		return []LineRange{{Count: 0}}
	}
	return nil
}

// offsetRanges reads Read's offset and limit: offset the line to start
// at, 1-based (agent A, agent B) or 0-based (agent C), negative counted
// from the end (agent B); limit the lines to print, the client's default
// or the rest of the file without one.
func offsetRanges(nums map[string]int) []LineRange {
	off, hasOff := nums["offset"]
	lim, hasLim := nums["limit"]
	if len(nums) != btoi(hasOff)+btoi(hasLim) || hasLim && lim < 0 {
		return nil
	}
	counts := []int{-1, readDefaultLines}
	if hasLim {
		counts = []int{lim}
	}
	var out []LineRange
	for _, n := range counts {
		switch {
		case off <= 0:
			out = append(out, LineRange{From: off, Count: n})
		default:
			out = append(out, LineRange{From: off - 1, Count: n}, LineRange{From: off, Count: n})
		}
	}
	return out
}

// wholeNumber reads r as a JSON whole number.
func wholeNumber(r json.RawMessage) (int, bool) {
	var n int
	if err := json.Unmarshal(r, &n); err != nil {
		return 0, false
	}
	return n, true
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
