// One slip, one error (issue 38): while docs.json does not parse, its syntax error and the findings before it are
// shown, not the guesses of the recovered tree (entries cut short, pages "not in the navigation"); `"groups": [`
// written for `"pages": [` is one finding on the key, with its rename.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REQUIRED_SETTINGS_TEXT as SETTINGS } from '../helpers/docs-repo';
import { FixSafetyReport, FixSafetySite } from '../helpers/fix-safety';
import { openSite } from './helpers';

const FILES = ['intro.mdx', 'setup.mdx', 'other.mdx', 'api.mdx', 'orphan.mdx'];

const SITE = `{${SETTINGS.slice(1)},
  "navigation": {
    "tabs": [
      { "tab": "Guides", "groups": [
        { "group": "Start", "pages": ["intro", "setup"] },
        { "group": "More", "pages": ["other", "missing"] }
      ] },
      { "tab": "API", "pages": ["api"] }
    ]
  }
}`;

/** `code line` of each finding of docs.json (0-based lines). */
function findings(site: ReturnType<typeof openSite>): string[] {
  return (site.check()['docs.json'] ?? []).map((d) => `${d.code} ${d.range.start.line}`);
}

test('a missing comma: the syntax error and the findings before it; nothing on the entries cut short after it, no orphans', () => {
  const site = openSite(SITE, { files: FILES });
  assert.deepEqual(findings(site), ['missing-page 5']);
  assert.deepEqual([...site.service.orphanHints(site.project).keys()].map((f) => site.relativeOf(site.service.uriOf(f))), ['orphan.mdx']);

  site.change(SITE.replace('"pages": ["other", "missing"] }', '"pages": ["other", "missing" }'));
  const broken = findings(site);
  assert.ok(broken.length >= 1 && broken.every((f) => f === 'missing-page 5' || f.startsWith('json-syntax')), broken.join(', '));
  assert.equal(broken[0], 'missing-page 5', 'what stands before the error stays');
  assert.equal(site.service.orphanHints(site.project).size, 0, 'no page is "not in the navigation" while the file does not parse');

  // A colon left out: the tab recovered without its label needs no "tab".
  site.change(SITE.replace('"tab": "API"', '"tab" "API"'));
  assert.ok(findings(site).every((f) => f === 'missing-page 5' || f.startsWith('json-syntax')), findings(site).join(', '));
});

test('a trailing comma loses nothing of the tree: the findings after it and the orphans stay', () => {
  const site = openSite(SITE.replace('"pages": ["api"] }', '"pages": ["api", "gone"], }'), { files: FILES });
  assert.deepEqual(findings(site), ['missing-page 5', 'missing-page 7', 'json-syntax 7']);
  assert.equal(site.service.orphanHints(site.project).size, 1);
});

test('`"groups": [` written for `"pages": [`: one error on the key, renamed by its fix', () => {
  const text = SITE.replace('{ "group": "Start", "pages": ["intro", "setup"] }', '{ "group": "Start", "groups": [\n          "intro",\n          "setup"\n        ] }');
  const site = openSite(text, { files: FILES });
  const found = site.check()['docs.json'].filter((d) => d.code !== 'missing-page');
  assert.deepEqual(found.map((d) => [d.code, d.message]), [['invalid-type', '"groups" lists page paths: a list of pages is "pages" ("groups" holds group objects)']]);
  assert.deepEqual(found[0].range, site.rangeOf('"groups"', 2));
  const fixes = site.service.codeActions(site.uri, found[0].range, found, { createFiles: false }) ?? [];
  assert.deepEqual(fixes.map((f) => [f.title, f.isPreferred]), [['Rename to "pages"', true]]);
  assert.equal(site.apply(fixes[0].edit!)['docs.json'], text.replace('"Start", "groups": [', '"Start", "pages": ['));
});

test('a `groups` list that holds a group object, or sits beside `pages`, is not renamed', () => {
  const beside = openSite(`{ "navigation": { "groups": [{ "group": "A", "pages": ["intro"], "groups": ["setup"] }] }${SETTINGS} }`, { files: FILES });
  assert.ok(!beside.check()['docs.json'].some((d) => String(d.message).includes('lists page paths')));
  const mixed = openSite(`{ "navigation": { "groups": [{ "group": "A", "groups": ["setup", { "group": "B", "pages": ["intro"] }] }] }${SETTINGS} }`, { files: FILES });
  assert.ok(!mixed.check()['docs.json'].some((d) => String(d.message).includes('lists page paths')));
});

test('fix safety: the rename removes its finding and adds none', () => {
  const text = SITE.replace('"group": "Start", "pages"', '"group": "Start", "groups"');
  const site = openSite(text, { files: FILES });
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  new FixSafetySite('groups for pages', site.root, text, true).run(report, Infinity, (_file, d) => d.code === 'invalid-type');
  assert.equal(report.fixes, 1);
  assert.deepEqual(report.failures, []);
});
