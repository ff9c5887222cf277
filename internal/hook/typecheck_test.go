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
