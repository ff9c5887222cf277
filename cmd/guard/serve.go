package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/guardhq/guard/internal/console"
	"github.com/guardhq/guard/internal/export"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/policy"
)

type serveOptions struct {
	port int
	addr string
	otlp export.Settings
}

func newServeCommand(s *streams) *cobra.Command {
	opts := serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Start the web console on http://127.0.0.1:7070",
		Long: `Start the local web console: counters, charts and a filtered event table
over ~/.guard/audit.log, plus the read-only JSON API (/api/stats, /api/events,
/api/integrity).

The console listens on 127.0.0.1 only, unless --addr says otherwise.

With an OTLP endpoint configured (--otlp-endpoint, OTEL_EXPORTER_OTLP_ENDPOINT,
or the export.json that 'guard service install' writes in guard's directory),
it also ships the log to an OpenTelemetry Collector: see docs/EXPORT.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runServe(ctx, s, opts)
		},
	}
	cmd.Flags().IntVar(&opts.port, "port", 7070, "TCP port to listen on (0 picks a free one)")
	cmd.Flags().StringVar(&opts.addr, "addr", "127.0.0.1", "address to listen on; anything but loopback exposes the audit log to the network")
	f := cmd.Flags()
	f.StringVar(&opts.otlp.Endpoint, "otlp-endpoint", "", "ship the audit log to this OTLP/HTTP base URL (/v1/logs appended; "+export.EnvEndpoint+")")
	f.StringVar(&opts.otlp.LogsEndpoint, "otlp-logs-endpoint", "", "ship the audit log to this OTLP/HTTP logs URL, as it is ("+export.EnvLogsEndpoint+")")
	f.StringVar(&opts.otlp.Headers, "otlp-headers", "", "headers of every export request, k=v,k2=v2 URL-encoded ("+export.EnvHeaders+"; other users may see a flag: prefer the variable)")
	f.StringVar(&opts.otlp.Certificate, "otlp-certificate", "", "PEM file of the CA certificates that verify the collector ("+export.EnvCertificate+")")
	f.StringVar(&opts.otlp.Resource, "otlp-resource-attributes", "", "extra resource attributes, k=v,k2=v2 ("+export.EnvResource+")")
	return cmd
}

func runServe(ctx context.Context, s *streams, opts serveOptions) error {
	if opts.port < 0 || opts.port > 65535 {
		return withHint(fmt.Errorf("--port %d: not a TCP port", opts.port), "use a port from 1 to 65535, or 0 for any free one")
	}
	if opts.addr == "" {
		return withHint(errors.New("--addr is empty"), "use --addr 127.0.0.1 (the default) to keep the console local")
	}
	path, err := home.File(home.AuditName)
	if err != nil {
		return err
	}
	idx, err := console.Open(path)
	if errors.Is(err, fs.ErrPermission) {
		return withHint(err, "run guard serve as the user whose agents write the audit log")
	}
	if err != nil {
		return err
	}
	defer idx.Close()
	pol := consolePolicy(s)
	exp, err := newExporter(opts.otlp, path)
	if err != nil {
		return err
	}
	cfg := console.Config{BindHost: opts.addr, AnchorFile: anchorFile(path), Help: pol.Help}
	if exp != nil {
		cfg.Export = func() any { return exp.Status() }
	}
	h, err := console.NewHandler(idx, cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(opts.addr, strconv.Itoa(opts.port)))
	if err != nil {
		return withHint(fmt.Errorf("listen: %w", err), listenHint(err))
	}
	if !console.IsLoopback(opts.addr) {
		fmt.Fprintf(s.err, "guard: warning: listening on %s, not loopback: anyone who can reach this address can read your audit log\n", opts.addr)
	}
	fmt.Fprintf(s.out, "guard console on http://%s/ (audit log %s); press Ctrl-C to stop\n", displayAddr(ln.Addr()), path)
	// The console keeps its own record of the log current between requests
	// (/api/integrity).
	go idx.Watch(ctx, consoleWatch)
	if exp == nil {
		return console.Serve(ctx, ln, h)
	}
	fmt.Fprintf(s.out, "guard: shipping the audit log to %s\n", exp.Status().Endpoint)
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = exp.Run(ctx); close(done) }()
	err = console.Serve(ctx, ln, h)
	cancel()
	<-done // a batch in flight gets its answer, and its cursor is saved
	return err
}

// newExporter returns the exporter the settings configure, nil when none
// does: the flags over the environment over the file export.json in
// guard's directory.
func newExporter(flags export.Settings, logPath string) (*export.Exporter, error) {
	dir, err := home.Dir()
	if err != nil {
		return nil, err
	}
	file, err := export.ReadSettings(export.ConfigPath(dir))
	if err != nil {
		return nil, withHint(err, "fix or remove the file; 'guard service install' writes it from the OTEL_EXPORTER_OTLP_* variables")
	}
	set := flags.Over(export.FromEnv(os.Getenv)).Over(file)
	if !set.Enabled() {
		return nil, nil
	}
	cfg, err := set.Config()
	if err != nil {
		return nil, withHint(fmt.Errorf("otlp export: %w", err), "see docs/EXPORT.md for the settings")
	}
	state, err := home.StateDir()
	if err != nil {
		return nil, err
	}
	exp, err := export.New(export.Options{Log: logPath, Cursor: export.CursorPath(state, logPath),
		Config: cfg, Version: currentVersion().version})
	if err != nil {
		return nil, withHint(fmt.Errorf("otlp export: %w", err), "check "+export.EnvCertificate+" or --otlp-certificate")
	}
	return exp, nil
}

// consolePolicy is the policy whose rule help the console shows beside
// each event: the active one, read once at start, or the built-in defaults
// (with a warning) when it cannot be read.
func consolePolicy(s *streams) *policy.Policy {
	p, err := policy.Load()
	if err == nil {
		return p
	}
	fmt.Fprintf(s.err, "guard: warning: %v\nguard: the console explains rules from the built-in defaults; 'guard policy verify' says what to fix\n", err)
	if p, err = policy.Default(); err != nil {
		return &policy.Policy{} // knows no command rule; the fixed rules' help remains
	}
	return p
}

// consoleWatch is how often the console re-reads the log with no request.
const consoleWatch = 30 * time.Second

// listenHint says what to do when the listening socket cannot be opened.
func listenHint(err error) string {
	switch {
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return "--addr must be an address of this machine; the default 127.0.0.1 keeps the console local"
	case errors.Is(err, syscall.EACCES):
		return "ports below 1024 need privileges: pick another port with --port"
	case errors.Is(err, syscall.EADDRINUSE):
		return "another program uses this port: pick another port with --port"
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return "--addr takes an IP address or a name of this machine, such as 127.0.0.1 or localhost"
	}
	return "pick another port with --port, or another address with --addr"
}

// displayAddr names a listening address the way a browser should open it: a
// loopback or unspecified (all interfaces) address as 127.0.0.1.
func displayAddr(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	host := ta.IP.String()
	if (ta.IP.IsLoopback() && ta.IP.To4() != nil) || ta.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, strconv.Itoa(ta.Port))
}
