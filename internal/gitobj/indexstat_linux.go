package gitobj

import "syscall"

// ctimeOf returns st's change time.
func ctimeOf(st *syscall.Stat_t) (int64, int64) { return st.Ctim.Unix() }
