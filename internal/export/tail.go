package export

import (
	"io"
	"os"

	"github.com/guardhq/guard/internal/audit"
)

// tail is the open file of the log being shipped.
type tail struct {
	f    *os.File
	path string
	info os.FileInfo
}

// reader returns a reader of the lines from off on, to whatever end the
// file has when it gets there.
func (t *tail) reader(off int64) *audit.Reader {
	return audit.NewReader(io.NewSectionReader(t.f, off, 1<<62))
}

// moved reports whether the path names another file than the one open, or
// the open file is now shorter than off: a log replaced or cut, which the
// exporter opens again and checks against its cursor.
func (t *tail) moved(off int64) (bool, error) {
	fi, err := os.Stat(t.path)
	if err != nil {
		return false, err
	}
	if !os.SameFile(fi, t.info) {
		return true, nil
	}
	cur, err := t.f.Stat()
	if err != nil {
		return false, err
	}
	return cur.Size() < off, nil
}
