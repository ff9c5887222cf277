package hook

import (
	"os"
	"testing"
	"time"
)

// TestMain gives the calls of the package's tests a time-out that the race
// detector on a loaded machine does not reach (tests check verdicts;
// benchmarks and scripts/benchhook time them), and an exit that returns: a
// call that still times out answers its time-out block, which the test
// reports, instead of ending the test binary. TestCheckTimeout sets its own.
func TestMain(m *testing.M) {
	defaults.checkTimeout = 2 * time.Minute
	defaults.exit = func(int) {}
	os.Exit(m.Run())
}
