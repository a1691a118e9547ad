// A page check whose rules are all set `off` is not run (issue 26: the bench's "page links alone" is this setting),
// and its findings come back when the setting does.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_SETTINGS } from '../../server/src/project/project-settings';
import { openSite } from './helpers';

const PAGE = '---\ntitle: A\nmode: wid\nopenapi: GET /nowhere\n---\n\n[b](/b#nowhere) [gone](/gone) ![](https://example.com/a.png) <a href="/b"></a>\n';
const ALL = ['broken-anchor', 'broken-link', 'front-matter-openapi', 'front-matter-value', 'image-alt', 'link-name'];

test('page rules set off are skipped, not only hidden: their findings are not made, and come back with the setting', () => {
  const site = openSite('{ "navigation": { "pages": ["a", "b"] } }', { files: { 'a.mdx': PAGE, 'b.mdx': '# B', 'api.yaml': 'openapi: 3.0.3\ninfo: { title: A, version: "1" }\npaths: {}\n' } });
  const made = () => site.project.pageLinks.check('a.mdx', site.project.model()).map((d) => d.code).sort();
  const shown = () => [...(site.service.checkPages(site.project, [path.join(site.root, 'a.mdx')]).byFile.values())].flat().map((d) => d.code).sort();
  assert.deepEqual(made(), ALL);

  const off = { 'front-matter-syntax': 'off', 'front-matter-value': 'off', 'front-matter-openapi': 'off', 'broken-anchor': 'off', 'image-alt': 'off', 'link-name': 'off' } as const;
  site.service.configure(site.project, { ...DEFAULT_SETTINGS, severity: off });
  assert.deepEqual(made(), ['broken-link'], 'only the link check ran');
  assert.deepEqual(shown(), ['broken-link']);

  // One of the two front matter rules on: the front matter is checked (the other's findings hidden when shown).
  site.service.configure(site.project, { ...DEFAULT_SETTINGS, severity: { ...off, 'front-matter-value': 'warning' } });
  assert.deepEqual(made(), ['broken-link', 'front-matter-value']);
  site.service.configure(site.project, DEFAULT_SETTINGS);
  assert.deepEqual(made(), ALL);
  assert.deepEqual(shown(), ALL);
});
