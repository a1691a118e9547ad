import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompletionItem, CompletionList, InsertTextFormat, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { docsFolder, ORDERS_JSON, USERS_YAML, withServer } from './helpers/fixtures';
import { positionOf } from './helpers/lsp-client';

function labels(list: CompletionList | null): string[] {
  assert.ok(list, 'a completion list');
  return list.items.map((i) => i.label);
}

/** The items in the order an editor shows them before filtering (by sortText, then label). */
function ordered(list: CompletionList | null): CompletionItem[] {
  assert.ok(list);
  return [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
}

function applyItem(text: string, item: CompletionItem): string {
  const edit = item.textEdit as TextEdit;
  return TextDocument.applyEdits(TextDocument.create('x', 'json', 0, text), [edit, ...(item.additionalTextEdits ?? [])]);
}

const PAGES = {
  'intro.mdx': '',
  'quickstart.mdx': '',
  'guides/setup.mdx': '',
  'guides/deploy/index.md': '',
  'guides/advanced.mdx': '',
  'reference/cli.mdx': '',
  'logo.png': '',
};

test('completion: page paths inside a nested group, filtered as typed, pages not yet in the navigation first', async () => {
  const docsJson = `{
  "navigation": {
    "groups": [
      {
        "group": "Start",
        "pages": [
          "intro",
          { "group": "Guides", "pages": ["guides/setup", "gu"] }
        ]
      }
    ]
  }
}`;
  const { root, file } = docsFolder({ 'docs.json': docsJson, ...PAGES });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const typed = await client.completion(docs, positionOf(docsJson, '"gu"]', 3));
    const items = ordered(typed);
    assert.deepEqual(
      items.map((i) => i.label),
      ['guides/advanced', 'guides/deploy', 'guides/setup'],
    );
    assert.match(items[0].detail!, /not in the navigation/);
    assert.doesNotMatch(items[2].detail!, /not in the navigation/);
    // The whole string content is replaced.
    const applied = applyItem(docsJson, items[0]);
    assert.match(applied, /"pages": \["guides\/setup", "guides\/advanced"\]/);

    const all = labels(await client.completion(docs, positionOf(docsJson, '"intro"', 1)));
    assert.deepEqual([...all].sort(), ['guides/advanced', 'guides/deploy', 'guides/setup', 'intro', 'quickstart', 'reference/cli']);
  });
});

test('completion: in an empty spot of a pages array, a quoted page path is inserted (with a comma when needed)', async () => {
  const docsJson = '{ "navigation": { "pages": [ ], "global": { "anchors": [] } } }';
  const { root, file } = docsFolder({ 'docs.json': docsJson, ...PAGES });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const list = await client.completion(docs, positionOf(docsJson, '[ ]', 1));
    const intro = list!.items.find((i) => i.label === 'intro')!;
    assert.equal(applyItem(docsJson, intro), '{ "navigation": { "pages": ["intro" ], "global": { "anchors": [] } } }');

    const after = '{ "navigation": { "pages": [ "intro" ] } }';
    await client.change(docs, after);
    const second = await client.completion(docs, positionOf(after, '"intro" ', 8));
    const quick = second!.items.find((i) => i.label === 'quickstart')!;
    assert.equal(applyItem(after, quick), '{ "navigation": { "pages": [ "intro", "quickstart"] } }');
  });
});

test('completion: endpoints of the inherited spec (YAML or JSON) with their summary; none without a spec', async () => {
  const docsJson = `{
  "navigation": {
    "tabs": [
      { "tab": "Users", "openapi": "api/users.yaml", "groups": [{ "group": "Users", "pages": [""] }] },
      { "tab": "Orders", "openapi": "/api/orders.json", "pages": ["GET "] },
      { "tab": "Guides", "pages": [""] }
    ]
  }
}`;
  const { root, file } = docsFolder({ 'docs.json': docsJson, 'api/users.yaml': USERS_YAML, 'api/orders.json': ORDERS_JSON, 'intro.mdx': '' });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const users = await client.completion(docs, positionOf(docsJson, '[""]', 2));
    const endpoints = ordered(users).filter((i) => /^[A-Z]+ \//.test(i.label));
    assert.deepEqual(
      endpoints.map((i) => [i.label, i.detail]),
      [
        ['GET /users', 'List users'],
        ['POST /users', 'Create a user'],
        ['GET /users/{id}', 'Get a user'],
      ],
    );
    assert.ok(labels(users).includes('intro'), 'pages are offered too');

    const orders = await client.completion(docs, positionOf(docsJson, '"GET "', 5));
    const orderLabels = labels(orders);
    assert.ok(orderLabels.includes('GET /orders') && orderLabels.includes('DELETE /orders/{id}'));
    const get = orders!.items.find((i) => i.label === 'GET /orders')!;
    assert.match(applyItem(docsJson, get), /"pages": \["GET \/orders"\]/);

    const guides = await client.completion(docs, positionOf(docsJson, '[""] }\n    ]', 2));
    assert.deepEqual(labels(guides), ['intro']);
  });
});

test('completion: keys valid for the element, required first as snippets; one child type per level', async () => {
  const docsJson = `{
  "navigation": {
    "tabs": [
      {
        "tab": "Home",
        "groups": [
          {  }
        ]
      }
    ]
  }
}`;
  const { root, file } = docsFolder({ 'docs.json': docsJson });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    const group = ordered(await client.completion(docs, positionOf(docsJson, '{  }', 2)));
    assert.deepEqual(group.slice(0, 2).map((i) => i.label), ['group', 'pages']);
    assert.equal(group[0].insertTextFormat, InsertTextFormat.Snippet);
    assert.equal((group[0].textEdit as TextEdit).newText, '"group": "$1"');
    assert.equal((group[1].textEdit as TextEdit).newText, '"pages": [$1]');
    assert.ok(group.some((i) => i.label === 'expanded'));

    const tab = labels(await client.completion(docs, positionOf(docsJson, '"tab": "Home",', 15)));
    assert.ok(tab.includes('icon') && tab.includes('openapi') && tab.includes('href'));
    assert.ok(!tab.includes('tab') && !tab.includes('groups'), 'present keys are not offered again');
    assert.ok(!tab.includes('pages') && !tab.includes('anchors') && !tab.includes('menu'), 'a tab holding groups takes no other child type');

    // Inside a key being typed: the key string is replaced, with a comma added after the previous value.
    const typing = docsJson.replace('{  }', '{ "group": "G" "pa" }');
    await client.change(docs, typing);
    const pages = (await client.completion(docs, positionOf(typing, '"pa"', 3)))!.items.find((i) => i.label === 'pages')!;
    assert.match(applyItem(typing, pages), /\{ "group": "G", "pages": \[\$1\] \}/);
  });
});

test('completion: values for language codes, styling.eyebrows, booleans, openapi spec files, file settings and links', async () => {
  const docsJson = `{
  "logo": { "light": "/", "href": "" },
  "styling": { "eyebrows": "" },
  "interaction": { "drilldown":  },
  "navigation": {
    "languages": [
      { "language": "f", "openapi": "", "groups": [{ "group": "G", "expanded": t, "pages": [] }] }
    ]
  }
}`;
  const files = { 'api/openapi.yaml': USERS_YAML, 'spec/other.json': ORDERS_JSON, 'package.json': '{}', 'images/logo.svg': '<svg/>', 'intro.mdx': '' };
  const { root, file } = docsFolder({ 'docs.json': docsJson, ...files });
  const docs = file('docs.json');
  await withServer(
    root,
    async (client) => {
      await client.open(docs);
      const languages = labels(await client.completion(docs, positionOf(docsJson, '"f"', 2)));
      assert.ok(languages.includes('fr') && languages.includes('pt-BR') && languages.includes('x-custom'));
      assert.deepEqual(labels(await client.completion(docs, positionOf(docsJson, '"eyebrows": ""', 13))).sort(), ['breadcrumbs', 'section']);
      assert.deepEqual(labels(await client.completion(docs, positionOf(docsJson, '"drilldown":  ', 13))), ['true', 'false']);
      const expanded = await client.completion(docs, positionOf(docsJson, 'expanded": t', 12));
      const trueItem = expanded!.items.find((i) => i.label === 'true')!;
      assert.match(applyItem(docsJson, trueItem), /"expanded": true,/);
      assert.deepEqual(labels(await client.completion(docs, positionOf(docsJson, '"openapi": ""', 12))), ['api/openapi.yaml', 'spec/other.json']);
      assert.deepEqual(labels(await client.completion(docs, positionOf(docsJson, '"light": "/"', 11))), ['/images/logo.svg']);
      assert.deepEqual(labels(await client.completion(docs, positionOf(docsJson, '"href": ""', 9))), ['/intro']);
    },
    { settings: { extraLanguageCodes: ['x-custom'] } },
  );
});

test('completion: right after typing, completion answers for the new text before the next check runs', async () => {
  const before = '{ "navigation": { "pages": ["intro"] } }';
  const { root, file } = docsFolder({ 'docs.json': before, ...PAGES });
  const docs = file('docs.json');
  await withServer(root, async (client) => {
    await client.open(docs);
    await client.diagnosticsOf(docs);
    const after = '{ "navigation": { "groups": [{ "group": "New", "pages": ["ref"] }], "pages": ["intro"] } }';
    await client.change(docs, after);
    const list = await client.completion(docs, positionOf(after, '"ref"', 4));
    assert.deepEqual(labels(list), ['reference/cli']);
  });
});

test('completion: the server offers icon names of the site\'s library from the name lists beside its bundle', async () => {
  const text = '{ "icons": { "library": "lucide" }, "navigation": { "tabs": [{ "tab": "A", "icon": "rock", "pages": [] }] } }';
  const { root, file } = docsFolder({ 'docs.json': text });
  await withServer(root, async (client) => {
    await client.open(file('docs.json'), text);
    const list = await client.completion(file('docs.json'), positionOf(text, '"rock"', 5));
    assert.deepEqual([list?.items[0]?.label, list?.items[0]?.detail], ['rocket', 'Lucide icon']);
  });
});

test('completion: `(` is a trigger character, so a page link target is completed right after `](`', async () => {
  const page = 'See [the FAQ](';
  const { root, file } = docsFolder({ 'docs.json': { navigation: { pages: ['support/faqs'] } }, 'support/faqs.mdx': '---\ntitle: FAQ\n---\n', 'intro.mdx': page });
  await withServer(root, async (client) => {
    assert.ok(client.initializeResult.capabilities.completionProvider?.triggerCharacters?.includes('('));
    await client.open(file('intro.mdx'), page, 'mdx');
    const list = await client.completion(file('intro.mdx'), positionOf(page, '(', 1));
    const faqs = list?.items.find((i) => i.label === '/support/faqs');
    assert.equal(faqs?.labelDetails?.description, 'FAQ');
  });
});

test('completion: `#` is a trigger character: after a page path it lists that page\'s headings, in a page link and in a docs.json href', async () => {
  const page = 'See [chunking](/b#';
  const docs = '{ "navigation": { "pages": ["a", "b"] }, "navbar": { "links": [{ "label": "Chunks", "href": "/b#" }] } }';
  const { root, file } = docsFolder({ 'docs.json': docs, 'a.mdx': page, 'b.mdx': '# B\n\n## Chunking strategy\n\n## Limits {#max-size}\n' });
  await withServer(root, async (client) => {
    assert.ok(client.initializeResult.capabilities.completionProvider?.triggerCharacters?.includes('#'));
    await client.open(file('a.mdx'), page, 'mdx');
    const inPage = await client.completion(file('a.mdx'), positionOf(page, '#', 1));
    assert.deepEqual(labels(inPage).sort(), ['b', 'chunking-strategy', 'max-size']);
    await client.open(file('docs.json'), docs);
    const inDocs = await client.completion(file('docs.json'), positionOf(docs, '/b#', 3));
    assert.deepEqual(labels(inDocs).sort(), ['b', 'chunking-strategy', 'max-size']);
    const item = inDocs?.items.find((i) => i.label === 'max-size');
    assert.deepEqual(item?.textEdit && 'range' in item.textEdit ? [item.textEdit.newText, item.textEdit.range.start.character] : undefined, ['max-size', docs.indexOf('/b#') + 3]);
  });
});
