import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { REPO, sourceFiles } from './import-graph';

// esbuild turns `import * as fs from 'node:fs'` (and a default import) into a copy of every export of the module,
// one per importing file: 29 copies of node:fs and node:path took 4 ms of each CLI start. `import fs =
// require('node:fs')` and named imports are plain requires.
test('bundled code imports node built-ins by require or by name, never as a namespace or a default', () => {
  const wrong: string[] = [];
  for (const folder of ['server/src', 'cli/src', 'api/src']) {
    for (const file of sourceFiles(join(REPO, folder))) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (/^import\s+(\*\s+as\s+\w+|\w+)\s*(,\s*\{[^}]*\})?\s+from\s+'node:/.test(line)) wrong.push(`${relative(REPO, file)}: ${line}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});
