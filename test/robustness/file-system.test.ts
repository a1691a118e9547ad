// Hostile file systems: paths that climb out, links that leave the folder or loop, unreadable files and folders,
// a page that is a folder, names with unicode and spaces. Nothing outside the docs folder may be read.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers/temp-dir';
import { after, test } from 'node:test';
import { checkDocs, DocsWorkspace, readTextFromDisk, scanDocsFolder } from '../../server/src/checker';
import { Finding, findingsOf, REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { OpenTexts } from '../../server/src/project/open-texts';

function write(file: string, content: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

const bases: string[] = [];
after(() => {
  for (const base of bases) fs.rmSync(base, { recursive: true, force: true });
});

function tempBase(prefix: string): string {
  const base = tempDir(prefix);
  bases.push(base);
  return base;
}

const SPEC = 'openapi: 3.1.0\npaths:\n  /secret:\n    get: {summary: Secret}\n';

/** A docs folder full of traps, beside an `outside` folder that must never be read. */
function hostileLayout(): { base: string; root: string; outside: string } {
  const base = tempBase('fs-hostile-');
  const outside = path.join(base, 'outside');
  const root = path.join(base, 'docs');
  write(path.join(outside, 'secret.mdx'), 'SECRET');
  write(path.join(outside, 'secret.json'), { tab: 'SECRET', pages: ['secret-page'] });
  write(path.join(outside, 'spec.yaml'), SPEC);
  write(path.join(root, 'guides/intro.mdx'), '');
  write(path.join(root, 'unicode/héllo wörld 文档.mdx'), '');
  write(path.join(root, 'folder-page/child.mdx'), '');
  write(path.join(root, 'weird.mdx/inner.mdx'), '');
  write(path.join(root, 'docs.json'), {
    ...REQUIRED_SETTINGS,
    navigation: {
      tabs: [
        {
          tab: 'Pages',
          pages: [
            'guides/intro', 'unicode/héllo wörld 文档', '../outside/secret', 'a/../../outside/secret', '/etc/passwd',
            'C:\\Windows\\win', '\\\\server\\share\\page', 'linked-out/secret', 'link-page', 'folder-page', 'weird',
            'self', 'dangling', 'loop/guides/intro',
          ],
        },
        { $ref: '../outside/secret.json' },
        { $ref: 'link-ref.json' },
        { tab: 'Linked spec', openapi: 'link-spec.yaml', pages: ['GET /secret'] },
        { tab: 'Outside spec', openapi: '../outside/spec.yaml', pages: ['GET /secret'] },
        { tab: 'FIFO spec', openapi: 'fifo.yaml', pages: ['GET /x'] },
        { tab: 'Folder spec', openapi: 'folder-page', pages: ['GET /x'] },
      ],
    },
  });
  fs.symlinkSync(outside, path.join(root, 'linked-out'));
  fs.symlinkSync('../outside/secret.mdx', path.join(root, 'link-page.mdx'));
  fs.symlinkSync('../outside/secret.json', path.join(root, 'link-ref.json'));
  fs.symlinkSync(path.join(outside, 'spec.yaml'), path.join(root, 'link-spec.yaml'));
  fs.symlinkSync('guides', path.join(root, 'alias'));
  fs.symlinkSync('.', path.join(root, 'loop'));
  fs.symlinkSync('..', path.join(root, 'guides/back'));
  fs.symlinkSync('self.mdx', path.join(root, 'self.mdx'));
  fs.symlinkSync('nowhere.mdx', path.join(root, 'dangling.mdx'));
  execFileSync('mkfifo', [path.join(root, 'fifo.yaml')]);
  return { base, root, outside };
}

/** Records the paths the checker opens or lists while `run` runs (the checker reads through node:fs). */
function recordReads<T>(run: () => T): { result: T; reads: string[] } {
  const reads: string[] = [];
  const original = { readFileSync: fs.readFileSync, openSync: fs.openSync, readdirSync: fs.readdirSync };
  // The module object itself: the checker's `import fs = require('node:fs')` calls its functions on it.
  const mutable = require('node:fs') as Record<string, unknown>;
  for (const [name, fn] of Object.entries(original)) {
    mutable[name] = (target: unknown, ...rest: unknown[]) => {
      // An open that fails read nothing: a read opens without following a link (O_NOFOLLOW), and a link fails.
      if (typeof target === 'string' && !(name === 'openSync' && isFailedNoFollow(target, rest[0]))) reads.push(target);
      return (fn as (...args: unknown[]) => unknown)(target, ...rest);
    };
  }
  try {
    return { result: run(), reads };
  } finally {
    Object.assign(mutable, original);
  }
}

/** Whether opening `target` with these flags fails for not following its link (nothing opened, nothing read). */
function isFailedNoFollow(target: string, flags: unknown): boolean {
  if (typeof flags !== 'number' || fs.constants.O_NOFOLLOW === undefined || (flags & fs.constants.O_NOFOLLOW) === 0) return false;
  try {
    return fs.lstatSync(target).isSymbolicLink();
  } catch {
    return false;
  }
}

function assertAllInside(root: string, reads: string[]): void {
  const realRoot = fs.realpathSync(root);
  for (const read of reads) {
    let real: string;
    try {
      real = fs.realpathSync(read);
    } catch {
      continue; // nothing there to read
    }
    assert.ok(real === realRoot || real.startsWith(realRoot + path.sep), `read outside the docs folder: ${read} → ${real}`);
  }
}

test('paths that climb out, absolute paths and links out of the folder are flagged or missing, and never read', () => {
  const { root } = hostileLayout();
  const { result, reads } = recordReads(() => checkDocs(new DocsWorkspace(root)).diagnostics);
  assert.ok(reads.some((r) => r.endsWith(`${path.sep}docs.json`)), 'the recorder sees the reads (docs.json)');
  assertAllInside(root, reads);
  const findings = findingsOf(root, result).map((f: Finding) => [f.code, f.text]);
  assert.deepEqual(findings, [
    ['page-outside-root', '"../outside/secret"'],
    ['page-outside-root', '"a/../../outside/secret"'],
    ['missing-page', '"/etc/passwd"'],
    ['page-outside-root', '"C:\\\\Windows\\\\win"'],
    ['page-outside-root', '"\\\\\\\\server\\\\share\\\\page"'],
    ['missing-page', '"linked-out/secret"'],
    ['missing-page', '"link-page"'],
    ['missing-page', '"folder-page"'],
    ['missing-page', '"weird"'],
    ['missing-page', '"self"'],
    ['missing-page', '"dangling"'],
    ['missing-page', '"loop/guides/intro"'],
    ['page-outside-root', '"../outside/secret.json"'],
    ['invalid-ref', '"link-ref.json"'],
    ['missing-openapi', '"link-spec.yaml"'],
    ['page-outside-root', '"../outside/spec.yaml"'],
    ['missing-openapi', '"fifo.yaml"'],
    ['missing-openapi', '"folder-page"'],
  ]);
});

test('the file index ends on link loops, holds nothing reached through a link that leaves, and no FIFO', () => {
  const { root } = hostileLayout();
  const { result: index, reads } = recordReads(() => scanDocsFolder(root));
  assertAllInside(root, reads);
  const files = [...index.all()].sort();
  for (const expected of ['docs.json', 'guides/intro.mdx', 'unicode/héllo wörld 文档.mdx', 'folder-page/child.mdx', 'weird.mdx/inner.mdx']) {
    assert.ok(files.includes(expected), `${expected} in ${files.join(', ')}`);
  }
  for (const file of files) {
    assert.ok(!/secret|linked-out|link-|self|dangling|fifo|^loop\//.test(file), `${file} must not be indexed`);
    assertAllInside(root, [path.join(root, file)]);
  }
  // `alias` points inside: its folder is listed once, under one of its two names.
  assert.ok(files.length <= 7, files.join(', '));
});

test('a file event that adds a link leaving the folder does not make it readable (the index cannot tell)', () => {
  const { root } = hostileLayout();
  const workspace = new DocsWorkspace(root);
  // What the server's file watcher does when such links appear after the scan.
  for (const file of ['link-ref.json', 'link-spec.yaml', 'link-page.mdx', 'fifo.yaml']) workspace.files.add(file);
  const { result, reads } = recordReads(() => ({
    ref: workspace.json('link-ref.json'),
    spec: workspace.spec('link-spec.yaml'),
    fifo: workspace.spec('fifo.yaml'),
    text: workspace.read('link-page.mdx'),
  }));
  assertAllInside(root, reads);
  assert.equal(result.ref, undefined);
  assert.equal(result.text, undefined);
  assert.deepEqual([result.spec.ok, result.fifo.ok], [false, false]);
});

test('a folder swapped for a link that leaves, after its pages were read, is not followed once the event comes', () => {
  const { root, outside } = hostileLayout();
  const workspace = new DocsWorkspace(root);
  assert.equal(workspace.read('guides/intro.mdx'), '');
  // Each folder is resolved once: a page of a folder read before is refused when it is itself a link out.
  fs.symlinkSync(path.join(outside, 'secret.mdx'), path.join(root, 'guides/out.mdx'));
  workspace.files.add('guides/out.mdx');
  assert.equal(workspace.read('guides/out.mdx'), undefined);
  fs.renameSync(path.join(root, 'guides'), path.join(root, 'guides-old'));
  fs.mkdirSync(path.join(outside, 'guides'));
  fs.writeFileSync(path.join(outside, 'guides/intro.mdx'), 'SECRET');
  fs.symlinkSync(path.join(outside, 'guides'), path.join(root, 'guides'));
  workspace.invalidate('guides'); // the watcher's event for the new link
  const { result, reads } = recordReads(() => workspace.read('guides/intro.mdx'));
  assertAllInside(root, reads);
  assert.equal(result, undefined);
});

test('unreadable files and folders are skipped with a diagnostic, never a crash', (t) => {
  const base = tempBase('fs-unreadable-');
  const root = path.join(base, 'docs');
  write(path.join(root, 'open/page.mdx'), '');
  write(path.join(root, 'locked-dir/page.mdx'), '');
  write(path.join(root, 'locked.json'), { tab: 'Locked', pages: ['open/page'] });
  write(path.join(root, 'locked.yaml'), SPEC);
  write(path.join(root, 'docs.json'), {
    ...REQUIRED_SETTINGS,
    navigation: {
      tabs: [
        { tab: 'Pages', pages: ['open/page', 'locked-dir/page'] },
        { $ref: 'locked.json' },
        { tab: 'API', openapi: 'locked.yaml', pages: ['GET /secret'] },
      ],
    },
  });
  // The test process's temp folder too (tempDir): the check runs as another user below.
  for (const folder of [path.dirname(base), base, root]) fs.chmodSync(folder, 0o755);
  for (const locked of ['locked-dir', 'locked.json', 'locked.yaml']) fs.chmodSync(path.join(root, locked), 0);
  // Root reads everything: the check then runs as `nobody`, for whom mode 000 means unreadable.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) t.diagnostic('running the check as uid 65534, since root ignores file modes');
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'check-folder-child.ts'), root], {
    cwd: path.resolve(__dirname, '../..'),
    encoding: 'utf8',
    timeout: 60_000,
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  assert.equal(run.status, 0, run.stderr);
  const { files, findings } = JSON.parse(run.stdout) as { files: string[]; findings: Finding[] };
  assert.ok(!files.includes('locked-dir/page.mdx'));
  assert.deepEqual(findings.map((f) => [f.code, f.text]), [
    ['missing-page', '"locked-dir/page"'],
    ['invalid-ref', '"locked.json"'],
    ['missing-openapi', '"locked.yaml"'],
  ]);
});

test('a large file (read as bytes, then decoded) and a small one read as fs reads UTF-8: BOM, multibyte text, a broken sequence', () => {
  const base = tempBase('fs-read-');
  const line = 'title: Café – 文档 🎉 ok\n';
  for (const [name, bytes] of [
    ['small.yaml', Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(line), Buffer.from([0xe2, 0x82]), Buffer.from(line)])],
    ['large.yaml', Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(line.repeat(40_000)), Buffer.from([0xe2, 0x82]), Buffer.from(line)])],
  ] as const) {
    const file = path.join(base, name);
    fs.writeFileSync(file, bytes);
    assert.equal(readTextFromDisk(file), fs.readFileSync(file, 'utf8'), name);
  }
  assert.ok(fs.statSync(path.join(base, 'large.yaml')).size > 1024 * 1024);
});

for (const over of ['the disk', 'editor texts over the disk']) {
  test(`a page read from ${over} is opened without a link followed and no lstat; a link inside the folder is still read`, () => {
    const { root, outside } = hostileLayout();
    fs.symlinkSync(path.join(root, 'guides/intro.mdx'), path.join(root, 'guides/alias.mdx'));
    fs.symlinkSync(path.join(outside, 'secret.mdx'), path.join(root, 'guides/out.mdx'));
    const texts = new OpenTexts(readTextFromDisk);
    const workspace = over === 'the disk' ? new DocsWorkspace(root) : new DocsWorkspace(root, undefined, texts.readText);
    for (const file of ['guides/alias.mdx', 'guides/out.mdx']) workspace.files.add(file);
    // An editor's text of a link leading out is refused as the disk's is.
    texts.set(path.join(root, 'guides/out.mdx'), 'EDITED');
    texts.set(path.join(root, 'folder-page/child.mdx'), 'EDITED');
    assertReads(workspace, over !== 'the disk');
  });
}

function assertReads(workspace: DocsWorkspace, edited: boolean): void {
  const mutable = require('node:fs') as Record<string, unknown>;
  const lstat = fs.lstatSync;
  let lstats = 0;
  mutable.lstatSync = (...args: unknown[]) => {
    lstats++;
    return (lstat as (...a: unknown[]) => unknown)(...args);
  };
  try {
    workspace.read('guides/intro.mdx');
    assert.equal(workspace.read('guides/intro.mdx'), '');
    if (fs.constants.O_NOFOLLOW !== undefined) assert.equal(lstats, 0, 'a regular page costs no lstat (its folder is resolved once)');
    assert.equal(workspace.read('guides/alias.mdx'), '');
    assert.equal(workspace.read('guides/out.mdx'), undefined);
    assert.equal(workspace.read('folder-page/child.mdx'), edited ? 'EDITED' : '');
  } finally {
    mutable.lstatSync = lstat;
  }
}
