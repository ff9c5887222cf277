//go:build !(linux || darwin)

package hook

import (
	"os"
	"time"
)

// pollWaiter is not available here: readWithin races a goroutine against a
// timer instead.
func pollWaiter(*os.File) (func(time.Time) error, bool) { return nil, false }
