package shell

// What a container reaches of the host. A container given the host
// (--privileged, --pid=host, --cap-add=SYS_ADMIN, a mount of / or of the
// engine's socket: catalogue.HostGiving*) runs its command as root on the
// host, where what it reaches is not what its words name: hidden. A
// command a container runs with bind mounts is analysed with its paths
// mapped to the host's through them (effect.ContainerView): docker run -v
// $PWD:/w alpine sh -c 'echo x > /w/.git/hooks/pre-commit' writes the
// project's hook. A compose file is the -v list in another spelling: its
// volumes, files and host-giving keys are read (compose.go).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// containerRun checks the options of a container c starts (args[from:
// image]) and walks the command it runs (args[image+1:]) through its bind
// mounts.
func (c *cmd) containerRun(from, image int) {
	if from > image || image > len(c.args) {
		return
	}
	opts := c.args[from:image]
	if why, ok := containerHost(opts); ok {
		c.w.hide("runs a container given the host (%s): its command runs as root on the host, where guard cannot tell what it reaches", why)
		return
	}
	if image+1 >= len(c.args) && containerEntrypoint(opts) == "" {
		// The image's own command: not known. With another
		// container's volumes, whose mounts guard cannot see, it may
		// read whatever host files they hold, as a -v of them would.
		for j := 0; j < len(opts); j++ {
			name, val, next := containerOpt(opts, j)
			if name == "--volumes-from" {
				c.w.hide("runs the image's own command with the volumes of container %s, whose mounts guard cannot see: it cannot tell whether they hold protected host files the command reads", word.Render(val))
				return
			}
			j = next
		}
		return
	}
	mounts, workdir := containerMounts(opts)
	if from > 0 && c.args[from-1].Text == "exec" {
		mounts = append(mounts, unseenMount(c.args[image].Text)) // docker exec C CMD
	}
	for j := 0; j < len(opts); j++ {
		name, val, next := containerOpt(opts, j)
		if name == "--volumes-from" {
			mounts = append(mounts, unseenMount(val))
		}
		j = next
	}
	if len(mounts) == 0 {
		return
	}
	words := c.args[image+1:]
	if ep := containerEntrypoint(opts); ep != "" {
		words = append([]word.Word{{Text: ep, Known: true}}, words...) // --entrypoint sh IMAGE -c …
	}
	if env := containerEnv(opts); len(env) > 0 {
		// -e NAME=VALUE: the command's environment (env NAME=VALUE CMD)
		words = append(append([]word.Word{{Text: "env", Known: true}}, env...), words...)
	}
	leave := c.w.EnterContainer(&effect.ContainerView{Mounts: mounts, Workdir: workdir})
	c.w.scoped(func() { c.extra = append(c.extra, c.inner(words).lines()...) })
	leave()
}

// unseenMount is what a container guard did not start shares with the
// host (docker exec C, --volumes-from C): guard cannot see its mounts, so
// any directory of it may be a host directory guard cannot place
// (effect.Mount.Unseen): a path whose tail a protected glob ends with
// (/x/.env, /root/.ssh/id_rsa, /app/.aws/credentials, *.pem) is read or
// written as cat $X/.ssh/id_rsa is, a block that says guard cannot tell
// what it names; a tail no glob names (/etc/nginx/nginx.conf) is not.
func unseenMount(name string) effect.Mount {
	return effect.Mount{Src: word.Mark(word.MarkName, "container:"+strings.ReplaceAll(name, "/", "_")), Dst: "/", Unseen: true}
}

// inUnseenContainer runs fn with the walker inside container name, one
// guard did not start (docker cp C:SRC, kubectl exec POD): its root an
// unseenMount.
func (c *cmd) inUnseenContainer(name string, fn func()) {
	leave := c.w.EnterContainer(&effect.ContainerView{Mounts: []effect.Mount{unseenMount(name)}})
	fn()
	leave()
}

// containerOpt splits a container option word at j into its name and
// value as the engines' option reader (cobra's pflag) does (pflagOpt);
// next is the index of the last word used.
func containerOpt(args []word.Word, j int) (name, val string, next int) {
	return pflagOpt(args, j, containerWithArg)
}

// containerHost returns the option of opts that gives the container the
// host, if any.
func containerHost(opts []word.Word) (string, bool) {
	for j := 0; j < len(opts); j++ {
		name, val, next := containerOpt(opts, j)
		j = next
		switch {
		case catalogue.ContainerHostFlags.Has(name):
			return name, true
		case catalogue.HostGivingValue(name, val):
			return name + " " + val, true
		case name == "-v" || name == "--volume" || name == "--mount":
			if src := volumeSource(name, val); src != "" && catalogue.HostGivingMount(src) {
				return "a mount of " + src, true
			}
		}
	}
	return "", false
}

// containerMounts returns the bind mounts of opts (-v SRC:DST[:ro],
// --mount type=bind,src=SRC,dst=DST[,readonly]) and the -w directory.
func containerMounts(opts []word.Word) ([]effect.Mount, string) {
	var out []effect.Mount
	workdir := ""
	for j := 0; j < len(opts); j++ {
		name, val, next := containerOpt(opts, j)
		j = next
		switch name {
		case "-w", "--workdir":
			workdir = val
		case "-v", "--volume", "--mount":
			if m, ok := bindMount(name, val); ok {
				out = append(out, m)
			}
		}
	}
	return out, workdir
}

// bindMount parses a -v or --mount value into a bind mount; false for a
// named volume or a value without a destination.
func bindMount(opt, v string) (effect.Mount, bool) {
	src := volumeSource(opt, v)
	if src == "" {
		return effect.Mount{}, false
	}
	m := effect.Mount{Src: src}
	if opt == "--mount" {
		for _, f := range strings.Split(v, ",") {
			k, val, _ := strings.Cut(f, "=")
			switch k {
			case "destination", "dst", "target":
				m.Dst = val
			case "readonly", "ro":
				m.ReadOnly = val == "" || val == "true" || val == "1"
			}
		}
	} else {
		rest := strings.TrimPrefix(v, src)
		rest = strings.TrimPrefix(rest, ":")
		dst, mode, _ := strings.Cut(rest, ":")
		m.Dst = dst
		for _, o := range strings.Split(mode, ",") {
			m.ReadOnly = m.ReadOnly || o == "ro"
		}
	}
	return m, strings.HasPrefix(m.Dst, "/")
}

// containerEnv returns the NAME=VALUE words of opts' -e and --env.
func containerEnv(opts []word.Word) []word.Word {
	var out []word.Word
	for j := 0; j < len(opts); j++ {
		name, val, next := containerOpt(opts, j)
		if (name == "-e" || name == "--env") && strings.Contains(val, "=") && len(out) < 64 {
			out = append(out, word.Word{Text: val, Known: opts[next].Known})
		}
		j = next
	}
	return out
}

// containerEntrypoint returns the --entrypoint of opts, or "".
func containerEntrypoint(opts []word.Word) string {
	ep := ""
	for j := 0; j < len(opts); j++ {
		name, val, next := containerOpt(opts, j)
		if name == "--entrypoint" {
			ep = val
		}
		j = next
	}
	return ep
}
