//go:build linux || darwin

package service

import (
	"errors"
	"fmt"
	"os"
	"strings"

	kservice "github.com/kardianos/service"
)

// serviceName is the name the kardianos library files the service under:
// the systemd unit guard.service, the launchd label.
const serviceDescription = "guard console: a local web view of the guard audit log"

// noProgram satisfies kservice.Interface; guard never calls Run on the
// service object (the service manager runs `guard serve` itself).
type noProgram struct{}

// Start does nothing: the service manager runs the program itself.
func (noProgram) Start(kservice.Service) error { return nil }

// Stop does nothing.
func (noProgram) Stop(kservice.Service) error { return nil }

// kardianos returns the library's service object for the named system
// ("linux-systemd", "darwin-launchd") whatever the library detected, with
// the definition text given as its template. The text is rendered already;
// it must hold no template action.
func kardianos(system, name, definition string, spec Spec, opt kservice.KeyValue) (kservice.Service, error) {
	if strings.Contains(definition, "{{") {
		return nil, fmt.Errorf("service definition for %s: a path contains '{{', which the service library cannot write", spec.Executable)
	}
	for _, s := range kservice.AvailableSystems() {
		if s.String() != system {
			continue
		}
		return s.New(noProgram{}, &kservice.Config{
			Name:        name,
			DisplayName: "guard console",
			Description: serviceDescription,
			Executable:  spec.Executable,
			Arguments:   spec.Args,
			Option:      opt,
		})
	}
	return nil, fmt.Errorf("service library: no %s support in this build", system)
}

// readDefinition reports whether the definition file exists and whether it
// holds want.
func readDefinition(path, want string) (exists, current bool, err error) {
	got, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, false, nil
	}
	if err != nil {
		return false, false, fmt.Errorf("read %s: %w", path, err)
	}
	return true, string(got) == want, nil
}

// kstate maps the library's status to a State for an existing definition.
func kstate(svc kservice.Service) (State, error) {
	st, err := svc.Status()
	switch {
	case errors.Is(err, kservice.ErrNotInstalled):
		// The file exists but the service manager has not read it yet.
		return Stopped, nil
	case err != nil && strings.Contains(err.Error(), "failed state"):
		return Failed, nil
	case err != nil:
		return NotInstalled, fmt.Errorf("service status: %w", err)
	case st == kservice.StatusRunning:
		return Running, nil
	}
	return Stopped, nil
}
