#!/usr/bin/env python3
"""Whole-process time of a hook call whose Bash command is a 200-line script (issue 20's figure:
<= 25 ms), for two guard binaries interleaved, as $SHELL bash and zsh; prints the medians.

Usage: python3 scripts/benchscript200.py OLD_GUARD NEW_GUARD [-n 30]
"""
import json, os, statistics, subprocess, sys, tempfile, time

LINES = ["git status --short", "go test ./... -run TestParse", "grep -rn TODO src/", "sed -i 's/a/b/' src/x.go",
         "cp config.example.yaml config.yaml", "docker build -t app .", "npm run build", "ls -la build",
         "cat README.md | head -20", "find src -name '*.go' | xargs wc -l", "x=$(date +%s); echo $x >> build.log",
         "if [ -f go.mod ]; then go mod tidy; fi", 'for f in src/*.go; do gofmt -l "$f"; done',
         "curl -s https://api.github.com/repos/golang/go | jq .name", "tar czf out.tgz dist/", "make -C build",
         "python3 -m pytest -q", "echo done"]


def main():
    args = sys.argv[1:]
    n = 30
    if "-n" in args:
        i = args.index("-n")
        n = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    tmp = tempfile.mkdtemp(prefix="guard-script200-")
    proj = os.path.join(tmp, "proj")
    os.makedirs(proj)
    cmd = "\n".join(LINES[i % len(LINES)] for i in range(200))
    payload = json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Bash",
                          "tool_input": {"command": cmd}, "cwd": proj}).encode()
    env = dict(os.environ, HOME=os.path.join(tmp, "home"), GUARD_HOME=os.path.join(tmp, "g"),
               AGENT_A_HOOK_EVENT="PreToolUse")
    for shell in ["/bin/bash", "/bin/zsh"]:
        env["SHELL"] = shell
        times = {b: [] for b in args}
        for _ in range(n):
            for b in args:
                t = time.perf_counter()
                p = subprocess.run([b], input=payload, capture_output=True, env=env)
                times[b].append(time.perf_counter() - t)
                if p.returncode != 0:
                    print(f"{b}: exit {p.returncode}: {p.stderr[:200]!r}")
        print(shell, "  ".join(f"{b}: {1000 * statistics.median(v):.1f} ms" for b, v in times.items()))


if __name__ == "__main__":
    main()
