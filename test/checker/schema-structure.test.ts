import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRepo, findingsWithCode, repoWith, REQUIRED_SETTINGS } from '../helpers/docs-repo';

test('missing-key: each element kind names its required key, once, on the object', () => {
  const nav = {
    tabs: [
      { icon: 'x', groups: [{ group: 'No pages' }, { pages: ['a'] }] },
      { tab: 'T', menu: [{ icon: 'm', pages: ['a'] }] },
    ],
  };
  const findings = findingsWithCode(checkRepo(repoWith(nav, ['a'])), 'missing-key');
  assert.deepEqual(
    findings.map((f) => [f.text, f.message]),
    [
      ['"icon"', 'A tab needs `tab`'],
      ['"group"', 'A group needs `pages` (a list of pages, or an `openapi` spec to generate them)'],
      ['"pages"', 'A group needs `group`'],
      ['"icon"', 'A menu item needs `item`'],
    ],
  );
  assert.deepEqual(findings.map((f) => f.data?.key), ['tab', 'pages', 'group', 'item']);
});

test('missing-key: anchor, dropdown, product, version, language and global anchors', () => {
  const cases: [unknown, string][] = [
    [{ anchors: [{ pages: ['a'] }] }, 'A anchor needs `anchor`'],
    [{ dropdowns: [{ pages: ['a'] }] }, 'A dropdown needs `dropdown`'],
    [{ products: [{ pages: ['a'] }] }, 'A product needs `product`'],
    [{ versions: [{ pages: ['a'] }] }, 'A version needs `version`'],
    [{ languages: [{ pages: ['a'] }] }, 'A language needs `language`'],
    [{ pages: ['a'], global: { anchors: [{ anchor: 'Blog' }] } }, 'A global anchor needs `href` (an external URL)'],
    [{ pages: ['a'], global: { anchors: [{ href: 'https://x.example.com' }] } }, 'A global anchor needs `anchor`'],
  ];
  for (const [nav, message] of cases) {
    assert.deepEqual(findingsWithCode(checkRepo(repoWith(nav, ['a'])), 'missing-key').map((f) => f.message), [message]);
  }
});

test('missing-key: a group with an openapi spec and no pages is valid (its pages are generated)', () => {
  const spec = 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\n';
  const files = { ...repoWith({ groups: [{ group: 'API', openapi: 'api.yaml' }] }), 'api.yaml': spec };
  assert.deepEqual(checkRepo(files), []);
});

test('missing-key: docs.json without navigation', () => {
  const findings = checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS } });
  assert.deepEqual(findings.map((f) => [f.code, f.message]), [['missing-key', 'docs.json needs `navigation`']]);
});

test('invalid-type: expanded and drilldown must be booleans; one diagnostic on the value', () => {
  const files = repoWith(
    { groups: [{ group: 'G', pages: ['a', { group: 'N', expanded: 'yes', pages: ['a'] }] }] },
    ['a'],
    { interaction: { drilldown: 'true' } },
  );
  const findings = findingsWithCode(checkRepo(files), 'invalid-type');
  assert.deepEqual(findings.map((f) => [f.text, f.message]), [
    ['"yes"', '`expanded` must be true or false'],
    ['"true"', '`drilldown` must be true or false'],
  ]);
});

test('invalid-type: labels, child lists, page entries and openapi', () => {
  const nav = {
    tabs: [
      { tab: 3, groups: { group: 'not an array' } },
      { tab: 'T', groups: [{ group: 'G', pages: ['a', 42, { group: 'N', pages: ['a'] }] }] },
      { tab: 'U', openapi: 7, pages: ['a'] },
    ],
  };
  const findings = findingsWithCode(checkRepo(repoWith(nav, ['a'])), 'invalid-type');
  assert.deepEqual(findings.map((f) => f.message), [
    '`tab` must be a string',
    '`groups` must be an array',
    'entries of `pages` must be a page path (string) or a group object',
    '`openapi` must be a path, a URL, an array of them, or an object with `source`',
  ]);
  assert.equal(findings[0].text, '3');
  assert.match(findings[1].text, /^\{\s*"group": "not an array"\s*\}$/);
  assert.equal(findings[2].text, '42');
  assert.equal(findings[3].text, '7');
});

test('invalid-type: accepted shapes live sites write (icon objects, openapi objects and arrays)', () => {
  const spec = 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\n';
  const nav = {
    tabs: [
      { tab: 'T', icon: { name: 'microchip-ai', style: 'regular' }, openapi: { source: 'api.yaml', directory: 'api' }, pages: ['a'] },
      { tab: 'U', openapi: ['api.yaml'], pages: ['a'] },
    ],
  };
  assert.deepEqual(checkRepo({ ...repoWith(nav, ['a'], { api: { openapi: ['api.yaml'] } }), 'api.yaml': spec }), []);
});

test('invalid-value: styling.eyebrows accepts section and breadcrumbs only', () => {
  const bad = findingsWithCode(checkRepo(repoWith({ pages: ['a'] }, ['a'], { styling: { eyebrows: 'crumbs' } })), 'invalid-value');
  assert.deepEqual(bad.map((f) => [f.text, f.message]), [['"crumbs"', "`styling.eyebrows` must be 'section' or 'breadcrumbs'"]]);
  for (const value of ['section', 'breadcrumbs']) {
    assert.deepEqual(checkRepo(repoWith({ pages: ['a'] }, ['a'], { styling: { eyebrows: value } })), []);
  }
});

test('unknown-key: a menu item may hold only its listed keys', () => {
  const nav = { tabs: [{ tab: 'T', menu: [{ item: 'M', tag: 'beta', hidden: true, description: 'd', icon: 'i', pages: ['a'] }] }] };
  const findings = findingsWithCode(checkRepo(repoWith(nav, ['a'])), 'unknown-key');
  assert.deepEqual(findings.map((f) => f.text), ['"tag"']);
  assert.match(findings[0].message, /^`tag` is not allowed in a menu item: it may hold only item, icon, description, groups, pages, href, openapi, asyncapi, hidden, directory, global$/);
  assert.equal(findings[0].data?.key, 'tag');
});

test('issue 35: a menu item keeps `hidden`, `directory`, `asyncapi` and `global`; its `root` is dropped (a warning), not an error', () => {
  const item = {
    item: 'M',
    hidden: true,
    directory: 'card',
    asyncapi: 'https://api.example.com/asyncapi.yaml',
    global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com' }] },
    pages: ['a'],
  };
  assert.deepEqual(checkRepo(repoWith({ tabs: [{ tab: 'T', menu: [item] }] }, ['a'])).filter((f) => f.severity === 'error'), []);
  const rooted = checkRepo(repoWith({ tabs: [{ tab: 'T', menu: [{ item: 'M', root: 'a', pages: ['a'] }] }] }, ['a']));
  assert.deepEqual(rooted.map((f) => [f.code, f.severity, f.text]), [['ignored-key', 'warning', '"root"']]);
  assert.match(rooted[0].message, /`root` has no effect on a menu item/);
  // Its twin: a value of the wrong kind is still an error.
  const wrong = checkRepo(repoWith({ tabs: [{ tab: 'T', menu: [{ item: 'M', hidden: 'yes', directory: 'grid', pages: ['a'] }] }] }, ['a']));
  assert.deepEqual(wrong.map((f) => [f.code, f.text]), [['invalid-type', '"yes"'], ['invalid-value', '"grid"']]);
});

test('unknown-key: elsewhere, keys live sites write are accepted', () => {
  const nav = {
    products: [
      {
        product: 'P',
        tabs: [
          {
            tab: 'T',
            versions: [{ version: 'v1', default: true, groups: [{ group: 'G', root: 'a', collapsed: true, hidden: false, 'internal-meili-fetch-automation': true, pages: ['a'] }] }],
          },
        ],
      },
    ],
  };
  assert.deepEqual(checkRepo(repoWith(nav, ['a'])), []);
  const dropdowns = { dropdowns: [{ dropdown: 'D', description: 'Text', anchors: [{ anchor: 'A', pages: ['a'] }] }] };
  assert.deepEqual(checkRepo(repoWith(dropdowns, ['a'])), []);
});
