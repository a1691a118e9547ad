// Issue 48: renames and moves compose. A move undone, or a page moved twice, leaves the redirects a single move
// from the original place would leave; the rename never writes what its own checks flag. Issue 44: the rename
// edits grow linearly with the links and the files moved.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { TextEdit } from 'vscode-languageserver-types';
import { openSite, Site } from './helpers';

/** Moves a file or folder as an editor does: the rename's edits applied (both groups), then the move on disk. */
function move(site: Site, from: string, to: string): void {
  const edits = site.service.renameEdits([{ oldUri: site.uriOf(from), newUri: site.uriOf(to) }]);
  const changes: Record<string, TextEdit[]> = {};
  for (const group of [edits?.update ?? {}, edits?.redirects ?? {}]) for (const [uri, list] of Object.entries(group)) (changes[uri] ??= []).push(...list);
  for (const [relative, text] of Object.entries(site.apply({ changes }))) {
    if (relative === 'docs.json') site.change(text);
    else fs.writeFileSync(path.join(site.root, relative), text);
  }
  fs.mkdirSync(path.dirname(path.join(site.root, to)), { recursive: true });
  fs.renameSync(path.join(site.root, from), path.join(site.root, to));
  site.service.fileEvents([
    { uri: site.uriOf(from), type: 'deleted' },
    { uri: site.uriOf(to), type: 'created' },
  ]);
}

function redirectsOf(site: Site): unknown {
  return JSON.parse(site.text).redirects ?? [];
}

/** What the check finds in docs.json and in every page after the moves: the rename's own edits must pass it. */
function findings(site: Site): string[] {
  const found = Object.entries(site.check()).flatMap(([file, list]) => list.map((d) => `${file}: ${d.code} ${d.message}`));
  for (const [file, list] of site.service.checkPages(site.project).byFile) for (const d of list) found.push(`${path.relative(site.root, file)}: ${d.code} ${d.message}`);
  return found;
}

/** A docs.json the check passes, with `navigation` and `redirects` as given, laid out two spaces a level. */
function docs(pages: string[], redirects?: { source: string; destination: string }[]): string {
  return JSON.stringify({ theme: 'mint', name: 'Site', colors: { primary: '#166534' }, navigation: { pages }, ...(redirects ? { redirects } : {}) }, null, 2);
}

const DOCS = docs(['index', 'x']);
const FILES = { 'index.mdx': 'See [x](/x).\n', 'x.mdx': '# X\n' };

test('a move undone leaves no redirect (no /x → /x), and the check finds nothing in what the rename wrote', () => {
  const site = openSite(DOCS, { files: FILES });
  move(site, 'x.mdx', 'y.mdx');
  assert.deepEqual(redirectsOf(site), [{ source: '/x', destination: '/y' }]);
  move(site, 'y.mdx', 'x.mdx');
  assert.deepEqual(redirectsOf(site), []);
  assert.deepEqual(JSON.parse(site.text).navigation.pages, ['index', 'x']);
  assert.equal(fs.readFileSync(path.join(site.root, 'index.mdx'), 'utf8'), 'See [x](/x).\n');
  assert.deepEqual(findings(site), []);
});

test('a page moved twice leaves one redirect from its original place to its last (a → b → c: a → c)', () => {
  const site = openSite(DOCS, { files: FILES });
  move(site, 'x.mdx', 'b.mdx');
  move(site, 'b.mdx', 'guides/c.mdx');
  assert.deepEqual(redirectsOf(site), [{ source: '/x', destination: '/guides/c' }]);
  assert.deepEqual(findings(site), []);
  // And home again: nothing left.
  move(site, 'guides/c.mdx', 'x.mdx');
  assert.deepEqual(redirectsOf(site), []);
  assert.deepEqual(findings(site), []);
});

test('a folder moved and moved back leaves no wildcard redirect', () => {
  const site = openSite(docs(['index', 'a/one', 'a/two']), { files: { 'index.mdx': '[1](/a/one) [2](/a/two)\n', 'a/one.mdx': '# 1\n', 'a/two.mdx': '# 2\n' } });
  move(site, 'a', 'b');
  assert.deepEqual(redirectsOf(site), [{ source: '/a/:slug*', destination: '/b/:slug*' }]);
  move(site, 'b', 'a');
  assert.deepEqual(redirectsOf(site), []);
  assert.deepEqual(findings(site), []);
});

test('quiet twin: a redirect written before the session is not a move of this session; its destination follows, and the published URL keeps a redirect', () => {
  const committed = docs(['index', 'x'], [{ source: '/legacy', destination: '/x' }]);
  const site = openSite(committed, { files: FILES });
  move(site, 'x.mdx', 'y.mdx');
  assert.deepEqual(redirectsOf(site), [
    { source: '/legacy', destination: '/y' },
    { source: '/x', destination: '/y' },
  ]);
  assert.deepEqual(findings(site), []);
  // Back home: /legacy follows; the /x → /y this session added would point home to itself and goes; /y was only a
  // stop of this session's moves, so no redirect from it.
  move(site, 'y.mdx', 'x.mdx');
  assert.deepEqual(redirectsOf(site), [{ source: '/legacy', destination: '/x' }]);
  assert.deepEqual(findings(site), []);
});

test('a redirect that the move would send to its own source is removed even when no move of this session wrote it', () => {
  const committed = docs(['index', 'y'], [
    { source: '/x', destination: '/y' },
    { source: '/z', destination: '/y#top' },
    { source: '/w', destination: '/index' },
  ]);
  const site = openSite(committed, { files: { 'index.mdx': 'See [y](/y).\n', 'y.mdx': '# Y\n\n## Top\n' } });
  move(site, 'y.mdx', 'x.mdx');
  // /y was published (the redirects say so): it keeps a redirect to the page's place.
  assert.deepEqual(redirectsOf(site), [
    { source: '/z', destination: '/x#top' },
    { source: '/w', destination: '/index' },
    { source: '/y', destination: '/x' },
  ]);
  assert.deepEqual(findings(site), []);
});

test('issue 44: moving many files at once reads the pages\' links once, not once per file (operations counted for N and 2N)', () => {
  const operations = (n: number) => {
    const pages = Array.from({ length: n }, (_, i) => `f/p${i}`);
    const site = openSite(docs(['index', ...pages]), {
      files: { 'index.mdx': pages.map((p) => `See [p](/${p}) and [again](./${p}#top).\n`).join(''), ...Object.fromEntries(pages.map((p) => [`${p}.mdx`, '# P\n\n## Top\n'])) },
    });
    site.service.checkPages(site.project);
    const links = site.project.pageLinks;
    let count = 0;
    for (const name of ['check', 'linkersOf', 'linksOf', 'targets'] as const) {
      const original = links[name].bind(links) as (...args: unknown[]) => unknown;
      (links as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        count++;
        return original(...args);
      };
    }
    const edits = site.service.renameEdits(pages.map((p) => ({ oldUri: site.uriOf(`${p}.mdx`), newUri: site.uriOf(`g/${p.slice(2)}.mdx`) })));
    assert.equal(edits?.update[site.uriOf('index.mdx')]?.length, 2 * n, 'every link follows its page');
    return count;
  };
  const [small, large] = [operations(40), operations(80)];
  // Quadratic (a pass over every page's links per moved file) made this ×4 (1,000 files: 36 s; 2,000: 112 s).
  assert.ok(large / small < 2.5, `${small} → ${large} operations: ×${(large / small).toFixed(2)} for twice the files and links`);
});
