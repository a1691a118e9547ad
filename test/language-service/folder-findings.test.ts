// The one owner of a folder's findings (language/findings/folder-findings.ts): the phases of a check, each told as
// one "findings changed" event, as the language server publishes them, the CLI awaits them and the tests read them.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { mdxVerdict } from '../../server/src/checker/pages/mdx-parse';
import { FindingsChanged } from '../../server/src/language';
import { FindingsSteps, FolderFindings } from '../../server/src/language/findings/folder-findings';
import type { DocsProject } from '../../server/src/project/docs-project';
import { openSite } from './helpers';

const DOCS = '{ "navigation": { "pages": ["a", "b", "gone"] } }';
const PAGES = { 'a.mdx': '# A\n\n[bad](/nowhere)', 'b.mdx': '# B\n\n[fine](/a)' };

function site() {
  const s = openSite(DOCS, { files: PAGES });
  const told: FindingsChanged[] = [];
  s.service.folderFindings.onChanged((change) => told.push(change));
  const codes = (byFile: Map<string, { code?: unknown }[]>) =>
    [...byFile].flatMap(([file, list]) => list.map((d) => `${path.relative(s.root, file)} ${String(d.code)}`)).sort();
  return { site: s, service: s.service, project: s.project, uriOf: s.uriOf, folders: s.service.folderFindings, told, codes, page: (name: string) => path.join(s.root, name) };
}

test('folder findings: docs.json, the orphans and every page are told as one event per part; a pass that would change nothing tells nothing', () => {
  const s = site();
  const { findings } = s.folders.checkDocsJson(s.project);
  assert.deepEqual(s.told.map((c) => c.part), ['docs-json']);
  assert.deepEqual(s.told[0].always, [s.project.docsJsonPath]);
  assert.deepEqual(s.codes(s.told[0].byFile), s.codes(s.service.check(s.project).byFile));
  assert.equal(findings, [...s.told[0].byFile.values()].flat().length);
  assert.ok(findings > 0, 'the missing page is a finding');
  s.folders.checkOrphans(s.project);
  s.folders.checkAllPages(s.project);
  assert.deepEqual(s.told.map((c) => c.part), ['docs-json', 'orphans', 'pages']);
  assert.deepEqual(s.codes(s.told[2].byFile), ['a.mdx broken-link']);
  assert.equal(s.told[2].countsChanged, true);
  assert.equal(s.told[2].files, undefined);
  // Nothing changed since: no second pass, nothing told.
  s.folders.checkAllPages(s.project);
  assert.equal(s.told.length, 3);
});

test('folder findings: a typed page is checked from its new text and told for its file only', () => {
  const s = site();
  s.folders.checkDocsJson(s.project);
  s.folders.checkAllPages(s.project);
  s.service.changeDocument(s.uriOf('a.mdx'), '# A\n\n[fixed](/b)');
  s.folders.checkPage(s.project, s.page('a.mdx'));
  const last = s.told.at(-1)!;
  assert.equal(last.part, 'pages');
  assert.deepEqual(last.files, [s.page('a.mdx')]);
  assert.deepEqual(s.codes(last.byFile), []);
  assert.equal(last.countsChanged, true);
});

test('folder findings: a keystroke in a page scans it once, even when a request read it before the pause in typing (issue 46)', () => {
  const s = site();
  s.folders.checkDocsJson(s.project);
  s.folders.checkAllPages(s.project);
  const broken = s.told.at(-1)!.byFile.get(s.page('a.mdx'))!;
  // keptVersion is `drops.scans`: the page's kept state dropped, and a page scanned and kept.
  const counts = () => s.project.pageLinks.keptVersion.split('.').map(Number);
  const [dropsBefore, scansBefore] = counts();
  s.service.changeDocument(s.uriOf('a.mdx'), '# A\n\n[bad](/nowher)');
  // Before the pause in typing, VS Code asks for the code actions at the cursor: the fix reads the page's findings.
  s.service.codeActions(s.uriOf('a.mdx'), broken[0].range, broken);
  assert.equal(s.project.pageLinks.isChecked('a.mdx'), true);
  s.folders.checkPage(s.project, s.page('a.mdx'));
  const [drops, scans] = counts();
  // Measured: 2 drops and 2 scans when checkPage read the page again (rescan), 1 and 1 without.
  assert.deepEqual({ drops: drops - dropsBefore, scans: scans - scansBefore }, { drops: 1, scans: 1 });
  assert.deepEqual(s.codes(s.told.at(-1)!.byFile), ['a.mdx broken-link']);
});

test('folder findings: `settled` runs the check to its end and answers what `now` reads: docs.json\'s findings, then the pages\'', async () => {
  const s = openSite(DOCS, { files: { ...PAGES, 'c.mdx': '<div>\n\nunclosed' }, service: { mdxParse: mdxVerdict } });
  const told: string[] = [];
  s.service.folderFindings.onChanged((change) => told.push(change.part));
  const settled = await s.service.folderFindings.settled(s.project);
  assert.deepEqual(told, ['docs-json', 'pages']);
  const now = s.service.folderFindings.now(s.project);
  assert.deepEqual([...settled.keys()], [...now.keys()]);
  assert.deepEqual(settled, now);
  const codes = [...now].flatMap(([file, list]) => list.map((d) => `${path.relative(s.root, file)} ${String(d.code)}`));
  assert.ok(codes.includes('a.mdx broken-link'), codes.join('\n'));
  assert.ok(codes.includes('c.mdx mdx-syntax'), codes.join('\n'));
  // docs.json's findings come first, as the CLI lists them.
  assert.equal([...now.keys()][0], s.project.docsJsonPath);
});

test('folder findings: with MDX in a worker, `settled`\'s first pass only queues the parses: nothing of it is made into published findings (issue 52)', async () => {
  const calls: string[] = [];
  const none = () => new Map();
  const project = { docsJsonPath: '/site/docs.json' } as unknown as DocsProject;
  const steps: FindingsSteps = {
    check: () => ({ byFile: none() }),
    orphanHints: none,
    checkPages: () => (calls.push('checkPages'), { byFile: none() }),
    checkPagesUnpublished: () => void calls.push('checkPagesUnpublished'),
    checkPageSlice: () => ({ byFile: none() }),
    takeDroppedPages: () => [],
    filesVersion: () => 0,
    pageFindingsStamp: () => '',
    mdxSettled: async () => (calls.push('mdxSettled'), true),
    specsValidated: async () => false,
  };
  await new FolderFindings(steps, { isCurrent: () => true, mdxInWorker: true }).settled(project);
  assert.deepEqual(calls, ['checkPagesUnpublished', 'mdxSettled', 'checkPages']);
  // Without a worker the verdicts are there at once: one pass, published.
  calls.length = 0;
  await new FolderFindings(steps, { isCurrent: () => true, mdxInWorker: false }).settled(project);
  assert.deepEqual(calls, ['checkPages']);
});
