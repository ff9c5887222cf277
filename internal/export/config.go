package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// The OpenTelemetry environment variables guard reads (OpenTelemetry's
// "OTLP Exporter Configuration" specification).
const (
	EnvEndpoint     = "OTEL_EXPORTER_OTLP_ENDPOINT"
	EnvLogsEndpoint = "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT"
	EnvHeaders      = "OTEL_EXPORTER_OTLP_HEADERS"
	EnvCertificate  = "OTEL_EXPORTER_OTLP_CERTIFICATE"
	EnvResource     = "OTEL_RESOURCE_ATTRIBUTES"
)

// ConfigName is the name of the export configuration file in guard's
// directory: what `guard service install` recorded for the console service,
// which does not inherit a shell's environment.
const ConfigName = "export.json"

// maxConfigBytes bounds the configuration file and each setting.
const maxConfigBytes = 64 << 10

// Settings are the export settings as written: in the environment, on the
// command line or in the configuration file. Empty means unset.
type Settings struct {
	// Endpoint is the base URL (OTEL_EXPORTER_OTLP_ENDPOINT): /v1/logs is
	// appended to its path.
	Endpoint string `json:"endpoint,omitempty"`
	// LogsEndpoint is the full URL of the logs endpoint
	// (OTEL_EXPORTER_OTLP_LOGS_ENDPOINT), used as it is; it wins over
	// Endpoint.
	LogsEndpoint string `json:"logs_endpoint,omitempty"`
	// Headers are sent with every request: k=v pairs separated by commas,
	// keys and values URL-encoded (OTEL_EXPORTER_OTLP_HEADERS). They may
	// hold tokens: never logged or shown.
	Headers string `json:"headers,omitempty"`
	// Certificate is a PEM file of the CA certificates that verify the
	// collector's TLS certificate (OTEL_EXPORTER_OTLP_CERTIFICATE).
	Certificate string `json:"certificate,omitempty"`
	// Resource is extra resource attributes, k=v pairs separated by commas
	// (OTEL_RESOURCE_ATTRIBUTES).
	Resource string `json:"resource_attributes,omitempty"`
}

// Empty reports whether no setting is set.
func (s Settings) Empty() bool { return s == Settings{} }

// FromEnv returns the settings in the environment getenv reads.
func FromEnv(getenv func(string) string) Settings {
	return Settings{
		Endpoint:     strings.TrimSpace(getenv(EnvEndpoint)),
		LogsEndpoint: strings.TrimSpace(getenv(EnvLogsEndpoint)),
		Headers:      strings.TrimSpace(getenv(EnvHeaders)),
		Certificate:  strings.TrimSpace(getenv(EnvCertificate)),
		Resource:     strings.TrimSpace(getenv(EnvResource)),
	}
}

// Over returns s with every setting it leaves unset taken from base: the
// command line over the environment over the file.
func (s Settings) Over(base Settings) Settings {
	pick := func(a, b string) string {
		if a != "" {
			return a
		}
		return b
	}
	// An endpoint given at a higher level replaces both of a lower one's.
	if s.Endpoint != "" || s.LogsEndpoint != "" {
		base.Endpoint, base.LogsEndpoint = "", ""
	}
	return Settings{
		Endpoint:     pick(s.Endpoint, base.Endpoint),
		LogsEndpoint: pick(s.LogsEndpoint, base.LogsEndpoint),
		Headers:      pick(s.Headers, base.Headers),
		Certificate:  pick(s.Certificate, base.Certificate),
		Resource:     pick(s.Resource, base.Resource),
	}
}

// Config is the checked configuration of an exporter.
type Config struct {
	// URL is the logs endpoint requests are posted to.
	URL string
	// Headers are added to every request.
	Headers map[string]string
	// CAFile is the PEM file of CA certificates, or "" for the system's.
	CAFile string
	// Resource holds the resource attributes from OTEL_RESOURCE_ATTRIBUTES;
	// guard's own (service.name, service.version, host.name) win over them.
	Resource map[string]string
}

// Enabled reports whether the settings configure an export: an endpoint is
// set. Without one, export is off.
func (s Settings) Enabled() bool { return s.Endpoint != "" || s.LogsEndpoint != "" }

// Config checks the settings and returns the configuration they describe.
// Errors name the setting, never a header's value.
func (s Settings) Config() (Config, error) {
	var errs []error
	c := Config{CAFile: s.Certificate}
	u, err := logsURL(s)
	if err != nil {
		errs = append(errs, err)
	}
	c.URL = u
	if c.Headers, err = parsePairs(s.Headers, "headers"); err != nil {
		errs = append(errs, err)
	}
	if c.Resource, err = parsePairs(s.Resource, "resource attributes"); err != nil {
		errs = append(errs, err)
	}
	return c, errors.Join(errs...)
}

// logsURL is the URL logs are posted to: the logs endpoint as it is, or the
// base endpoint with /v1/logs appended to its path.
func logsURL(s Settings) (string, error) {
	raw, name := s.LogsEndpoint, "logs endpoint"
	if raw == "" {
		raw, name = s.Endpoint, "endpoint"
	}
	if len(raw) > maxConfigBytes {
		return "", fmt.Errorf("%s: over %d bytes", name, maxConfigBytes)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("%s: not a URL", name)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", fmt.Errorf("%s: want an http:// or https:// URL with a host", name)
	}
	if u.User != nil {
		return "", fmt.Errorf("%s: credentials in the URL are not accepted; send them in headers", name)
	}
	if s.LogsEndpoint == "" {
		u.Path = strings.TrimSuffix(u.Path, "/") + "/v1/logs"
		u.RawPath = ""
	}
	return u.String(), nil
}

// parsePairs reads a list of key=value pairs separated by commas, each key
// and value URL-decoded and trimmed (the W3C Baggage-like form OpenTelemetry
// uses). Errors name the pair by position, never its value.
func parsePairs(s, what string) (map[string]string, error) {
	if s == "" {
		return nil, nil
	}
	if len(s) > maxConfigBytes {
		return nil, fmt.Errorf("%s: over %d bytes", what, maxConfigBytes)
	}
	out := map[string]string{}
	for i, p := range strings.Split(s, ",") {
		if strings.TrimSpace(p) == "" {
			continue
		}
		k, v, ok := strings.Cut(p, "=")
		kd, kerr := url.PathUnescape(strings.TrimSpace(k))
		vd, verr := url.PathUnescape(strings.TrimSpace(v))
		if !ok || kerr != nil || verr != nil || kd == "" {
			return nil, fmt.Errorf("%s: pair %d is not key=value (URL-encoded)", what, i+1)
		}
		out[kd] = vd
	}
	return out, nil
}

// ConfigPath returns the path of the configuration file in guard's
// directory dir.
func ConfigPath(dir string) string { return filepath.Join(dir, ConfigName) }

// ReadSettings reads the configuration file at path: zero settings when
// there is none. Unknown keys are an error.
func ReadSettings(path string) (Settings, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Settings{}, nil
	}
	if err != nil {
		return Settings{}, fmt.Errorf("export configuration %s: %w", path, err)
	}
	if len(b) > maxConfigBytes {
		return Settings{}, fmt.Errorf("export configuration %s: over %d bytes", path, maxConfigBytes)
	}
	var s Settings
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Settings{}, fmt.Errorf("export configuration %s: %w", path, err)
	}
	return s, nil
}

// WriteSettings writes s to the configuration file at path, mode 0600 (its
// headers may hold tokens), replacing it atomically.
func WriteSettings(path string, s Settings) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := writeAtomic(path, append(b, '\n')); err != nil {
		return fmt.Errorf("export configuration %s: %w", path, err)
	}
	return nil
}

// HeaderNames returns the names of the configured headers, sorted: what may
// be shown of them.
func (c Config) HeaderNames() []string {
	names := make([]string, 0, len(c.Headers))
	for k := range c.Headers {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// writeAtomic replaces the file at path with b: a temporary file in the same
// directory, mode 0600, synced, then renamed over it, and the directory
// synced where the system allows.
func writeAtomic(path string, b []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after a successful rename there is nothing to remove
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // not supported everywhere (Windows); the rename stands
		d.Close()
	}
	return nil
}
