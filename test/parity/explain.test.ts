// The parity harness's classes of known difference (scripts/parity/explain.ts): each explains its own case and no
// neighbour that is a real miss of ours.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classify, Difference } from '../../scripts/parity/explain';

const miss = (what: string, platform: string, platformKinds: string[], ourKinds: string[]): Difference => ({ section: 'imports', kind: 'miss', file: 'p1.mdx', what, platform, ours: 'nothing', platformKinds, ourKinds });

test('a renamed import the platform fails on after another page renamed the shared snippet: explained', () => {
  const d = miss("import { Beta as B0 } from '/snippets/named.jsx';", 'import-resolution-error: Error resolving import "Beta" in /p1.mdx: Could not find export Beta in snippet', ['export'], []);
  assert.equal(classify(d)?.id, 'renamed-import-mutates-the-snippet');
});

test('quiet twin: a missing export imported without renaming, or a miss beside it, stays unexplained', () => {
  const plain = miss("import { Nope } from '/snippets/named.jsx';", 'import-resolution-error: Error resolving import "Nope" in /p1.mdx: Could not find export Nope in snippet', ['export'], []);
  assert.equal(classify(plain), undefined);
  const other = miss("import { Beta as B0 } from '/snippets/named.jsx'; import Y from '/snippets/esm.mdx';", 'import-resolution-error: … Could not find export Beta in snippet | default-import-no-default-export: …', ['default', 'export'], []);
  assert.equal(classify(other), undefined, 'a default-import warning we miss too is not this class');
});

test('export-collision on a page with two default imports: explained; on one default import: not', () => {
  const two = miss("import Y0 from './snippets/default.jsx'; import X2, { Zeta } from '/snippets/both.tsx';", 'export-collision: "default" is declared twice with different definitions; the first one is kept.', ['export', 'export-collision'], ['export']);
  assert.equal(classify(two)?.id, 'two-default-exports-collide');
  const one = miss("import Y0 from './snippets/default.jsx'; import { Zeta } from '/snippets/both.tsx';", 'export-collision: "default" is declared twice', ['export-collision'], []);
  assert.equal(classify(one), undefined);
  const extra: Difference = { ...two, ourKinds: ['export', 'unresolved'] };
  assert.equal(classify(extra), undefined, 'not when we also flag what the platform does not');
});

const config = (kind: 'miss' | 'extra', ourCodes: string[], folderCodes: string[] = [], section: Difference['section'] = 'config mutations'): Difference => ({ section, kind, file: 'site', what: 'a mutation', platform: kind === 'miss' ? '#.logo: Must be a path to your logo file including the file extension' : 'takes it', ours: 'ours', ourCodes, folderCodes });

test('configs: a navigation element holding pages and groups, flagged by us as SPEC rule 11 says, taken by the validator: explained', () => {
  assert.equal(classify(config('extra', ['mixed-children'], [], 'corpus configs'))?.id, 'spec-one-child-type');
  assert.equal(classify(config('extra', ['mixed-children', 'mixed-children']))?.id, 'spec-one-child-type');
});

test('quiet twin: an extra error of ours beside mixed-children, or mixed-children on a page case, stays unexplained', () => {
  assert.equal(classify(config('extra', ['mixed-children', 'invalid-value'])), undefined);
  assert.equal(classify(config('extra', [])), undefined);
  assert.equal(classify({ ...config('extra', ['mixed-children']), section: 'page mutations' }), undefined);
});

test('configs: a value the validator refuses that only a rule reading the folder flags (missing-file): explained', () => {
  assert.equal(classify(config('miss', [], ['missing-file']))?.id, 'a-folder-rule-catches-it');
});

test('quiet twin: a miss no rule of ours flags, or an extra of a folder rule, stays unexplained', () => {
  assert.equal(classify(config('miss', [], [])), undefined, 'a real miss');
  assert.equal(classify(config('extra', [], ['missing-file'])), undefined);
  assert.equal(classify({ ...config('miss', [], ['missing-file']), section: 'imports' }), undefined);
});
