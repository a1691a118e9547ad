// Quick fixes of front matter values (issue 26): the nearest documented value, `false` unquoted; applying one
// removes its finding and adds none.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { Diagnostic } from 'vscode-languageserver-types';
import { openSite } from './helpers';

const DOCS = '{ "navigation": { "pages": ["a"] } }';

/** A site whose page `a.mdx` is `page`, opened in the editor; its findings and the fixes of its front-matter-value ones. */
function pageSite(page: string) {
  const site = openSite(DOCS, { files: { 'a.mdx': page, 'b.mdx': '# B' } });
  const file = path.join(site.root, 'a.mdx');
  const uri = pathToFileURL(file).href;
  site.service.openDocument(uri, page);
  const findings = () => site.service.checkPages(site.project, [file]).byFile.get(file) ?? [];
  const fixesOf = (diagnostic: Diagnostic) => site.service.codeActions(uri, diagnostic.range, [diagnostic], { createFiles: true }) ?? [];
  return { site, file, uri, findings, fixesOf };
}

const shown = (d: Diagnostic) => `${d.range.start.line}:${d.code} ${d.message}`;

/** Applies the preferred fix of the first front-matter-value finding: the page's text after it, and what it found. */
function applyFix(page: string) {
  const { site, uri, findings, fixesOf } = pageSite(page);
  const before = findings();
  const target = before.find((d) => d.code === 'front-matter-value');
  assert.ok(target, `a front-matter-value finding in ${JSON.stringify(page)}`);
  const actions = fixesOf(target);
  const preferred = actions.filter((a) => a.isPreferred);
  assert.equal(preferred.length, 1, `one preferred fix: ${actions.map((a) => a.title).join('; ')}`);
  const text = site.apply(preferred[0].edit!)['a.mdx'];
  site.service.changeDocument(uri, text);
  const after = findings();
  // The fixed finding goes, and nothing new comes (the others are the same findings, on the same lines).
  assert.deepEqual(after.map(shown), before.filter((d) => d !== target).map(shown), `fixing ${JSON.stringify(page)}`);
  return { title: preferred[0].title, text, kind: preferred[0].kind };
}

test('a misspelt mode or iconType: "Change to" the nearest value, the value\'s quotes kept', () => {
  assert.deepEqual(applyFix('---\ntitle: A\nmode: wid\n---\n\nBody.\n'), { title: "Change to 'wide'", text: '---\ntitle: A\nmode: wide\n---\n\nBody.\n', kind: 'quickfix' });
  assert.equal(applyFix('---\nmode: "cetner"\n---\n').text, '---\nmode: "center"\n---\n');
  assert.equal(applyFix("---\niconType: 'soild'\n---\n").text, "---\niconType: 'solid'\n---\n");
  assert.equal(applyFix('---\r\niconType: duotne # its icon\r\ntitle: A\r\n---\r\n').text, '---\r\niconType: duotone # its icon\r\ntitle: A\r\n---\r\n');
});

test('a boolean written as the string "false": `false` without quotes', () => {
  const fixed = applyFix('---\ntitle: A\nhidden: "false"\n---\n');
  assert.deepEqual(fixed, { title: 'Write false without quotes (a boolean, not a string)', text: '---\ntitle: A\nhidden: false\n---\n', kind: 'quickfix' });
  assert.equal(applyFix("---\nnoindex: 'false'\n---\n").text, '---\nnoindex: false\n---\n');
});

test('the other findings of the page stay as they were when one value is fixed', () => {
  const page = '---\nmode: wid\nhidden: "false"\ntitle: [1, 2]\n---\n\n[gone](/nowhere)\n';
  const first = applyFix(page);
  assert.equal(first.text, page.replace('mode: wid', 'mode: wide'));
  assert.equal(applyFix(first.text).text, first.text.replace('"false"', 'false'));
});

test('no fix without a near value, for a value of another type, or for a diagnostic the server did not find', () => {
  for (const page of ['---\nmode: zzzzzzzzzz\n---\n', '---\nmode: [wide]\n---\n', '---\nhidden: "no"\n---\n', '---\ntitle: [1]\n---\n']) {
    const { findings, fixesOf } = pageSite(page);
    const found = findings().filter((d) => d.code === 'front-matter-value');
    assert.equal(found.length, 1, page);
    assert.deepEqual(fixesOf(found[0]).filter((a) => a.title.startsWith('Change') || a.title.startsWith('Write')), [], page);
  }
  // A finding the client made up, on a value that is fine: nothing, whatever its data says.
  const { fixesOf } = pageSite('---\nmode: wide\n---\n');
  const forged: Diagnostic = { range: { start: { line: 1, character: 6 }, end: { line: 1, character: 10 } }, code: 'front-matter-value', message: 'x', data: { suggestion: 'center' } };
  assert.deepEqual(fixesOf(forged), []);
});
