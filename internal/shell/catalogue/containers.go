package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Container engines, as data: the options that give a container the host
// (its command then runs as root on the host, where guard cannot tell
// what it reaches), and the compose files a compose command reads.

// ContainerHostFlags are options of docker, podman and nerdctl run,
// create and exec that take no value and give the container the host.
const ContainerHostFlags word.Set = " --privileged "

// ContainerHostValues are options whose value may give the container the
// host, each with the values that do ("*" for any value): --pid=host,
// --cap-add=SYS_ADMIN, --device=/dev/sda.
var ContainerHostValues = []struct {
	Names  word.Set
	Values word.Set
}{
	{Names: " --pid --userns --uts --cgroupns ", Values: " host "},
	{Names: " --cap-add ", Values: " ALL SYS_ADMIN CAP_SYS_ADMIN SYS_MODULE CAP_SYS_MODULE SYS_RAWIO CAP_SYS_RAWIO " +
		"DAC_READ_SEARCH CAP_DAC_READ_SEARCH SYS_PTRACE CAP_SYS_PTRACE SYS_BOOT BPF CAP_BPF all sys_admin "},
	{Names: " --security-opt ", Values: " * "},
	{Names: " --device ", Values: " * "},
}

// HostGivingValue reports whether option opt with value v gives a
// container the host: --pid=host, --cap-add=SYS_ADMIN, a --device that is
// not a known harmless one, a --security-opt that turns a confinement off.
func HostGivingValue(opt, v string) bool {
	for _, o := range ContainerHostValues {
		if !o.Names.Has(opt) {
			continue
		}
		switch opt {
		case "--security-opt":
			return strings.Contains(v, "unconfined") || strings.Contains(v, "disable") || strings.HasPrefix(v, "systempaths")
		case "--device":
			return !HarmlessDevice(v)
		}
		return o.Values.Has(v) || o.Values.Has(strings.ToUpper(v))
	}
	return false
}

// harmlessDevices are device nodes a container may be given that reach
// no host file: FUSE, TUN, KVM, GPUs, sound, serial ports.
var harmlessDevices = [...]string{"/dev/fuse", "/dev/net/tun", "/dev/kvm", "/dev/dri", "/dev/snd", "/dev/nvidia", "/dev/ttyUSB", "/dev/ttyACM", "/dev/video"}

// HarmlessDevice reports whether a --device value (SRC[:DST[:PERM]])
// names a device of harmlessDevices.
func HarmlessDevice(v string) bool {
	src, _, _ := strings.Cut(v, ":")
	for _, d := range harmlessDevices {
		if src == d || strings.HasPrefix(src, d) {
			return true
		}
	}
	return false
}

// HostGivingMount reports whether a bind mount's host directory gives the
// container the host: the root, /proc, /dev, /sys, the /run directories
// and an engine's socket (docker.sock, podman.sock, containerd.sock).
func HostGivingMount(src string) bool {
	s := strings.TrimRight(src, "/")
	switch {
	case s == "" || s == "/proc" || s == "/dev" || s == "/sys" || s == "/run" || s == "/var/run" || s == "/var/lib/docker":
		return true
	case strings.HasSuffix(s, ".sock"):
		return true
	case strings.HasPrefix(s, "/proc/") || strings.HasPrefix(s, "/dev/") || strings.HasPrefix(s, "/sys/"):
		return true
	}
	return false
}

// ComposeFiles are the files docker compose reads when it is given none
// (-f, COMPOSE_FILE), the first that exists, and the override files it
// reads beside it.
var ComposeFiles = [...]string{"compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml"}

// ComposeOverrides are read beside the file ComposeFiles found.
var ComposeOverrides = [...]string{"compose.override.yaml", "compose.override.yml", "docker-compose.override.yaml", "docker-compose.override.yml"}

// ComposeRuns are the compose subcommands that start a service's
// containers with the file's settings.
const ComposeRuns word.Set = " up run create start restart watch "

// ComposeWithArg are compose's own options that take the next word:
// docker compose v2's (with its hidden, deprecated --workdir, an alias of
// --project-directory), docker-compose v1's connection options (-H,
// --context, -c, --log-level, --tls*) and podman-compose's that take a
// value and name no program it runs (--in-pod, --pod-args).
const ComposeWithArg word.Set = " -f --file -p --project-name --project-directory --workdir --env-file --profile --parallel --progress --ansi " +
	"-H --host -c --context --log-level --tlscacert --tlscert --tlskey --in-pod --pod-args "

// ComposeFlags are compose's own options before its subcommand that take
// no value (docker compose v2's hidden --no-ansi, --verbose, -v; v1's and
// podman-compose's). Another option there is cannot-tell: it may take
// the next word (--workdir), so the subcommand is not known, or name what
// runs (podman-compose --podman-path, --podman-run-args).
const ComposeFlags word.Set = " --compatibility --all-resources --dry-run --no-ansi --verbose --version -v --help -h " +
	"--tls --tlsverify --skip-hostname-check --no-cleanup --no-normalize "

// ComposeVolumeKeys are the keys of a compose file whose value is a host
// directory a container gets (a long-syntax volume's source, a local
// volume's device); a value SRC:DST anywhere is a short-syntax volume.
const ComposeVolumeKeys word.Set = " source src device "

// ComposeReadKeys are the keys whose value names a host file compose reads
// or hands a container (an env_file, a secret's or a config's file, an
// included or extended compose file: read as a compose file too, whatever
// its name, as one ending in .yml or .yaml anywhere).
const ComposeReadKeys word.Set = " file env_file label_file path include extends dockerfile "

// composeHostKeys are the keys of a compose service that give a container
// the host, each with the docker option it stands for ("" for a switch
// whose true gives it: privileged, and a Kubernetes pod's hostPID).
var composeHostKeys = [...]struct{ key, option string }{
	{"privileged", ""}, {"hostPID", ""}, {"hostIPC", ""}, {"pid", "--pid"}, {"userns_mode", "--userns"},
	{"cgroup", "--cgroupns"}, {"devices", "--device"}, {"cap_add", "--cap-add"}, {"security_opt", "--security-opt"},
}

// ComposeHostGiving reports whether a compose file's key with value v
// gives a service's container the host (privileged: true, pid: host,
// cap_add: [SYS_ADMIN], devices: [/dev/sda]).
func ComposeHostGiving(key, v string) bool {
	for _, k := range composeHostKeys {
		if k.key != key {
			continue
		}
		if k.option == "" {
			return v == "true" || v == "True" || v == "TRUE" || v == "yes"
		}
		return HostGivingValue(k.option, v)
	}
	return false
}

// ComposeKeys are the keys of a compose service and of its build:
// mapping: one ends the NAME: DIR entries of a build's
// additional_contexts (a context named so is read as over).
const ComposeKeys word.Set = " build context dockerfile dockerfile_inline args ssh secrets cache_from cache_to " +
	"extra_hosts isolation labels network shm_size target tags platforms privileged pull no_cache ulimits " +
	"entitlements provenance sbom additional_contexts annotations attach blkio_config cap_add cap_drop cgroup " +
	"cgroup_parent command configs container_name cpu_count cpu_percent cpu_period cpu_quota cpu_rt_period " +
	"cpu_rt_runtime cpu_shares cpus cpuset credential_spec depends_on deploy develop device_cgroup_rules devices " +
	"dns dns_opt dns_search domainname entrypoint env_file environment expose extends external_links gpus " +
	"group_add healthcheck hostname image init ipc label_file links logging mac_address mem_limit " +
	"mem_reservation mem_swappiness memswap_limit network_mode networks oom_kill_disable oom_score_adj pid " +
	"pids_limit platform ports post_start pre_stop profiles pull_policy read_only restart runtime scale " +
	"security_opt stdin_open stop_grace_period stop_signal storage_opt sysctls tmpfs tty use_api_socket user " +
	"userns_mode uts volumes volumes_from working_dir services include name version "

// EngineGlobals are, per container engine, the global options it reads
// before its subcommand (docker -D compose up, --context X, -H HOST) that
// guard knows to leave what the subcommand does as it checks it: the long
// and short ones that take a value, and those that take none. Another
// (docker --config DIR, whose cli-plugins hold the compose and buildx
// that run; podman --hooks-dir, --conmon, --runtime, --module; nerdctl
// --data-root…) is cannot-tell. A remote host or context is read as this
// machine: compose reads the project's files here whatever daemon runs
// the containers, and a bind mount may be this machine's.
var EngineGlobals = [...]struct {
	Engine                 string
	WithArg, Flags         word.Set
	ShortWithArg, ShortOff string
}{
	{Engine: "docker", WithArg: " --context --host --log-level --tlscacert --tlscert --tlskey ",
		Flags: " --debug --tls --tlsverify --help --version ", ShortWithArg: "cHl", ShortOff: "Dhv"},
	{Engine: "podman", WithArg: " --connection --url --identity --log-level ",
		Flags: " --remote --noout --syslog --trace --help --version ", ShortWithArg: "c", ShortOff: "rhv"},
	{Engine: "nerdctl", WithArg: " --address --host --namespace --snapshotter --storage-driver ",
		Flags: " --debug --debug-full --insecure-registry --experimental --help --version ", ShortWithArg: "aHn", ShortOff: "hv"},
}

// EngineOf returns the container engine program name runs as: podman's
// remote client (podman-remote), Lima's shims (nerdctl.lima, docker.lima,
// podman.lima) and AWS's finch (nerdctl's CLI) are read as podman, docker
// and nerdctl; another name is itself.
func EngineOf(name string) string {
	switch name {
	case "podman-remote", "podman-remote-static", "podman.lima":
		return "podman"
	case "finch", "nerdctl.lima":
		return "nerdctl"
	case "docker.lima":
		return "docker"
	}
	return name
}
