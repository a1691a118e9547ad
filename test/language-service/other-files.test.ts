// The Docs view's "Other files" row: every error and warning the language service publishes for a folder is
// counted by exactly one top row, whatever the settings make of the orphan finding and wherever docs.json errs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import type { NavigationTreeNode } from '../../server/src/language';
import { REQUIRED_SETTINGS_TEXT as SETTINGS } from '../helpers/docs-repo';
import { openSite, Site } from './helpers';

/** What the server publishes for the folder: the check, every page's findings and the orphan findings. */
function published(site: Site): { errors: number; warnings: number } {
  const total = { errors: 0, warnings: 0 };
  const count = (lists: Iterable<Diagnostic[]>) => {
    for (const list of lists) {
      for (const d of list) {
        if (d.severity === DiagnosticSeverity.Error) total.errors++;
        else if (d.severity === DiagnosticSeverity.Warning) total.warnings++;
      }
    }
  };
  count(site.service.check(site.project).byFile.values());
  count(site.service.checkPages(site.project).byFile.values());
  count(site.service.orphanHints(site.project).values());
  return total;
}

/** The top rows, their sum and the rows of Other files, once the folder is checked and every page with it. */
function rows(site: Site): { top: [string, number, number][]; sum: { errors: number; warnings: number }; others: string[]; published: { errors: number; warnings: number } } {
  const total = published(site);
  const tree = site.service.navigationTree(site.project);
  const sum = { errors: 0, warnings: 0 };
  for (const n of tree) {
    sum.errors += n.errors;
    sum.warnings += n.warnings;
  }
  const others = tree.find((n: NavigationTreeNode) => n.kind === 'others');
  return { top: tree.map((n) => [n.label, n.errors, n.warnings]), sum, published: total, others: others?.children.map((n) => `${n.label} ${n.errors}/${n.warnings}`) ?? [] };
}

const FILES = { 'intro.mdx': '', 'lost.mdx': '[z](/nowhere)\n', 'snippets/note.mdx': '[y](/missing)\n' };

test("docs.json's own findings outside the navigation's rows (a missing key, two patterns on the navigation's root) are under Other files", () => {
  const site = openSite('{ "navigation": { "pages": ["intro"], "tabs": [] } }', { files: FILES });
  const shown = rows(site);
  assert.deepEqual(shown.top.slice(0, 2), [['intro', 0, 0], ['Not in navigation', 1, 0]]);
  assert.equal(shown.top[2][0], 'Other files');
  // theme, name and colors missing; "pages" beside "tabs" on the root, which has no row.
  assert.deepEqual(shown.others, ['docs.json 4/0', 'snippets/note.mdx 1/0']);
  assert.deepEqual(shown.sum, shown.published);
});

test('an orphan finding raised to a warning counts on its row; turned off, the orphans\' findings are other files\'', () => {
  const docsJson = `{ "navigation": { "pages": ["intro"] }${SETTINGS} }`;
  const raised = openSite(docsJson, { files: FILES, settings: { severity: { 'docsJson.orphan': 'warning' } } });
  const shown = rows(raised);
  assert.deepEqual(shown.top, [['intro', 0, 0], ['Not in navigation', 1, 1], ['Other files', 1, 0]]);
  assert.deepEqual(shown.others, ['snippets/note.mdx 1/0']);
  assert.deepEqual(shown.sum, shown.published);

  const off = openSite(docsJson, { files: FILES, settings: { severity: { 'docsJson.orphan': 'off' } } });
  const withoutOrphans = rows(off);
  assert.deepEqual(withoutOrphans.others, ['lost.mdx 1/0', 'snippets/note.mdx 1/0']);
  assert.deepEqual(withoutOrphans.sum, withoutOrphans.published);
});

test('a clean folder has no Other files row', () => {
  const site = openSite(`{ "navigation": { "pages": ["intro"] }${SETTINGS} }`, { files: { 'intro.mdx': '', 'snippets/note.mdx': '[y](/intro)\n' } });
  assert.deepEqual(rows(site).top, [['intro', 0, 0]]);
});
