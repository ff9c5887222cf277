// Command floor is the start-up floor of scripts/benchhook: a program that
// links the libraries guard must carry for its other commands — net/http and
// crypto/tls (the console, the webhook, the remote policy), kardianos/service
// (the console as a user service) and cobra (the CLI) — and then only reads
// standard input and exits 0. Go runs every linked package's initialisation
// at process start, so no hook program inside one guard binary can start
// faster than this; guard's time minus the floor's is the hook's own work.
package main

import (
	"io"
	"os"

	_ "crypto/tls"
	_ "net/http"

	_ "github.com/kardianos/service"
	_ "github.com/spf13/cobra"
)

func main() {
	if _, err := io.Copy(io.Discard, io.LimitReader(os.Stdin, 8<<20)); err != nil {
		os.Exit(2)
	}
}
