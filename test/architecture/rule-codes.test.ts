// Issue 46: a rule is one module, found by its code. No file outside a rule's folder (server/src/checker/rules/<name>/)
// names a rule's code, but the registry and the generated lists; the few others that must are listed here with why,
// and the list can only shrink (an allowance no longer needed fails too).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { RULES } from '../../server/src/checker/diagnostics';
import { tempDir } from '../helpers/temp-dir';
import { REPO, sourceFiles } from './import-graph';

const FOLDERS = ['server/src', 'cli/src', 'client/src'];
/** Files that may name codes: a rule's own folder, the registry and what is generated from it. */
const RULE_FOLDER = /^server\/src\/checker\/rules\/[^/]+\//;
const GENERATED = ['server/src/checker/rules/registry.ts', 'server/src/checker/rules/generated/rule-codes.ts'];
const ALLOWED: Record<string, string> = {};

/**
 * The names a CLI file gives its options (`--language-code` in its usage text): a string equal to one of them is the
 * option's name there (`parseArgs`' key), not a code, though two options share a code's name.
 */
function optionNames(file: string, text: string): Set<string> {
  return file.startsWith('cli/src/') ? new Set([...text.matchAll(/--([a-z][a-z-]+)/g)].map((m) => m[1])) : new Set();
}

/** The text without its comments (a comment may name a code: it explains, it does not decide). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function namingFiles(root = REPO): Map<string, string[]> {
  const codes = new Set(Object.keys(RULES));
  const found = new Map<string, string[]>();
  for (const folder of FOLDERS) {
    for (const file of sourceFiles(join(root, folder))) {
      const name = relative(root, file).split('\\').join('/');
      if (RULE_FOLDER.test(name) || GENERATED.includes(name)) continue;
      const text = readFileSync(file, 'utf8');
      const options = optionNames(name, text);
      const named = [...withoutComments(text).matchAll(/(['"`])([a-z][a-z-]+)\1/g)].map((m) => m[2]).filter((s) => codes.has(s) && !options.has(s));
      if (named.length) found.set(name, [...new Set(named)]);
    }
  }
  return found;
}

test("rule codes: no file outside a rule's folder names one, but the registry, the generated lists and the allowed", () => {
  const found = namingFiles();
  const wrong = [...found].filter(([file]) => !(file in ALLOWED)).map(([file, codes]) => `${file}: ${codes.join(', ')}`);
  assert.deepEqual(wrong, [], 'name the code in its rule folder and reach it through the registry');
  const stale = Object.keys(ALLOWED).filter((file) => !found.has(file));
  assert.deepEqual(stale, [], 'these no longer name a code: take them off ALLOWED');
});

test('rule codes: the scan is real (a code in a string is seen, one in a comment is not)', () => {
  const sample = "const a = 'broken-link'; // 'image-alt'\n/* \"mdx-syntax\" */ const b = \"redirect-loop\";";
  const named = [...withoutComments(sample).matchAll(/(['"`])([a-z][a-z-]+)\1/g)].map((m) => m[2]);
  assert.deepEqual(named, ['broken-link', 'redirect-loop']);
  // A made-up tree: a code named outside a rule folder is seen; in a rule folder or the registry it is not.
  const root = tempDir('rule-codes-');
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('server/src/project/x.ts', "export const a = 'broken-link'; // 'image-alt'\n");
  write('server/src/checker/rules/page-links/rule.ts', "export const b = 'broken-link';\n");
  write('server/src/checker/rules/registry.ts', "export const c = 'image-alt';\n");
  write('cli/src/y.ts', 'export const d = 1;\n');
  write('client/src/z.ts', 'export const e = "mdx-syntax";\n');
  assert.deepEqual([...namingFiles(root)], [['server/src/project/x.ts', ['broken-link']], ['client/src/z.ts', ['mdx-syntax']]]);
  assert.deepEqual([...optionNames('cli/src/x.ts', "  --base-path PATH  the path\n'base-path': { type: 'string' }")], ['base-path']);
  assert.equal(optionNames('server/src/x.ts', '--base-path').size, 0, 'only a CLI file has options');
});
