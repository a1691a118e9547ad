// Issue 52: a pass over every page reads each file once. A linked page was read for its ids, for its operation and
// again for its own check; a snippet imported by many pages was read (and scanned for its exports) by each.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { DocsWorkspace, readTextFromDisk } from '../../server/src/checker';
import { PageLinks } from '../../server/src/project/page-links';
import { makeDocsRepo } from '../helpers/docs-repo';

const PAGES = ['a', 'b', 'c', 'd', 'e'];

function site(): string {
  const files: Record<string, unknown> = { 'docs.json': { navigation: { pages: PAGES } }, 'snippets/banner.jsx': 'export const Banner = () => null;\n' };
  for (const page of PAGES) {
    const links = PAGES.filter((other) => other !== page).map((other) => `[${other}](/${other}#heading-${other}) [gone](/${other}#nowhere)`);
    files[`${page}.mdx`] = `import { Banner, Banerr } from '/snippets/banner.jsx';\n\n## Heading ${page}\n\n<Banner />\n\n${links.join('\n')}\n[self](#heading-${page})\n`;
  }
  return makeDocsRepo(files);
}

function countingWorkspace(root: string): { workspace: DocsWorkspace; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const workspace = new DocsWorkspace(root, undefined, (absolute) => {
    const relative = path.relative(root, absolute).split(path.sep).join('/');
    reads.set(relative, (reads.get(relative) ?? 0) + 1);
    return readTextFromDisk(absolute);
  });
  return { workspace, reads };
}

function codes(found: Map<string, { code?: unknown }[]>): string[] {
  return [...found].flatMap(([page, diagnostics]) => diagnostics.map((d) => `${page} ${String(d.code)}`)).sort();
}

test('checkAll reads each page and the snippet they all import once, with the same findings as page by page', () => {
  const root = site();
  const { workspace, reads } = countingWorkspace(root);
  const found = new PageLinks(workspace).checkAll(undefined);
  for (const page of PAGES) assert.equal(reads.get(`${page}.mdx`), 1, `${page}.mdx read once`);
  assert.equal(reads.get('snippets/banner.jsx'), 1, 'the snippet read once for its exports');
  // Page by page (no pass): the same findings, each page's anchors and the snippet's exports read as needed.
  const one = new PageLinks(new DocsWorkspace(root));
  const byPage = new Map(PAGES.map((page) => [`${page}.mdx`, one.check(`${page}.mdx`, undefined)]));
  assert.deepEqual(codes(found), codes(byPage));
  assert.equal(codes(found).filter((line) => line.endsWith('broken-anchor')).length, PAGES.length * (PAGES.length - 1));
  assert.equal(codes(found).filter((line) => line.endsWith('snippet-missing-export')).length, PAGES.length);
});

test('after a pass, a page changed on disk is read again, once, and so are the pages its anchors dropped (the pass keeps no text)', () => {
  const root = site();
  const { workspace, reads } = countingWorkspace(root);
  const links = new PageLinks(workspace);
  links.checkAll(undefined);
  links.pageChanged('b.mdx', true);
  links.checkAll(undefined);
  // Every page links to b's anchors: each is checked again, and read once more.
  for (const page of PAGES) assert.equal(reads.get(`${page}.mdx`), 2, `${page}.mdx`);
  assert.equal(reads.get('snippets/banner.jsx'), 1, 'the snippet did not change: its exports are kept');
});
