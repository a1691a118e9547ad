// Issue 48: completion that finishes the job. A component comes with its required props and closing tag, a prop
// with the caret inside its quotes, icon names inside `icon="…"`, front-matter keys before the closing `---`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InsertTextFormat, TextEdit } from 'vscode-languageserver';
import { docsFolder, withServer } from './helpers/fixtures';
import { positionOf } from './helpers/lsp-client';

const SITE = { 'docs.json': { navigation: { pages: ['guide', 'new'] } }, 'guide.mdx': '# Guide\n', 'new.mdx': '' };

test('completion finishes the job: component snippets with closing tag and required props, caret in quotes, icon names in icon="…", keys of an unclosed front matter', async () => {
  const { root, file } = docsFolder(SITE);
  const page = file('guide.mdx');
  const fresh = file('new.mdx');
  await withServer(root, async (client) => {
    await client.open(file('docs.json'));

    // A new page: `---`, Enter, and the keys are offered (Enter inserted `time`, a word of the page, before).
    await client.open(fresh, '', 'mdx');
    await client.change(fresh, '---\n');
    const keys = await client.completion(fresh, { line: 1, character: 0 });
    const title = keys?.items.find((i) => i.label === 'title');
    assert.ok(title, JSON.stringify(keys?.items.map((i) => i.label)));
    assert.equal((title.textEdit as TextEdit).newText, 'title: ');
    await client.change(fresh, '---\ntitle: New\ndes');
    const more = await client.completion(fresh, { line: 2, character: 3 });
    assert.ok(more?.items.some((i) => i.label === 'description'));
    assert.ok(!more?.items.some((i) => i.label === 'title'), 'a key written is not offered again');
    await client.change(fresh, '---\ntitle: New\n# Heading\n');
    assert.equal(await client.completion(fresh, { line: 2, character: 0 }), null, 'not at the page\'s first line of content');

    await client.open(page, '# Guide\n\n<Ca', 'mdx');
    const names = await client.completion(page, { line: 2, character: 3 });
    const card = names?.items.find((i) => i.label === 'Card');
    assert.equal(card?.insertTextFormat, InsertTextFormat.Snippet);
    assert.equal((card?.textEdit as TextEdit).newText, 'Card>$0</Card>');
    const step = names?.items.find((i) => i.label === 'Step');
    assert.equal((step?.textEdit as TextEdit).newText, 'Step title="$1">$0</Step>', 'required props first, the caret in the first one\'s quotes');
    assert.equal((names?.items.find((i) => i.label === 'Icon')?.textEdit as TextEdit).newText, 'Icon icon="$1" />', 'no children: closed on itself');
    assert.deepEqual(
      (names?.items.find((i) => i.label === 'Accordion')?.textEdit as TextEdit).range,
      { start: { line: 2, character: 1 }, end: { line: 2, character: 3 } },
      'the typed name is replaced',
    );

    // A name changed in a written tag: the name alone.
    await client.change(page, '# Guide\n\n<Ca title="x">Body</Card>');
    const renaming = await client.completion(page, { line: 2, character: 3 });
    const plain = renaming?.items.find((i) => i.label === 'Card');
    assert.equal(plain?.textEdit, undefined);
    assert.equal(plain?.insertTextFormat, undefined);

    await client.change(page, '# Guide\n\n<Card ic>Body</Card>');
    const props = await client.completion(page, { line: 2, character: 8 });
    const icon = props?.items.find((i) => i.label === 'icon');
    assert.equal(icon?.insertText, 'icon="$1"');
    assert.equal(icon?.insertTextFormat, InsertTextFormat.Snippet);

    const withIcon = '# Guide\n\n<Card icon="rock">Body</Card>';
    await client.change(page, withIcon);
    const icons = await client.completion(page, positionOf(withIcon, 'rock"', 4));
    const labels = icons?.items.map((i) => i.label) ?? [];
    assert.ok(labels.includes('rocket'), labels.slice(0, 20).join(' '));
    assert.ok(labels.every((l) => l.includes('rock')), 'filtered by what is typed');
    assert.deepEqual((icons!.items[0].textEdit as TextEdit).range, { start: positionOf(withIcon, 'rock"'), end: positionOf(withIcon, 'rock"', 4) });
  });
});
