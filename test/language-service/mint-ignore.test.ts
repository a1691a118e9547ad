// `.mintignore` and the paths the platform always leaves out: no pages, no link targets, no findings inside, not
// offered in completion, no orphans; a change of `.mintignore` on disk is followed at once.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { MAX_IGNORE_PATTERNS, MintIgnore } from '../../server/src/checker/workspace/mint-ignore';
import { openSite, Site } from './helpers';

/** The cases: placeholder links in an ignored `tools/` folder, and notes under `.mintlify/`. */
const FILES = {
  '.mintignore': '# drafts and tooling\ntools/\n',
  'index.mdx': '[tool](/tools/run) [note](/.mintlify/AGENTS) [ok](/guide)',
  'guide.mdx': '# Guide',
  'tools/run.mdx': '[placeholder](/TODO) [other](/FIXME)',
  'tools/stray.mdx': '',
  '.mintlify/AGENTS.md': '[a](/nowhere) [b](/neither)',
  'notes/README.md': '[c](/nowhere-either)',
  'stray.mdx': '',
};

function problems(site: Site): string[] {
  return [...site.service.checkPages(site.project).byFile].flatMap(([file, ds]) => ds.map((d) => `${site.relativeOf(pathToFileURL(file).href)} ${/"([^"]*)"/.exec(String(d.message))?.[1]}`)).sort();
}

function orphans(site: Site): string[] {
  site.check();
  return [...site.service.orphanHints(site.project).keys()].map((file) => site.relativeOf(pathToFileURL(file).href)).sort();
}

function completedPages(site: Site): string[] {
  const list = site.service.complete(site.project, site.uri, site.position);
  return (list?.items ?? []).map((item) => item.label).sort();
}

test('.mintignore: ignored files are no link targets, their links are not checked, nor offered, nor orphans', () => {
  const site = openSite('{ "navigation": { "pages": ["index", "guide", "|"] } }', { files: FILES, settings: { severity: { 'docsJson.orphan': 'info' } } });
  assert.deepEqual(problems(site), ['index.mdx /.mintlify/AGENTS', 'index.mdx /tools/run']);
  assert.deepEqual(completedPages(site), ['', 'guide', 'stray'], 'no page of tools/');
  assert.deepEqual(orphans(site), ['stray.mdx']);
});

test('.mintignore: a link into an ignored folder is not fixed by creating the page (the file there is no page; the fix wrote into it)', () => {
  const site = openSite('{ "navigation": { "pages": ["index", "guide"] } }', { files: FILES });
  const page = path.join(site.root, 'index.mdx');
  const diagnostics = site.service.checkPages(site.project, [page]).byFile.get(page)!;
  const tool = diagnostics.find((d) => String(d.message).includes('/tools/run'))!;
  const titles = (site.service.codeActions(pathToFileURL(page).href, tool.range, [tool], { createFiles: true }) ?? []).map((a) => a.title);
  assert.ok(!titles.some((title) => title.startsWith('Create page file')), titles.join(', '));
});

test('.mintignore written, changed and removed on disk: the folder is checked again from the new patterns', () => {
  const files = { ...FILES, '.mintignore': 'nothing-here/\n' };
  const site = openSite('{ "navigation": { "pages": ["index", "guide"] } }', { files });
  const ignoreFile = path.join(site.root, '.mintignore');
  const event = (type: 'created' | 'changed' | 'deleted') => site.service.fileEvents([{ uri: pathToFileURL(ignoreFile).href, type }]);
  assert.equal(problems(site).filter((p) => p.startsWith('tools/run.mdx')).length, 2);

  fs.writeFileSync(ignoreFile, 'tools/\n');
  const affected = event('changed');
  assert.deepEqual(affected.check, [site.project], 'the folder is checked again');
  assert.deepEqual(problems(site).filter((p) => p.startsWith('tools/')), []);
  assert.ok(problems(site).includes('index.mdx /tools/run'));

  fs.rmSync(ignoreFile);
  assert.deepEqual(event('deleted').check, [site.project]);
  assert.equal(problems(site).filter((p) => p.startsWith('tools/run.mdx')).length, 2, 'tools/ is a folder of the site again');
  assert.ok(!problems(site).some((p) => p === 'index.mdx /tools/run'));

  fs.writeFileSync(ignoreFile, 'tools/run.mdx\n');
  assert.deepEqual(event('created').check, [site.project]);
  assert.deepEqual(problems(site).filter((p) => p.startsWith('tools/')), []);
});

test('the platform leaves out .mintlify/, .github/, .vscode/ and README/LICENSE/CONTRIBUTING/CHANGELOG .md files without a .mintignore', () => {
  const site = openSite('{ "navigation": { "pages": ["index"] } }', {
    files: {
      'index.mdx': '[a](/.mintlify/x) [b](/README) [c](/sub/license) [d](/.github/x) [e](/.hidden/x) [f](/AGENTS) [g](/snippets/s) [h](/sub/.mintlify/x) [i](/README2)',
      '.mintlify/x.mdx': '[z](/n1)',
      'README.md': '[z](/n2)',
      'sub/license.md': '[z](/n3)',
      '.github/x.md': '[z](/n4)',
      '.hidden/x.mdx': '[z](/n5)',
      'AGENTS.md': '[z](/n6)',
      'snippets/s.mdx': '[z](/n7)',
      'sub/.mintlify/x.mdx': '[z](/n8)',
      'README2.mdx': '',
    },
  });
  // As `mint broken-links` 4.0.1552 reports the same folder (README, "Links inside pages").
  assert.deepEqual(
    problems(site),
    ['.hidden/x.mdx /n5', 'AGENTS.md /n6', 'index.mdx /.github/x', 'index.mdx /.mintlify/x', 'index.mdx /README', 'index.mdx /sub/license', 'snippets/s.mdx /n7', 'sub/.mintlify/x.mdx /n8'],
  );
});

test('.mintignore: gitignore semantics (negation, globs, case aside); only the first 500 patterns are read', () => {
  const ignore = new MintIgnore('drafts/\n*.tmp.mdx\n!drafts/keep.mdx\n# a comment\nTools/\n');
  assert.deepEqual(
    ['drafts/a.mdx', 'x/y.tmp.mdx', 'tools/run.mdx', 'guide.mdx', 'docs.json', '.mintignore'].map((file) => ignore.ignores(file)),
    [true, true, true, false, false, false],
  );
  const many = new MintIgnore([...Array.from({ length: MAX_IGNORE_PATTERNS }, (_, i) => `f${i}/`), 'late/'].join('\n'));
  assert.equal(many.ignores(`f${MAX_IGNORE_PATTERNS - 1}/a.mdx`), true);
  assert.equal(many.ignores('late/a.mdx'), false);
});
