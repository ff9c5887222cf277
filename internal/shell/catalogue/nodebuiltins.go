package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// NodeBuiltins are node's built-in modules: require("fs") loads node's
// own, never a node_modules package of that name (fs/promises: the
// first part).
const NodeBuiltins word.Set = " assert async_hooks buffer child_process cluster console constants crypto dgram diagnostics_channel " +
	"dns domain events fs http http2 https inspector module net os path perf_hooks process punycode querystring readline " +
	"repl stream string_decoder sys timers tls trace_events tty url util v8 vm wasi worker_threads zlib "
