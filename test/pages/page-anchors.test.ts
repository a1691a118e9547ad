// `#anchor` links (issue 26): the ids a page offers, as the platform makes them, and the finding on a link.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { headingSlug, hasAnchor, pageAnchors } from '../../server/src/checker/pages/page-anchors';
import { openSite } from '../language-service/helpers';

test('heading slugs as @sindresorhus/slugify makes them through the platform: camel case and _ kept, contractions joined', () => {
  assert.equal(headingSlug('Getting Started'), 'getting-started');
  assert.equal(headingSlug('Using reasoning_effort parameter'), 'using-reasoning_effort-parameter');
  assert.equal(headingSlug("Can't connect"), 'cant-connect');
  assert.equal(headingSlug('Fly.io'), 'fly-io');
  assert.equal(headingSlug('What is X?'), 'what-is-x%3F');
});

test('a page offers its headings (levels 1-4, repeats counted), {#custom} ids, id attributes and component titles', () => {
  const ids = pageAnchors(
    [
      '---',
      'title: "# not a heading"',
      '---',
      '## Setup',
      '## Setup',
      '### What is X?',
      '##### Too deep',
      '## Renamed {#custom-id}',
      '```md',
      '## In a fence',
      '```',
      '<div id="raw-id">x</div>',
      '<Accordion title="Open Me">x</Accordion>',
      '<h3>HTML heading</h3>',
      '<Card title="Card title" href="#x" />',
      '```js',
      '```js not a close',
      '## Still code',
      '```',
    ].join('\n'),
  );
  const has = (anchor: string) => hasAnchor(ids, anchor);
  assert.deepEqual(
    ['setup', 'setup-2', 'what-is-x', 'custom-id', 'raw-id', 'open-me', 'html-heading'].filter((a) => !has(a)),
    [],
  );
  assert.deepEqual(['not-a-heading', 'too-deep', 'renamed', 'in-a-fence', 'Setup', 'setup-3', 'card-title', 'still-code'].filter(has), []);
});

test('a CRLF page offers the same ids as its LF copy (its lines end in \\r)', () => {
  const lf = ['---', 'title: T', '---', '## Setup', '### What is X? {#custom}', '```', '## In a fence', '```', '## Last'].join('\n');
  assert.deepEqual([...pageAnchors(lf.replace(/\n/g, '\r\n'))].sort(), [...pageAnchors(lf)].sort());
  assert.ok(pageAnchors(lf.replace(/\n/g, '\r\n')).has('setup'));
});

test('through the language service: a link whose anchor no page id makes is a warning on the anchor', () => {
  const site = openSite('{ "navigation": { "pages": ["a", "b"] } }', {
    files: { 'a.mdx': '[ok](/b#install) [bad](/b#instal) [self](#intro) [gone](#nowhere)\n\n## Intro\n', 'b.mdx': '# Install\n' },
  });
  const found = site.service.checkPages(site.project).byFile.get(path.join(site.root, 'a.mdx'))!;
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range.start.character, d.range.end.character]),
    [
      ['broken-anchor', 2, 25, 32],
      ['broken-anchor', 2, 56, 64],
    ],
  );
  assert.equal(found[0].message, 'Anchor "#instal" not found: no heading, "{#id}" or element id of "/b" makes it.');
  // A heading added to the target clears the linking page's finding.
  site.service.openDocument(site.uriOf('b.mdx'), '# Install\n## Instal\n');
  const again = site.service.checkPages(site.project, [path.join(site.root, 'a.mdx')], false).byFile.get(path.join(site.root, 'a.mdx'))!;
  assert.deepEqual(again.map((d) => d.range.start.character), [56]);
});

test('completion after # offers the ids of the page the link lands on, or of this page', () => {
  const site = openSite('{ "navigation": { "pages": ["a", "b"] } }', { files: { 'a.mdx': '## Local part\n[x](/b#in)\n[y](#)\n', 'b.mdx': '# Install\n## What is X?\n' } });
  const uri = site.uriOf('a.mdx');
  const other = site.service.complete(site.project, uri, { line: 1, character: 9 });
  assert.deepEqual(other?.items.map((i) => i.label).sort(), ['install', 'what-is-x']);
  const edit = other?.items[0].textEdit as { range: { start: { character: number }; end: { character: number } } };
  assert.deepEqual([edit.range.start.character, edit.range.end.character], [7, 9]);
  const own = site.service.complete(site.project, uri, { line: 2, character: 5 });
  assert.deepEqual(own?.items.map((i) => i.label), ['local-part']);
});
