//go:build !unix

package install

import "io/fs"

// ownerOther reports no other owner where files carry no Unix uid.
func ownerOther(fs.FileInfo) (uid int, other bool) { return 0, false }
