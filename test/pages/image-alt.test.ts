// Images and videos without a text alternative (issue 26, `mint a11y`): what is flagged, what is accepted, where.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { scanPageLinks, UnnamedMedia } from '../../server/src/checker/pages/page-links';
import { openSite } from '../language-service/helpers';

/** What the scan finds without a name: the text it marks, and `(empty alt)` when written `alt=""`. */
function unnamedIn(text: string, mdx = true): string[] {
  const unnamed: UnnamedMedia[] = [];
  scanPageLinks(text, mdx, unnamed);
  return unnamed.map((m) => `${text.slice(m.start, m.end)}${m.emptyAlt ? ' (empty alt)' : ''}`);
}

test('flagged: a markdown image with blank alt, an <img> or <video> with no alt or a blank one', () => {
  assert.deepEqual(unnamedIn('![](a.png) and ![  ](<b c.png>)\n'), ['![]', '![  ]']);
  assert.deepEqual(unnamedIn('<img src="a.png" />\n<img src="a.png" alt="" />\n<img alt="  " src="x">\n<img alt={""} />\n<img alt/>\n'), [
    '<img',
    '<img (empty alt)',
    '<img (empty alt)',
    '<img (empty alt)',
    '<img (empty alt)',
  ]);
  assert.deepEqual(unnamedIn('<video\n  src="a.mp4"\n  controls\n/>\n<video alt="" src="b.mp4"></video>\n'), ['<video', '<video (empty alt)']);
  assert.deepEqual(unnamedIn('<img src=a.png>\n', false), ['<img'], 'HTML in a .md page');
});

test('accepted: alt text, an ARIA name or a title, an expression, a spread, or marked decoration', () => {
  const accepted = [
    '![A chart](a.png)',
    '![`code` alt](a.png)',
    '<img src="a.png" alt="A chart" />',
    "<img src='a.png' alt='A chart'>",
    '<img src="a.png" alt={props.alt} />',
    '<img src="a.png" alt={"A chart"} />',
    '<img src="a.png" {...props} />',
    '<img src="a.png" aria-label="A chart" />',
    '<img src="a.png" aria-labelledby="caption" />',
    '<img src="a.png" title="A chart" />',
    '<img src="a.png" alt="" aria-hidden="true" />',
    '<img src="a.png" alt="" role="presentation" />',
    '<video src="a.mp4" title="A demo" controls />',
    '<video src="a.mp4" aria-label="A demo" />',
    '<video src="a.mp4" alt="A demo" />',
    '</video>',
    '<Image src="a.png" />',
    '<imgx src="a.png" />',
  ];
  for (const text of accepted) assert.deepEqual(unnamedIn(`${text}\n`), [], text);
  assert.deepEqual(unnamedIn('<img src=a.png alt=chart>\n', false), []);
});

test('issue 35: `![](https://…png"` with no `)` is text on the platform, not an image: no finding; closed, with or without a title, it is one', () => {
  const open = ['![](https://cdn.example.com/shot.png"', '![](https://cdn.example.com/shot.png "Shot"', '![](/shot.png other words)', '![](/shot.png'];
  for (const text of open) {
    assert.deepEqual(unnamedIn(`${text}\n\nMore text.)\n`), [], text);
    assert.deepEqual(scanPageLinks(`${text}\n\nMore text.)\n`), [], text);
  }
  const closed = ['![](https://cdn.example.com/shot.png)', '![](/shot.png "Shot")', "![](/shot.png 'Shot')", '![](/shot.png (Shot))', '![](/shot.png\n  "Shot")', '![](<shot one.png> "Shot")'];
  for (const text of closed) assert.deepEqual(unnamedIn(`${text}\n`), ['![]'], text);
  assert.deepEqual(scanPageLinks('![](/shot.png "Shot")\n').map((link) => link.href), ['/shot.png']);
});

test('code, comments and expressions are skipped; reference images are not read (as `mint a11y`)', () => {
  const text = [
    '```md',
    '![](in-fence.png)',
    '<img src="in-fence.png" />',
    '```',
    '`![](inline.png)` <!-- <img src="comment.png"> -->',
    '{cond && <img src="expression.png" />}',
    '![][ref]',
    '',
    '[ref]: x.png',
  ].join('\n');
  assert.deepEqual(unnamedIn(text), []);
});

test('through the language service: one warning each, on `![]` and on `<img`/`<video`', () => {
  const page = ['# Title', '', 'Text ![](a.png) and ![ok](a.png)', '<img src="a.png" alt="" />', '  <video src="v.mp4" />', '<img src="a.png" alt="fine" />'].join('\n');
  const site = openSite('{ "navigation": { "pages": ["a"] } }', { files: { 'a.mdx': page, 'a.png': '', 'v.mp4': '' } });
  const found = site.service.checkPages(site.project).byFile.get(path.join(site.root, 'a.mdx'))!;
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character]),
    [
      ['image-alt', 2, 2, 5, 8],
      ['image-alt', 2, 3, 0, 4],
      ['image-alt', 2, 4, 2, 8],
    ],
  );
  assert.match(String(found[0].message), /^This image has no alt text/);
  assert.match(String(found[1].message), /^"alt=""" marks this image as decoration/);
  assert.match(String(found[2].message), /^"<video>" has no accessible name/);
  // Alt text written clears the finding.
  site.service.openDocument(site.uriOf('a.mdx'), page.replace('![](a.png)', '![A chart](a.png)'));
  const again = site.service.checkPages(site.project, [path.join(site.root, 'a.mdx')], false).byFile.get(path.join(site.root, 'a.mdx'))!;
  assert.deepEqual(again.map((d) => d.range.start.line), [3, 4]);
});

test('a blank-alt image inside a link with text of its own is accepted (the text names the link; WCAG H2); alone in a link, flagged', () => {
  assert.deepEqual(unnamedIn('[![](logo.png) Open the app](/app)\n'), []);
  assert.deepEqual(unnamedIn('[Open ![](logo.png)](/app)\n'), []);
  assert.deepEqual(unnamedIn('[![](a.png "title") Open](/app)\n'), []);
  assert.deepEqual(unnamedIn('[![Logo](logo.png) ![](b.png)](/app)\n'), [], 'an alt beside it names the link');
  assert.deepEqual(unnamedIn('[![](badge.svg)](https://colab.example.com)\n'), ['![]']);
  assert.deepEqual(unnamedIn('[![](a.png) ![](b.png)](/app)\n'), ['![]', '![]']);
  assert.deepEqual(unnamedIn('![](a.png) [a link](/b)\n'), ['![]'], 'a link after it is no link around it');
});
