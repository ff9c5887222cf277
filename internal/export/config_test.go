package export

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSettingsConfig(t *testing.T) {
	for _, tc := range []struct {
		name    string
		set     Settings
		url     string
		headers map[string]string
		res     map[string]string
		err     string
	}{
		{name: "base endpoint gets /v1/logs", set: Settings{Endpoint: "http://127.0.0.1:4318"}, url: "http://127.0.0.1:4318/v1/logs"},
		{name: "base endpoint with a path", set: Settings{Endpoint: "https://otel.example.com/ingest/"}, url: "https://otel.example.com/ingest/v1/logs"},
		{name: "logs endpoint as it is", set: Settings{Endpoint: "http://a:1", LogsEndpoint: "https://b/custom"}, url: "https://b/custom"},
		{name: "headers decoded", set: Settings{Endpoint: "http://a", Headers: "api-key=s%3Dcret , x-tenant = t1,"},
			url: "http://a/v1/logs", headers: map[string]string{"api-key": "s=cret", "x-tenant": "t1"}},
		{name: "resource", set: Settings{Endpoint: "http://a", Resource: "team=core,deployment.environment=dev"},
			url: "http://a/v1/logs", res: map[string]string{"team": "core", "deployment.environment": "dev"}},
		{name: "not http", set: Settings{Endpoint: "grpc://a:4317"}, err: "endpoint: want an http:// or https:// URL"},
		{name: "no host", set: Settings{LogsEndpoint: "http:///v1/logs"}, err: "logs endpoint: want"},
		{name: "credentials in URL", set: Settings{Endpoint: "http://u:secretpw@a"}, err: "credentials in the URL"},
		{name: "bad header pair", set: Settings{Endpoint: "http://a", Headers: "ok=1,tokenvalue"}, err: "headers: pair 2 is not key=value"},
		{name: "bad escape", set: Settings{Endpoint: "http://a", Headers: "k=%zz"}, err: "headers: pair 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := tc.set.Config()
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want %q", err, tc.err)
				}
				for _, secret := range []string{"secretpw", "tokenvalue", "%zz"} {
					if strings.Contains(err.Error(), secret) {
						t.Errorf("the error %q shows a value", err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.URL != tc.url || !reflect.DeepEqual(c.Headers, tc.headers) || !reflect.DeepEqual(c.Resource, tc.res) {
				t.Errorf("got %+v, want url %s headers %v resource %v", c, tc.url, tc.headers, tc.res)
			}
		})
	}
}

func TestSettingsOver(t *testing.T) {
	file := Settings{Endpoint: "http://file", Headers: "a=1", Resource: "r=1"}
	env := Settings{LogsEndpoint: "http://env/logs"}
	flags := Settings{Headers: "b=2"}
	got := flags.Over(env).Over(file)
	want := Settings{LogsEndpoint: "http://env/logs", Headers: "b=2", Resource: "r=1"}
	if got != want {
		t.Errorf("got %+v, want %+v (an endpoint set higher replaces both lower ones)", got, want)
	}
	if (Settings{Headers: "a=1"}).Enabled() || !(Settings{Endpoint: "http://a"}).Enabled() {
		t.Error("Enabled: want an endpoint to switch export on, and only an endpoint")
	}
}

func TestFromEnv(t *testing.T) {
	env := map[string]string{EnvEndpoint: " http://a ", EnvLogsEndpoint: "http://b", EnvHeaders: "k=v", EnvCertificate: "/ca.pem", EnvResource: "x=y"}
	got := FromEnv(func(k string) string { return env[k] })
	want := Settings{Endpoint: "http://a", LogsEndpoint: "http://b", Headers: "k=v", Certificate: "/ca.pem", Resource: "x=y"}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestSettingsFile(t *testing.T) {
	dir := t.TempDir()
	path := ConfigPath(dir)
	if s, err := ReadSettings(path); err != nil || !s.Empty() {
		t.Fatalf("no file: got %+v, %v; want empty settings", s, err)
	}
	want := Settings{Endpoint: "http://a:4318", Headers: "authorization=Bearer%20t"}
	if err := WriteSettings(path, want); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600: headers may hold tokens", fi.Mode().Perm())
	}
	if got, err := ReadSettings(path); err != nil || got != want {
		t.Errorf("read back %+v, %v; want %+v", got, err, want)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"endpoint":"http://a","endpoit":"x"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSettings(bad); err == nil || !strings.Contains(err.Error(), "unknown field") {
		t.Errorf("unknown key: err %v, want unknown field", err)
	}
}

func FuzzParsePairs(f *testing.F) {
	for _, s := range []string{"", "a=b", "a=b,c=d", "k=%20v%3D", ",,=,", "a==b", "%zz=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := parsePairs(s, "x")
		if err != nil {
			if m != nil {
				t.Fatal("a map with an error")
			}
			return
		}
		for k := range m {
			if k == "" {
				t.Fatal("an empty key")
			}
		}
		if strings.Count(s, ",")+1 < len(m) {
			t.Fatalf("%d pairs from %q", len(m), s)
		}
	})
}
