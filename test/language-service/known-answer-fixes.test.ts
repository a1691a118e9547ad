// A fix for every mistake whose message already knows the answer (issue 38): a colour without `#`, an anchor near an
// id, an unclosed MDX tag, an image without alt text (a snippet edit, the cursor in the quotes), the comma after a
// page typed before the next entry, legacy `analytics` merged into `integrations`, and "Configure rule" on every finding.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { CodeAction, Diagnostic, TextDocumentEdit } from 'vscode-languageserver-types';
import { mdxVerdict } from '../../server/src/checker/pages/mdx-parse';
import { OPEN_SETTINGS_COMMAND } from '../../server/src/protocol/client-commands';
import { REQUIRED_SETTINGS_TEXT as SETTINGS } from '../helpers/docs-repo';
import { FixSafetyReport, FixSafetySite } from '../helpers/fix-safety';
import { openSite, Site } from './helpers';

const titles = (actions: CodeAction[]) => actions.map((a) => `${a.isPreferred ? '* ' : ''}${a.title}`);

/** The fixes of the one finding of `code` in docs.json. */
function docsJsonFixes(site: Site, code: string, commands: string[] = []): { fixes: CodeAction[]; found: Diagnostic } {
  const found = site.check()['docs.json'].filter((d) => d.code === code);
  assert.equal(found.length, 1, `one ${code}: ${JSON.stringify(site.check()['docs.json'].map((d) => d.message))}`);
  return { fixes: site.service.codeActions(site.uri, found[0].range, found, { commands }) ?? [], found: found[0] };
}

test("a colour without '#': Add '#'", () => {
  const site = openSite('{ "theme": "mint", "name": "T", "colors": { "primary": "0B7D62" }, "navigation": { "pages": [] } }');
  const { fixes } = docsJsonFixes(site, 'invalid-value');
  assert.deepEqual(titles(fixes), ["* Add '#'"]);
  assert.equal(site.apply(fixes[0].edit!)['docs.json'], site.text.replace('"0B7D62"', '"#0B7D62"'));
});

test('a page completed before another entry: the comma it needs, for the first syntax error only', () => {
  const site = openSite(`{ "navigation": { "pages": ["intro"\n  "setup", "other" "api"] }${SETTINGS} }`, { files: ['intro.mdx', 'setup.mdx', 'other.mdx', 'api.mdx'] });
  const syntax = site.check()['docs.json'].filter((d) => d.code === 'json-syntax');
  assert.equal(syntax.length, 2);
  const [first, second] = syntax.map((d) => site.service.codeActions(site.uri, d.range, [d], {}) ?? []);
  assert.deepEqual(titles(first), ['* Add the missing comma']);
  assert.deepEqual(second, []);
  assert.equal(site.apply(first[0].edit!)['docs.json'], site.text.replace('"intro"\n', '"intro",\n'));
});

test('legacy `analytics` beside `integrations`: Merge, the entries integrations lacks kept (never a silent drop)', () => {
  const text = `{\n  "theme": "mint",\n  "name": "T",\n  "colors": { "primary": "#0B7D62" },\n  "navigation": { "pages": [] },\n  "integrations": {\n    "ga4": { "measurementId": "G-1" }\n  },\n  "analytics": {\n    "ga4": { "measurementId": "G-1" },\n    "posthog": { "apiKey": "phc_1" }\n  }\n}`;
  const site = openSite(text);
  const { fixes } = docsJsonFixes(site, 'legacy-key');
  assert.deepEqual(titles(fixes), ['* Merge "analytics" into "integrations" (adds "posthog")', 'Remove "analytics"']);
  const merged = site.apply(fixes[0].edit!)['docs.json'];
  assert.deepEqual(JSON.parse(merged).integrations, { ga4: { measurementId: 'G-1' }, posthog: { apiKey: 'phc_1' } });
  assert.equal(JSON.parse(merged).analytics, undefined);
  // Two values for one integration: the writer chooses, no merge is offered.
  const clash = openSite(text.replace('"G-1" },\n    "posthog"', '"G-2" },\n    "posthog"'));
  assert.deepEqual(titles(docsJsonFixes(clash, 'legacy-key').fixes), ['Remove "analytics"']);
});

test("Configure rule '…' on every finding, for a client that runs VS Code's openSettings; none for others", () => {
  const site = openSite(`{ "navigation": { "pages": ["nope"] }${SETTINGS} }`);
  const { fixes, found } = docsJsonFixes(site, 'missing-page', [OPEN_SETTINGS_COMMAND]);
  const configure = fixes.find((f) => f.command);
  assert.deepEqual(configure, { title: "Configure rule 'missing-page'…", kind: 'quickfix', diagnostics: [found], command: { title: "Configure rule 'missing-page'…", command: 'workbench.action.openSettings', arguments: ['docsJson.severity'] } });
  assert.ok(!docsJsonFixes(site, 'missing-page').fixes.some((f) => f.command));
});

/** A page site: `a.mdx` is `page`; its findings and their fixes as VS Code asks (snippet edits, openSettings). */
function pageSite(page: string, files: Record<string, string> = {}) {
  const site = openSite(`{ "navigation": { "pages": ["a", "b"] }${SETTINGS} }`, { files: { 'a.mdx': page, 'b.mdx': '# B\n\n## Chunking strategy\n\nText.\n', ...files }, service: { mdxParse: mdxVerdict } });
  const file = path.join(site.root, 'a.mdx');
  const uri = pathToFileURL(file).href;
  site.service.openDocument(uri, page);
  const findings = () => site.service.checkPages(site.project, [file]).byFile.get(file) ?? [];
  const fixesOf = (d: Diagnostic, snippetEdits = true) => site.service.codeActions(uri, d.range, [d], { snippetEdits, commands: [OPEN_SETTINGS_COMMAND] }) ?? [];
  const one = (code: string) => {
    const found = findings().filter((d) => d.code === code);
    assert.equal(found.length, 1, `one ${code}: ${JSON.stringify(findings().map((d) => d.message))}`);
    return found[0];
  };
  return { site, findings, fixesOf, one };
}

test("an anchor near an id of its page: Change to '#chunking-strategy'", () => {
  const { site, one, fixesOf } = pageSite('# A\n\nSee [chunking](/b#chunking-strategie).\n');
  const fixes = fixesOf(one('broken-anchor'));
  assert.deepEqual(titles(fixes), ["* Change to '#chunking-strategy'", "Configure rule 'broken-anchor'…"]);
  assert.equal(site.apply(fixes[0].edit!)['a.mdx'], '# A\n\nSee [chunking](/b#chunking-strategy).\n');
});

test('an unclosed MDX tag: closed where its block ends; a closing tag of another: the inner one closed before it', () => {
  const { site, one, fixesOf } = pageSite('# A\n\n<Note>\nKeep it short.\n\n## Next\n\nMore.\n');
  const fixes = fixesOf(one('mdx-syntax'));
  assert.deepEqual(titles(fixes), ["* Add '</Note>'", "Configure rule 'mdx-syntax'…"]);
  assert.equal(site.apply(fixes[0].edit!)['a.mdx'], '# A\n\n<Note>\nKeep it short.\n</Note>\n\n## Next\n\nMore.\n');

  const nested = pageSite('# A\n\n<Note>\n  <Tip>\n  Inside.\n</Note>\n');
  const inner = nested.fixesOf(nested.one('mdx-syntax'));
  assert.equal(inner[0].title, "Add '</Tip>'");
  assert.equal(nested.site.apply(inner[0].edit!)['a.mdx'], '# A\n\n<Note>\n  <Tip>\n  Inside.\n</Tip>\n</Note>\n');

  // `</Step>` written for `</Steps>`: adding `</Steps>` before it would not parse; changing it does.
  const steps = pageSite('# A\n\n<Steps>\n  <Step title="Merge">\n    Merge.\n  </Step>\n</Step>\n');
  const change = steps.fixesOf(steps.one('mdx-syntax'));
  assert.deepEqual(titles(change), ["* Change to '</Steps>'", "Configure rule 'mdx-syntax'…"]);
  assert.equal(steps.site.apply(change[0].edit!)['a.mdx'], '# A\n\n<Steps>\n  <Step title="Merge">\n    Merge.\n  </Step>\n</Steps>\n');
});

test('an image without alt text: alt="" inserted by a snippet edit with the cursor between the quotes; none without snippet edits', () => {
  const { one, fixesOf } = pageSite('# A\n\n<img src="/shot.png" />\n', { 'shot.png': '' });
  const finding = one('image-alt');
  const [fix] = fixesOf(finding);
  assert.equal(fix.title, 'Add alt=""');
  const [change] = fix.edit!.documentChanges as TextDocumentEdit[];
  assert.deepEqual(change.edits, [{ range: { start: { line: 2, character: 4 }, end: { line: 2, character: 4 } }, snippet: { kind: 'snippet', value: ' alt="$0"' } }]);
  assert.deepEqual(titles(fixesOf(finding, false)), ["Configure rule 'image-alt'…"]);
});

test('issue 45: a video without a name: aria-label (read by screen readers) and alt (read by `mint a11y`) with the same text', () => {
  const { one, fixesOf } = pageSite('# A\n\n<video src="/demo.mp4" controls />\n', { 'demo.mp4': '' });
  const finding = one('image-alt');
  assert.match(String(finding.message), /Add "aria-label="what it shows"" and "alt" with the same text: a screen reader reads the first, "mint a11y" only the second/);
  const [fix] = fixesOf(finding);
  assert.equal(fix.title, 'Add aria-label="" and alt=""');
  const [change] = fix.edit!.documentChanges as TextDocumentEdit[];
  assert.deepEqual(change.edits, [{ range: { start: { line: 2, character: 6 }, end: { line: 2, character: 6 } }, snippet: { kind: 'snippet', value: ' aria-label="$1" alt="$1"' } }]);
});

test('fix safety: each of these fixes, applied alone (the writer typing at a snippet\'s cursor), removes its finding and adds none', () => {
  const root = openSite(`{\n  "theme": "mint",\n  "name": "T",\n  "colors": { "primary": "0B7D62" },\n  "navigation": { "pages": ["a", "b", "c", "d"] },\n  "integrations": { "ga4": { "measurementId": "G-1" } },\n  "analytics": { "posthog": { "apiKey": "phc_1" } }\n}`, {
    files: {
      'a.mdx': '# A\n\nSee [chunking](/b#chunking-strategie).\n',
      'b.mdx': '# B\n\n## Chunking strategy\n\nText.\n',
      'c.mdx': '# C\n\n<Note>\nKeep it short.\n\n## Next\n\nMore.\n',
      'd.mdx': '# D\n\n<img src="/shot.png" />\n\n![](/shot.png)\n\n<video src="/shot.mp4" />\n',
      'shot.png': '',
      'shot.mp4': '',
    },
  }).root;
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  new FixSafetySite('known answers', root, undefined, true).run(report);
  const comma = fs.readFileSync(path.join(root, 'docs.json'), 'utf8').replace('"c", "d"', '"c" "d"');
  new FixSafetySite('missing comma', root, comma, true).run(report, Infinity, (_file, d) => d.code === 'json-syntax');
  assert.deepEqual(report.failures, []);
  assert.ok(report.fixes >= 7, `${report.fixes} fixes tried`);
});
