package effect

import (
	"fmt"
	"slices"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestLedgerLinks: a write through a link the command made is a write of
// its target, however the link's path is spelt; a write guard cannot
// follow through a link is hidden, and the making of the link is not.
func TestLedgerLinks(t *testing.T) {
	tests := []struct {
		name   string
		run    func(l *Ledger)
		write  string
		want   string // a write recorded, "" for none wanted
		hidden bool
	}{
		{name: "a dot link path", run: func(l *Ledger) { l.Link("~/.bashrc", "./.bashrc") }, write: ".bashrc", want: "~/.bashrc"},
		{name: "home spelt absolute", run: func(l *Ledger) { l.Link("~/.bashrc", "/home/u/q") }, write: "~/q", want: "~/.bashrc"},
		{name: "under a directory link", run: func(l *Ledger) { l.Link("~/.ssh", "k") }, write: "k/authorized_keys", want: "~/.ssh/authorized_keys"},
		{name: "a relative target from the link's directory", run: func(l *Ledger) { l.Link(".bashrc", "/tmp/q") }, write: "/tmp/q", want: "/tmp/.bashrc"},
		{name: "carried by a move", run: func(l *Ledger) { l.Link("~/.bashrc", "q"); l.CarryLinks("q", "r") }, write: "r", want: "~/.bashrc"},
		{name: "an unknown target", run: func(l *Ledger) { l.Link(word.Mark(word.MarkSubst, ""), "q") }, write: "q", hidden: true},
		{name: "the making itself", run: func(l *Ledger) { l.Link(word.Mark(word.MarkSubst, ""), "q"); l.Linking = true }, write: "q"},
		{name: "under a directory an archive was extracted into", run: func(l *Ledger) { l.MayLink("q", "an archive was extracted") }, write: "q/x", hidden: true},
		{name: "beside it", run: func(l *Ledger) { l.MayLink("q", "an archive was extracted") }, write: "qq"},
		{name: "extracted into the working directory", run: func(l *Ledger) { l.MayLink(".", "an archive was extracted") }, write: "x", hidden: true},
		{name: "elsewhere than the working directory", run: func(l *Ledger) { l.MayLink(".", "an archive was extracted") }, write: "/tmp/x"},
		{name: "after code that makes links", run: func(l *Ledger) { l.LinksUnknown("perl code") }, write: "out.txt", hidden: true},
		{name: "a change of mode only", run: func(l *Ledger) { l.LinksUnknown("perl code"); l.MetaOnly = true }, write: "out.txt"},
	}
	for _, tt := range tests {
		l, _, writes, _ := newTest()
		var hid []string
		l.Hide = func(f string, a ...any) { hid = append(hid, fmt.Sprintf(f, a...)) }
		tt.run(l)
		l.Write(tt.write)
		if tt.want != "" && !slices.Contains(*writes, tt.want) {
			t.Errorf("%s: writes = %q, want %q among them", tt.name, *writes, tt.want)
		}
		if (len(hid) > 0) != tt.hidden {
			t.Errorf("%s: hidden = %q, want hidden %v", tt.name, hid, tt.hidden)
		}
	}
}

// TestLedgerLinkBound: a link past the bound is hidden, not dropped.
func TestLedgerLinkBound(t *testing.T) {
	l, _, _, _ := newTest()
	hidden := false
	l.Hide = func(string, ...any) { hidden = true }
	for i := range MaxLinks + 1 {
		l.Link("/x", fmt.Sprintf("l%d", i))
	}
	if !hidden {
		t.Error("the link past MaxLinks was dropped silently")
	}
}
