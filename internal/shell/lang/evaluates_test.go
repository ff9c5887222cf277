package lang

import "testing"

// TestEvaluates: calls that run as code something other than a literal
// evaluate; literals, blocks and lookalike methods do not.
func TestEvaluates(t *testing.T) {
	tests := []struct {
		f    Family
		code string
		want bool
	}{
		{Python, `import sys; exec(sys.stdin.read())`, true},
		{Python, `exec(input())`, true},
		{Python, `import builtins; getattr(builtins, "exec")(x)`, true},
		{Python, `builtins.exec(x)`, true},
		{Python, `import importlib.machinery as m; m.SourceFileLoader("x", "a.txt").load_module()`, true},
		{Python, `s = u.spec_from_file_location("x", "a.txt")`, true},
		{Python, `loader.exec_module(mod)`, true},
		{Python, `exec(compile(src, "f", "exec"))`, true},
		{Python, `exec("print(1)")`, false},
		{Python, `import re; re.compile(p)`, false},
		{Python, `model.eval()`, false},
		{Python, `ast.literal_eval(s)`, false},
		{Python, `print("eval")`, false},
		{Python, `import json; json.load(sys.stdin)`, false},
		{Perl, "eval `cat y.txt`", true},
		{Perl, `eval join "", <STDIN>`, true},
		{Perl, `eval $code;`, true},
		{Perl, `eval;`, true},
		{Perl, `eval { die 1 }; print 2`, false},
		{Perl, `eval 'print 1'`, false},
		{Perl, `$eval = 1`, false},
		{Ruby, `eval(STDIN.read)`, true},
		{Ruby, `obj.instance_eval(src)`, true},
		{Ruby, `obj.instance_eval { x }`, false},
		{Ruby, `send(:eval, s)`, true},
		{PHP, `eval(file_get_contents("php://stdin"));`, true},
		{PHP, `eval("echo 1;");`, false},
		{Node, `eval(code)`, true},
		{Node, `new vm.Script(src).runInThisContext()`, true},
		{Lua, `load(s)()`, false},
		// another language's token rule (perl's ->eval)
		// does not hide an evaluation
		{Node, `process.stdin.on("data",d=>eval(String(d)))`, true},
		{Node, `[process.argv[1]].forEach(s=>eval(s))`, true},
		{Node, `const f=d=>eval(""+d); f(x)`, true},
		{Node, `a&&eval(x)`, true},
		{Node, `1%eval(x)`, true},
		{Node, `global.eval(x)`, true},
		{Node, `global["eval"](x)`, true},
		{Node, `model.eval(x)`, false},
		{Node, `$eval(x)`, false},
		{Perl, `my %h = (a => eval $x)`, true},
		{Perl, `print "a".eval $x`, true},
		{Perl, `$ok && eval $x`, true},
		{Perl, `$ok&&eval($x)`, true},
		{Perl, `eval do { local $/; <STDIN> }`, true},
		{Perl, `$o->eval($x)`, false},
		{Perl, `&eval($x)`, false},
		{PHP, `@eval($_GET["c"]);`, true},
		{PHP, `$a = [1 => eval($x)];`, true},
		{PHP, `echo "a".eval($x);`, true},
		{PHP, `$o->eval($x);`, false},
		{PHP, `$o?->eval($x);`, false},
		{Python, `x %eval(s)`, true},
		{Python, `x @exec(s)`, true},
		{Ruby, `obj.instance_eval do x end`, false},
		// the evaluator without its name in call position
		{Python, `import sys; e=exec; e(sys.stdin.read())`, true},
		{Python, `import sys, builtins as b; b.exec(sys.stdin.read())`, true},
		{Python, `import sys; getattr(__builtins__, "ex"+"ec")(sys.stdin.read())`, true},
		{Python, `import builtins; getattr(builtins, "ex"+"ec")(x)`, true},
		{Python, `import sys; (lambda f: f(sys.stdin.read()))(exec)`, true},
		{Python, `__import__("builtins").exec(x)`, true},
		{Python, `import sys; list(map(exec, sys.stdin))`, true},
		{Python, `exec "print 1"`, false},
		{Python, `import torch; m.eval(); print(x.compile)`, false},
		{Node, `const fs=require("fs"); [].constructor.constructor(fs.readFileSync(0,"utf8"))()`, true},
		{Node, `new (Object.getPrototypeOf(async function(){}).constructor)(s)()`, true},
		{Node, `const e = eval; e(s)`, true},
		{Node, `console.log(JSON.parse(s).evaluate)`, false},
		// consoles, debuggers and perl's /ee
		{Python, `import code; code.interact()`, true},
		{Python, `import pdb; pdb.Pdb().cmdloop()`, true},
		{Python, `breakpoint()`, true},
		{Node, `require("repl").start()`, true},
		{Perl, `s/(.*)/$1/ee`, true},
		{Perl, `s{(.*)}{$1}ee`, true},
		{Perl, `s/(.*)/$1/e; print "yes"`, false},
		{Perl, `print "/see/"`, false},
	}
	for _, tc := range tests {
		if got := Evaluates(tc.f, tc.code); got != tc.want {
			t.Errorf("Evaluates(%d, %q) = %v, want %v", tc.f, tc.code, got, tc.want)
		}
	}
}

// FuzzEvaluates: Evaluates never panics on any code.
func FuzzEvaluates(f *testing.F) {
	f.Add(uint8(Python), "exec(sys.stdin.read())")
	f.Add(uint8(Perl), "eval `cat x`")
	f.Add(uint8(Ruby), "instance_eval")
	f.Fuzz(func(t *testing.T, fam uint8, code string) {
		Evaluates(Family(fam%8), code)
	})
}
