package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/guardhq/guard/internal/export"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/service"
	"github.com/spf13/cobra"
)

// Exit codes of `guard service status`, as LSB init scripts use them.
const (
	statusExitStopped      = 3
	statusExitNotInstalled = 4
)

func newServiceCommand(s *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "service",
		Short: "Run the console (guard serve) as a background service for your user",
		Long: `Run the console (guard serve) as a per-user background service that starts
when you log in. No administrator rights are needed.

  linux    systemd user unit ~/.config/systemd/user/guard.service
  macOS    launchd agent ~/Library/LaunchAgents/io.github.guardhq.guard.plist
  windows  logon entry HKCU\Software\Microsoft\Windows\CurrentVersion\Run\guard

'install' also records the OTEL_EXPORTER_OTLP_* variables, when set, in
export.json in guard's directory, where the service reads them (it does not
inherit your shell's environment): see docs/EXPORT.md.

Every subcommand can be run again safely. 'status' exits 0 when the service
runs, 3 when it is stopped and 4 when it is not installed.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
	}
	type op struct {
		use, short string
		run        func(*service.Manager) (service.Result, error)
	}
	for _, o := range []op{
		{"install", "Install the service, start it, and start it at every login", installService},
		{"uninstall", "Stop the service and remove it", (*service.Manager).Uninstall},
		{"start", "Start the installed service", (*service.Manager).Start},
		{"stop", "Stop the service", (*service.Manager).Stop},
		{"restart", "Restart the installed service", (*service.Manager).Restart},
	} {
		var asJSON bool
		c := &cobra.Command{
			Use:   o.use,
			Short: o.short,
			Args:  cobra.NoArgs,
			RunE: func(cmd *cobra.Command, args []string) error {
				return runService(s, o.run, asJSON)
			},
		}
		c.Flags().BoolVar(&asJSON, "json", false, `print {"action", "platform", "location", "notes"}`)
		cmd.AddCommand(c)
	}
	var statusJSON bool
	status := &cobra.Command{
		Use:   "status",
		Short: "Show whether the service is installed and running",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runServiceStatus(s, statusJSON)
		},
	}
	status.Flags().BoolVar(&statusJSON, "json", false, "print the status as a JSON object (the exit status is the same)")
	cmd.AddCommand(status)
	return cmd
}

// installService records the OTLP export settings of the environment for
// the service (which does not inherit it), then installs the service. With
// no OTEL_EXPORTER_OTLP_* variable set, an existing export.json is kept.
func installService(m *service.Manager) (service.Result, error) {
	note, err := recordExportSettings(os.Getenv)
	if err != nil {
		return service.Result{}, err
	}
	r, err := m.Install()
	if note != "" {
		r.Notes = append(r.Notes, note)
	}
	return r, err
}

// recordExportSettings writes the export settings in the environment to
// export.json in guard's directory, after checking them, and says so.
func recordExportSettings(getenv func(string) string) (string, error) {
	set := export.FromEnv(getenv)
	dir, err := home.Dir()
	if err != nil {
		return "", err
	}
	path := export.ConfigPath(dir)
	if set.Empty() {
		if _, err := os.Stat(path); err == nil {
			return "OTLP export: kept the settings in " + path + " (remove it to stop exporting)", nil
		}
		return "", nil
	}
	if !set.Enabled() {
		return "", withHint(errors.New("otlp export: headers, certificate or resource attributes set, but no endpoint"),
			"set "+export.EnvEndpoint+" (or "+export.EnvLogsEndpoint+"), or unset the others")
	}
	if _, err := set.Config(); err != nil {
		return "", withHint(fmt.Errorf("otlp export: %w", err), "fix the OTEL_EXPORTER_OTLP_* variables; see docs/EXPORT.md")
	}
	if err := export.WriteSettings(path, set); err != nil {
		return "", err
	}
	return "OTLP export: recorded the OTEL_EXPORTER_OTLP_* settings in " + path + " for the service", nil
}

// resultJSON is the --json form of the service actions.
type resultJSON struct {
	Action   string   `json:"action"`
	Platform string   `json:"platform"`
	Location string   `json:"location"`
	Notes    []string `json:"notes"`
}

func runService(s *streams, run func(*service.Manager) (service.Result, error), asJSON bool) error {
	m, err := service.New(service.Options{})
	if err != nil {
		return serviceError(err)
	}
	r, err := run(m)
	if err != nil {
		return serviceError(err)
	}
	if asJSON {
		return writeJSON(s.out, resultJSON{Action: r.Action, Platform: r.Platform, Location: r.Location, Notes: append([]string{}, r.Notes...)})
	}
	fmt.Fprintf(s.out, "guard console service: %s\n", r.Action)
	fmt.Fprintf(s.out, "  %s: %s\n", r.Platform, r.Location)
	for _, n := range r.Notes {
		fmt.Fprintf(s.out, "note: %s\n", n)
	}
	return nil
}

// statusJSON is the --json form of `guard service status`.
type statusJSON struct {
	State     string `json:"state"` // running, stopped, failed or not installed
	Installed bool   `json:"installed"`
	Running   bool   `json:"running"`
	Platform  string `json:"platform"`
	Location  string `json:"location"`
	Log       string `json:"log,omitempty"`
}

func runServiceStatus(s *streams, asJSON bool) error {
	m, err := service.New(service.Options{})
	if err != nil {
		return serviceError(err)
	}
	st, err := m.Status()
	if err != nil {
		return serviceError(err)
	}
	if asJSON {
		err := writeJSON(s.out, statusJSON{State: st.State.String(), Installed: st.State != service.NotInstalled,
			Running: st.State == service.Running, Platform: st.Platform, Location: st.Location, Log: st.Log})
		switch {
		case err != nil:
			return err
		case st.State == service.Running:
			return nil
		case st.State == service.NotInstalled:
			return &exitError{code: statusExitNotInstalled}
		}
		return &exitError{code: statusExitStopped}
	}
	fmt.Fprintf(s.out, "guard console service: %s\n", st.State)
	fmt.Fprintf(s.out, "  %s: %s\n", st.Platform, st.Location)
	switch st.State {
	case service.Running:
		return nil
	case service.NotInstalled:
		fmt.Fprintln(s.out, "  install it with 'guard service install'")
		return &exitError{code: statusExitNotInstalled}
	case service.Failed:
		fmt.Fprintf(s.out, "  %s\n", st.Log)
	}
	return &exitError{code: statusExitStopped}
}

// serviceError carries the service package's hint to the hint line.
func serviceError(err error) error {
	var he *service.HintError
	if errors.As(err, &he) {
		return withHint(err, he.Hint)
	}
	return err
}
