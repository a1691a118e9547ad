import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeededRandom } from '../../bench/seeded-random';
import { FileIndex, pageIdOf, scanDocsFolder } from '../../server/src/checker';
import { makeDocsRepo } from '../helpers/docs-repo';

/** The file index as a plain Set, as it was before it was packed: what the packed one must answer. */
class ReferenceIndex {
  readonly files = new Set<string>();

  add(file: string): void {
    this.files.add(file);
  }

  remove(relative: string): void {
    this.files.delete(relative);
    for (const file of this.files) if (file.startsWith(relative + '/')) this.files.delete(file);
  }

  pageFile(page: string): string | undefined {
    const forms = page === '' ? ['index.mdx', 'index.md'] : ['.mdx', '.md', '/index.mdx', '/index.md'].map((s) => page + s);
    return forms.find((file) => this.files.has(file));
  }
}

const sorted = (files: Iterable<string>) => [...files].sort();
const pagesOf = (index: FileIndex) => [...index.pages()].map(({ page, file }) => `${page} -> ${file}`).sort();

test('has, add and remove, and a folder removed with everything under it', () => {
  const index = new FileIndex(['a.mdx', 'guides/x.mdx', 'guides/deep/y.md', 'guides-extra/z.mdx', 'guides']);
  assert.equal(index.size, 5);
  assert.ok(index.has('guides/x.mdx'));
  assert.ok(!index.has('guides/x'));
  assert.ok(!index.has('guides/'));
  assert.ok(!index.has('x.mdx'));

  index.remove('guides');
  assert.deepEqual(sorted(index.all()), ['a.mdx', 'guides-extra/z.mdx']);
  assert.equal(index.size, 2);
  assert.ok(!index.has('guides/deep/y.md'));

  index.add('guides/deep/y.md');
  assert.ok(index.has('guides/deep/y.md'));
  assert.ok(!index.has('guides/x.mdx'));
  index.add('guides/deep/y.md');
  assert.equal(index.size, 3);

  index.remove('nothing/here');
  index.remove('a.md');
  assert.deepEqual(sorted(index.all()), ['a.mdx', 'guides-extra/z.mdx', 'guides/deep/y.md']);
});

test('pageFile prefers p.mdx, then p.md, then p/index.mdx, then p/index.md, and follows adds and removes', () => {
  const index = new FileIndex(['p/index.md']);
  assert.equal(index.pageFile('p'), 'p/index.md');
  index.add('p/index.mdx');
  assert.equal(index.pageFile('p'), 'p/index.mdx');
  index.add('p.md');
  assert.equal(index.pageFile('p'), 'p.md');
  index.add('p.mdx');
  assert.equal(index.pageFile('p'), 'p.mdx');
  assert.equal(index.pageFile('p/index'), 'p/index.mdx');
  index.remove('p.mdx');
  assert.equal(index.pageFile('p'), 'p.md');
  index.remove('p');
  assert.equal(index.pageFile('p'), 'p.md');
  assert.equal(index.pageFile('p/index'), undefined);
  index.remove('p.md');
  assert.equal(index.pageFile('p'), undefined);
  assert.equal(index.pageFile('q'), undefined);
  assert.equal(index.pageFile('p.md'), undefined);
});

test("pageFile(''): the root's index.mdx or index.md only", () => {
  const index = new FileIndex(['.mdx', '/index.mdx']);
  assert.equal(index.pageFile(''), undefined);
  index.add('index.md');
  assert.equal(index.pageFile(''), 'index.md');
  index.add('index.mdx');
  assert.equal(index.pageFile(''), 'index.mdx');
  index.remove('index.mdx');
  assert.equal(index.pageFile(''), 'index.md');
});

test('non-ASCII paths: Latin-1, other scripts, emoji and lone surrogates', () => {
  const files = ['café/menü.mdx', '日本語/ガイド.mdx', 'mixed/é日.md', 'emoji/🚀/index.mdx', 'odd/\ud800.mdx', 'ÿ/\u00ff.md', '日本語/plain.mdx'];
  const index = new FileIndex(files);
  assert.deepEqual(sorted(index.all()), sorted(files));
  for (const file of files) assert.ok(index.has(file), file);
  assert.ok(!index.has('café/menu.mdx'));
  assert.ok(!index.has('日本語/ガイド.md'));
  assert.equal(index.pageFile('café/menü'), 'café/menü.mdx');
  assert.equal(index.pageFile('日本語/ガイド'), '日本語/ガイド.mdx');
  assert.equal(index.pageFile('emoji/🚀'), 'emoji/🚀/index.mdx');
  assert.equal(index.pageFile('odd/\ud800'), 'odd/\ud800.mdx');
  assert.equal(index.pageFile('ÿ/ÿ'), 'ÿ/ÿ.md');
  index.remove('日本語');
  assert.ok(!index.has('日本語/plain.mdx'));
  assert.equal(index.pageFile('日本語/ガイド'), undefined);
  assert.equal(index.size, files.length - 2);
});

test('version changes with every add and remove', () => {
  const index = new FileIndex(['a.mdx']);
  const versions = [index.version];
  index.add('b.mdx');
  versions.push(index.version);
  index.add('b.mdx');
  versions.push(index.version);
  index.remove('b.mdx');
  versions.push(index.version);
  index.remove('absent');
  versions.push(index.version);
  for (let i = 1; i < versions.length; i++) assert.ok(versions[i] > versions[i - 1], `${versions}`);
});

test('pages and all list the live files', () => {
  const index = new FileIndex(['index.mdx', 'a.md', 'b/index.mdx', 'b/c.mdx', 'logo.png', 'api/openapi.json']);
  index.remove('b/c.mdx');
  index.add('d/e.mdx');
  assert.deepEqual(sorted(index.all()), ['a.md', 'api/openapi.json', 'b/index.mdx', 'd/e.mdx', 'index.mdx', 'logo.png']);
  assert.deepEqual(pagesOf(index), [' -> index.mdx', 'a -> a.md', 'b -> b/index.mdx', 'd/e -> d/e.mdx']);
});

test('50,000 files: every one found, absent ones not, and the rest still found after half are removed', () => {
  const files: string[] = [];
  for (let i = 0; i < 50_000; i++) files.push(`section-${i % 37}/group-${i % 1013}/page-${i}.${i % 3 ? 'mdx' : 'md'}`);
  const index = new FileIndex(files);
  assert.equal(index.size, files.length);
  for (const file of files) assert.ok(index.has(file), file);
  for (let i = 0; i < 50_000; i += 7) {
    assert.ok(!index.has(`section-${i % 37}/group-${i % 1013}/page-${i}.txt`));
    assert.ok(!index.has(`section-${(i + 1) % 37}/group-${i % 1013}/page-${i}.mdx`));
    assert.equal(index.pageFile(`section-${i % 37}/group-${i % 1013}/page-${i}`), files[i]);
  }
  for (let i = 0; i < files.length; i += 2) index.remove(files[i]);
  assert.equal(index.size, files.length / 2);
  files.forEach((file, i) => assert.equal(index.has(file), i % 2 === 1, file));
  assert.deepEqual(sorted(index.all()), sorted(files.filter((_, i) => i % 2 === 1)));
  index.remove('section-0');
  assert.equal(index.size, files.filter((f, i) => i % 2 === 1 && !f.startsWith('section-0/')).length);
  for (const file of files) if (file.startsWith('section-1/')) index.add(file);
  files.forEach((file, i) => assert.equal(index.has(file), file.startsWith('section-1/') || (i % 2 === 1 && !file.startsWith('section-0/')), file));
});

test('files removed while all() is iterated: each file is still listed once', () => {
  const files = Array.from({ length: 5000 }, (_, i) => `folder-${i % 50}/page-${i}.mdx`);
  const index = new FileIndex(files);
  const seen: string[] = [];
  for (const file of index.all()) {
    seen.push(file);
    index.remove(file);
  }
  assert.deepEqual(sorted(seen), sorted(files));
  assert.equal(index.size, 0);
  index.add('folder-1/page-1.mdx');
  index.remove('folder-2');
  assert.deepEqual([...index.all()], ['folder-1/page-1.mdx']);
});

test('differential: a seeded sequence of adds, removes and lookups answers as a plain Set does', () => {
  for (const seed of [1, 2, 3]) {
    const random = new SeededRandom(seed);
    // Few names, so paths collide, folders are removed and added back, and removals outnumber the nodes.
    const segments = ['a', 'b', 'index', 'guides', 'é', '日本', '🚀', '', 'a.mdx'];
    const extensions = ['.mdx', '.md', '/index.mdx', '/index.md', '', '.json'];
    const somePath = () => {
      const depth = random.int(1, 4);
      const parts = Array.from({ length: depth }, () => random.pick(segments));
      return parts.join('/');
    };
    const index = new FileIndex();
    const reference = new ReferenceIndex();
    for (let step = 0; step < 40_000; step++) {
      const roll = random.next();
      const page = somePath();
      if (roll < 0.4) {
        const file = page + random.pick(extensions);
        index.add(file);
        reference.add(file);
      } else if (roll < 0.7) {
        const file = random.chance(0.7) ? page + random.pick(extensions) : page;
        index.remove(file);
        reference.remove(file);
      } else if (roll < 0.85) {
        const file = page + random.pick(extensions);
        assert.equal(index.has(file), reference.files.has(file), `seed ${seed} step ${step}: has(${file})`);
      } else {
        const asked = random.chance(0.05) ? '' : page;
        assert.equal(index.pageFile(asked), reference.pageFile(asked), `seed ${seed} step ${step}: pageFile(${asked})`);
      }
      assert.equal(index.size, reference.files.size, `seed ${seed} step ${step}: size`);
      if (step % 997 === 0) {
        assert.deepEqual(sorted(index.all()), sorted(reference.files), `seed ${seed} step ${step}: all`);
        const expected = [...reference.files].flatMap((file) => {
          const id = pageIdOf(file);
          return id === undefined ? [] : [`${id} -> ${file}`];
        });
        assert.deepEqual(pagesOf(index), expected.sort(), `seed ${seed} step ${step}: pages`);
      }
    }
  }
});

test('scanDocsFolder indexes files with non-ASCII names and stops at the limit', () => {
  const root = makeDocsRepo({ 'docs.json': {}, 'café/menü.mdx': '', '日本語/index.mdx': '', 'a/b/c.md': '' });
  const index = scanDocsFolder(root);
  assert.deepEqual(sorted(index.all()), ['a/b/c.md', 'café/menü.mdx', 'docs.json', '日本語/index.mdx']);
  assert.equal(index.pageFile('日本語'), '日本語/index.mdx');
  assert.equal(index.truncated, false);
  const limited = scanDocsFolder(root, 2);
  assert.equal(limited.size, 2);
  assert.equal(limited.truncated, true);
});

test('paths longer than any before are found: the lookup buffer grows on the way', () => {
  const index = new FileIndex(['short.mdx']);
  const long = (n: number) => `${Array.from({ length: n }, (_, i) => `folder-${i}`).join('/')}/page`;
  for (const page of [long(30), long(80), long(200)]) {
    index.add(`${page}.mdx`);
    assert.equal(index.has(`${page}.mdx`), true, `${page.length + 4} characters`);
    assert.equal(index.pageFile(page), `${page}.mdx`);
    index.add(`${page}.mdx`);
  }
  assert.equal(index.size, 4, 'each long path is one member, however often it is added');
  assert.equal(index.pageFile('short'), 'short.mdx');
});
