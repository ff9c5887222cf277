package hook

import "testing"

// TestTypeCheckBeforeRunner: tsc --noEmit writes no file a test runner
// loads, so a type check before vitest is no code changer; tsc that emits
// still is (FINDINGS56c FP-M8).
func TestTypeCheckBeforeRunner(t *testing.T) {
	files := map[string]string{
		"package.json":     `{"name":"x","scripts":{"test":"vitest run"},"devDependencies":{"vitest":"^1.0.0","typescript":"^5.0.0"}}`,
		"tsconfig.json":    `{"compilerOptions":{"strict":true}}`,
		"src/a.ts":         "export const a = 1\n",
		"src/a.test.ts":    "import { a } from './a'\nimport { test, expect } from 'vitest'\ntest('a', () => expect(a).toBe(1))\n",
		"vitest.config.ts": "export default {}\n",
	}
	runPrograms(t, files, []programCase{
		{"npx tsc --noEmit && npx vitest run", false},
		{"tsc --noEmit -p tsconfig.json && npx vitest run", false},
		{"npx tsc && npx vitest run", true},
		{"npx tsc --noEmit false && npx vitest run", true},
		{"npx tsc -b --noEmit && npx vitest run", true},
	})
}

// TestScriptRunnerBeforeRunner: npm run X (and npm test) does nothing but
// run package.json's scripts, which guard walks: it changes the code a
// later runner loads only when one of its lines does (a program guard does
// not know, tsc that emits), or when a line was not walked whole (FINDINGS56c FP-M8).
func TestScriptRunnerBeforeRunner(t *testing.T) {
	files := map[string]string{
		"package.json": `{"name":"x","scripts":{"test":"vitest run","typecheck":"tsc --noEmit","emit":"tsc",` +
			`"gen":"codegen-tool src","ci":"npm run typecheck && npm test","gen2":"npm run typecheck && npm run gen",` +
			`"install-deps":"npm install","odd":"echo ok; ("}}`,
		"tsconfig.json":    `{"compilerOptions":{"strict":true}}`,
		"src/a.ts":         "export const a = 1\n",
		"src/a.test.ts":    "import { a } from './a'\nimport { test, expect } from 'vitest'\ntest('a', () => expect(a).toBe(1))\n",
		"vitest.config.ts": "export default {}\n",
	}
	runPrograms(t, files, []programCase{
		{"npm run typecheck && npm test", false},
		{"npm run typecheck && npx vitest run", false},
		{"npm run ci && npx vitest run", false},
		{"npm run emit && npm test", true},
		{"npm run gen && npm test", true},
		{"npm run gen2 && npm test", true},
		{"npm run install-deps && npm test", true},
		{"npm install && npm test", true},
		{"npm run odd && npm test", true},
		{"npm run typecheck && npm run gen && npm test", true},
	})
}
