// Issue 46: the rule registry is the one list of rules: each rule's folder is its name, each code is declared once,
// RULES and the docs.json checks come from it, and the page rules' skip flags derive from their codes.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { ALL_RULES, RULES } from '../../server/src/checker';
import { PAGE_RULES, pageRulesOn } from '../../server/src/checker/rules/page-rules';
import { registryCodes, RULE_MODULES } from '../../server/src/checker/rules/registry';

const RULES_DIR = path.resolve(__dirname, '../../server/src/checker/rules');

test('registry: each rule is the folder it names, with rule.ts; every folder with a rule.ts is registered', () => {
  for (const rule of RULE_MODULES) assert.ok(fs.existsSync(path.join(RULES_DIR, rule.folder, 'rule.ts')), rule.folder);
  const folders = fs.readdirSync(RULES_DIR).filter((name) => fs.existsSync(path.join(RULES_DIR, name, 'rule.ts')));
  assert.deepEqual(folders.sort(), RULE_MODULES.map((rule) => rule.folder).sort());
});

test('registry: RULES is every code of the registry, in its order, each declared once; the docs.json checks are its checks', () => {
  assert.deepEqual(Object.entries(RULES), Object.entries(registryCodes()));
  assert.equal(ALL_RULES.length, RULE_MODULES.filter((rule) => rule.check).length);
  assert.deepEqual(ALL_RULES, RULE_MODULES.flatMap((rule) => (rule.check ? [rule.check] : [])));
});

test("page rules: a rule is skipped when all its codes are off (mdx-syntax's only by mdx-syntax; page links never)", () => {
  const folderOf = new Map(RULE_MODULES.flatMap((rule) => (rule.page ? [[rule.page, rule.folder] as const] : [])));
  const running = (off: string[]) => pageRulesOn((code) => off.includes(code)).map((rule) => folderOf.get(rule));
  const all = PAGE_RULES.map((rule) => folderOf.get(rule));
  assert.deepEqual(running([]), all);
  assert.deepEqual(running(['front-matter-syntax']), all, 'one of two codes off: still run');
  assert.ok(!running(['front-matter-syntax', 'front-matter-value']).includes('front-matter'));
  assert.ok(running(['mdx-not-checked', 'mdx-parse-limit']).includes('mdx-syntax'));
  assert.ok(!running(['mdx-syntax']).includes('mdx-syntax'));
  assert.ok(running(Object.keys(RULES)).includes('page-links'), 'page links are always checked');
  assert.deepEqual(running(['unknown-component', 'unknown-prop', 'invalid-prop-value', 'missing-prop']), all.filter((f) => f !== 'components'));
});
