// Issue 22, item 3: no edit the server proposes writes outside the docs folder, through a link or otherwise.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { docsFolder, withServer } from './helpers/fixtures';
import { LspTestClient, positionOf } from './helpers/lsp-client';
import { writableInside } from '../../server/src/project/write-guard';

const PAGE = 'x$(touch${IFS}PWNED)';
const SCRIPT = '#!/bin/sh\necho hi\n';

/** Every file URI an action's edit touches. */
function touched(actions: readonly CodeAction[]): string[] {
  return actions.flatMap((a) => [
    ...Object.keys(a.edit?.changes ?? {}),
    ...(a.edit?.documentChanges ?? []).map((c) => ('kind' in c ? ('uri' in c ? c.uri : c.newUri) : c.textDocument.uri)),
  ]);
}

async function actionsFor(client: LspTestClient, file: string, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
  const actions = await client.codeActions(file, diagnostics[0].range, diagnostics);
  return actions ?? [];
}

/** A docs folder with a `victim` folder beside it, outside. */
function withVictim(files: Record<string, unknown>) {
  const site = docsFolder(files);
  const victim = path.join(path.dirname(site.root), `${path.basename(site.root)}-victim`);
  fs.mkdirSync(victim, { recursive: true });
  return { ...site, victim };
}

test('write guard: "Create page file" is not offered through a page link that leaves the folder, whether its target exists or not', async () => {
  for (const targetExists of [true, false]) {
    const { root, file, victim } = withVictim({ 'docs.json': { navigation: { pages: [PAGE, 'other'] } } });
    const script = path.join(victim, 'rc.sh');
    if (targetExists) fs.writeFileSync(script, SCRIPT);
    fs.symlinkSync(path.relative(root, script), file(`${PAGE}.mdx`));
    const docs = file('docs.json');
    await withServer(root, async (client) => {
      await client.open(docs);
      const found = await client.diagnosticsOf(docs, (d) => d.length === 2);
      const missing = found.filter((d) => d.code === 'missing-page');
      assert.equal(missing.length, 2, JSON.stringify(found));
      const titles = [];
      for (const d of missing) titles.push(...(await actionsFor(client, docs, [d])).map((a) => a.title));
      // The control: the page without a link gets its create fix; the linked one none.
      assert.deepEqual(titles, ["Create page file 'other.mdx'"]);
    });
    assert.equal(targetExists ? fs.readFileSync(script, 'utf8') : fs.existsSync(script), targetExists ? SCRIPT : false);
  }
});

test('write guard: the broken-link create fix is not offered into a linked folder that leaves the docs folder', async () => {
  const { root, file, victim } = withVictim({
    'docs.json': { navigation: { pages: ['index', 'victimdir/planted'] } },
    'index.mdx': '[a](/victimdir/planted) [b](/inside/new)',
  });
  fs.symlinkSync(path.relative(root, victim), file('victimdir'));
  const index = file('index.mdx');
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    const found = await client.diagnosticsOf(index, (d) => d.length === 2);
    const outside = found.find((d) => d.range.start.character === positionOf('[a](/victimdir/planted)', '/victimdir').character)!;
    assert.deepEqual(touched(await actionsFor(client, index, [outside])), []);
    const inside = found.find((d) => d !== outside)!;
    assert.deepEqual(
      (await actionsFor(client, index, [inside])).map((a) => a.title),
      ["Create page file 'inside/new.mdx'"],
    );
    const docs = file('docs.json');
    const entry = (await client.diagnosticsOf(docs)).filter((d) => d.code === 'missing-page');
    assert.equal(entry.length, 1);
    assert.deepEqual(touched(await actionsFor(client, docs, entry)), []);
  });
  assert.deepEqual(fs.readdirSync(victim), []);
});

test('write guard: the data a client sends back with a diagnostic never names the file a fix creates', async () => {
  const { root, file, victim } = withVictim({
    'docs.json': { navigation: { pages: ['index'] } },
    'index.mdx': 'Text [a](/guides/new) more.',
  });
  const index = file('index.mdx');
  const planted = path.relative(root, path.join(victim, 'planted'));
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));
    const [real] = await client.diagnosticsOf(index, (d) => d.length === 1);
    const forged = { ...real, data: { page: planted } };
    const created = touched(await actionsFor(client, index, [forged]));
    assert.deepEqual(created.map((uri) => path.basename(new URL(uri).pathname)), ['new.mdx', 'new.mdx']);
    // A forged finding where the server has none gets nothing.
    const elsewhere = { ...forged, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } } };
    assert.deepEqual(await actionsFor(client, index, [elsewhere]), []);
  });
});

test('write guard: writableInside follows links on the way, refuses dangling ones, allows links that stay inside', () => {
  const { root, file, victim } = withVictim({ 'docs.json': {}, 'real/page.mdx': '' });
  fs.symlinkSync('real', file('alias'));
  fs.symlinkSync(victim, file('out'));
  fs.symlinkSync('nowhere/x.mdx', file('dangling.mdx'));
  fs.symlinkSync('real/page.mdx', file('page-link.mdx'));
  assert.equal(writableInside(root, file('real/page.mdx')), true);
  assert.equal(writableInside(root, file('new/deep/page.mdx')), true);
  assert.equal(writableInside(root, file('alias/new.mdx')), true);
  assert.equal(writableInside(root, file('page-link.mdx')), true);
  assert.equal(writableInside(root, file('out/new.mdx')), false);
  assert.equal(writableInside(root, file('out')), false);
  assert.equal(writableInside(root, file('dangling.mdx')), false);
  assert.equal(writableInside(root, file('real/page.mdx/below.mdx')), false);
  assert.equal(writableInside(root, path.join(root, '..', 'x.mdx')), false);
  assert.equal(writableInside(root, root), false);
});
