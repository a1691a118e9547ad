// A YAML alias in one page's front matter (issue 34: a 30-byte `a: &a [*a]` threw out of the page pass; the CLI
// exited 2 with no findings and the server lost every page finding of the folder). The platform's js-yaml reads such
// a page: so do we, aliases bounded; and any step of a page's check that throws costs that page only.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';
import * as jsYaml from 'js-yaml';
import { DocsWorkspace } from '../../server/src/checker';
import { readFrontMatterEntries } from '../../server/src/checker/pages/front-matter';
import { PageLinks } from '../../server/src/project/page-links';
import { makeDocsRepo } from '../helpers/docs-repo';

const REPO = path.resolve(__dirname, '../..');
const page = (front: string, body = '# Body') => `---\n${front}\n---\n\n${body}\n`;
const LAUGHS = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`)].join('\n');

test('front matter with aliases: read as the platform reads it, a self-referring or exploding value as no value', () => {
  for (const front of ['a: &a [*a]', LAUGHS, 'title: "t\n  u"\nk: &k [*k]']) assert.doesNotThrow(() => jsYaml.safeLoad(front), 'the platform reads it');
  assert.deepEqual(readFrontMatterEntries(page('a: &a [*a]'))?.entries.map((e) => [e.key, e.value]), [['a', null]]);
  const laughs = readFrontMatterEntries(page(LAUGHS))!;
  assert.equal(laughs.error, undefined);
  assert.equal(laughs.entries.length, 9);
  assert.equal(laughs.entries[8].value, null, 'past 100 aliases: no value');
  assert.deepEqual(readFrontMatterEntries(page('title: &t Hello\nsidebarTitle: *t'))?.entries.map((e) => e.value), ['Hello', 'Hello']);
  // Through js-yaml (a quoted value over lines, which `yaml` refuses): a list holding itself is no value either.
  assert.deepEqual(readFrontMatterEntries(page('title: "t\n  u"\nk: &k [*k]'))?.entries.map((e) => [e.key, e.value]), [['title', 't u'], ['k', null]]);
});

test('check: a page with an alias bomb costs nothing; the folder keeps its findings (CLI exit 1, not 2)', () => {
  const root = makeDocsRepo({
    'docs.json': { navigation: { pages: ['index', 'bomb', 'loop'] } },
    'index.mdx': page('title: Home', '[gone](/nowhere)'),
    'bomb.mdx': page(LAUGHS, '[also gone](/missing)'),
    'loop.mdx': page('title: Loop\na: &a [*a]', 'fine'),
  });
  const result = spawnSync(process.execPath, [path.join(REPO, 'bin/docs-json.js'), 'check', root, '--format', 'json'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, DOCS_JSON_CODE_CACHE: 'off' }, timeout: 120_000 });
  assert.equal(result.status, 1, result.stderr);
  const found = JSON.parse(result.stdout).diagnostics.map((d: { file: string; code: string }) => `${path.basename(d.file)} ${d.code}`);
  assert.deepEqual(found.sort(), ['bomb.mdx broken-link', 'index.mdx broken-link']);
});

test("a step of a page's check that throws costs that page only: a finding on it, the other pages' findings kept", (t) => {
  const root = makeDocsRepo({
    'docs.json': { navigation: { pages: ['index', 'bad'] } },
    'index.mdx': '[gone](/nowhere)\n',
    'bad.mdx': '[gone](/nowhere)\n',
  });
  const prototype = PageLinks.prototype as unknown as { checkNow: (relative: string, ...rest: unknown[]) => unknown };
  const checkNow = prototype.checkNow;
  t.mock.method(prototype, 'checkNow', function (this: unknown, relative: string, ...rest: unknown[]) {
    if (relative === 'bad.mdx') throw new RangeError('Maximum call stack size exceeded');
    return checkNow.call(this, relative, ...rest);
  });
  const links = new PageLinks(new DocsWorkspace(root));
  assert.deepEqual(links.check('index.mdx', undefined).map((d) => d.code), ['broken-link']);
  assert.deepEqual(links.check('bad.mdx', undefined).map((d) => [d.code, d.message]), [['mdx-syntax', 'This page was not checked: its check failed (Maximum call stack size exceeded).']]);
});
