// Issue 45: links with no accessible name (`link-name`): an `<a href>` named by nothing is flagged; one named by its
// text, an image's alt, aria-label, aria-labelledby or title is not, nor an `<a>` without href (a target).
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { TextDocumentEdit } from 'vscode-languageserver-types';
import { scanPageLinks, UnnamedMedia } from '../../server/src/checker/pages/page-links';
import { openSite } from '../language-service/helpers';

/** The unnamed links the scan finds, each as the text of its line. */
function unnamedLinks(text: string, mdx = true): string[] {
  const unnamed: UnnamedMedia[] = [];
  scanPageLinks(text, mdx, unnamed);
  return unnamed.filter((m) => m.form === 'link').map((m) => text.slice(m.start, text.indexOf('\n', m.start)));
}

test('flagged: an icon-only link, an image without alt, an empty link, a bare svg, a comment only', () => {
  const flagged = [
    '<a href="https://github.com/acme"><Icon icon="github" /></a>',
    '<a href="https://x.com/acme">\n  <Icon icon="x-twitter" size={20} />\n</a>',
    '<a href="https://discord.gg/acme"><img src="/discord.svg" alt="" /></a>',
    '<a href="https://discord.gg/acme"><img src="/discord.svg" alt="" /><Icon icon="discord" /></a>',
    '<a href="/start"></a>',
    '<a href="/start" />',
    '<a href="/start">   </a>',
    '<a href="/start"><svg width="10" height="10"><path d="M0 0" /></svg></a>',
    '<a href="/start">{/* soon */}</a>',
    '<a href="/start"><!-- soon --></a>',
    '<a href={url}><Icon icon="x" /></a>',
    '<a href="/start" title=""><span></span></a>',
  ];
  for (const text of flagged) assert.equal(unnamedLinks(`${text}\n`).length, 1, text);
  assert.equal(unnamedLinks('<a href=/x></a>\n', false).length, 1, 'HTML in a .md page');
});

test('one finding for one cause: a link whose only content is an image with no alt at all is image-alt\'s (its fix names the link)', () => {
  const text = '<a href="https://discord.gg/acme"><img src="/discord.svg" /></a>\n<a href="/start">![](/logo.png)</a>\n';
  const unnamed: UnnamedMedia[] = [];
  scanPageLinks(text, true, unnamed);
  assert.deepEqual(unnamed.map((m) => m.form), ['img', 'image']);
});

test('accepted: text, an image with alt, aria-label, aria-labelledby, title, an expression, a component that may render text, a target', () => {
  const accepted = [
    '<a href="/start">Get started</a>',
    '<a href="/start"><span>Get started</span></a>',
    '<a href="/start"><Icon icon="rocket" /> Get started</a>',
    '<a href="/start"><img src="/logo.png" alt="Acme" /></a>',
    '<a href="/start"><img src="/logo.png" alt={name} /></a>',
    '<a href="/start" aria-label="Get started"><Icon icon="rocket" /></a>',
    '<a href="/start" aria-labelledby="label"><Icon icon="rocket" /></a>',
    '<a href="/start" title="Get started"><Icon icon="rocket" /></a>',
    '<a href="/start" aria-label={label}><Icon icon="rocket" /></a>',
    '<a href="/start" {...props} />',
    '<a href="/start">{label}</a>',
    '<a href="/start"><Badge /></a>',
    '<a href="/start"><svg><title>Get started</title><path d="M0 0" /></svg></a>',
    '<a href="/start"><span aria-label="Get started"></span></a>',
    '<a href="/start">![Acme](/logo.png)</a>',
    '<a href="/start" aria-hidden="true"></a>',
    '<a id="install"></a>',
    '<a name="old-anchor"></a>',
    '<a id="x" />',
    '<abbr title="x"></abbr>',
    '<A href="/start" />',
    '`<a href="/x"></a>`',
    '```html\n<a href="/x"></a>\n```',
  ];
  for (const text of accepted) assert.deepEqual(unnamedLinks(`${text}\n`), [], text);
  // Unclosed, content too long to read, or cut by another <a> (links do not nest; each content is read once): not judged.
  assert.deepEqual(unnamedLinks('<a href="/x"><Icon icon="x" /><a href="/y">Y</a>\n'), []);
  assert.deepEqual(unnamedLinks('<a href="/x">'), []);
  assert.deepEqual(unnamedLinks(`<a href="/x">${' '.repeat(5000)}</a>\n`), []);
});

test('through the language service: a warning on `<a`, with a quick fix inserting aria-label; off skips it', () => {
  const page = ['# Title', '', '<a href="https://github.com/acme"><Icon icon="github" /></a>', '<a id="top"></a>', '<a href="/a">A</a>'].join('\n');
  const site = openSite('{ "navigation": { "pages": ["a"] } }', { files: { 'a.mdx': page } });
  const file = path.join(site.root, 'a.mdx');
  const found = site.service.checkPages(site.project).byFile.get(file)!.filter((d) => d.code === 'link-name');
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character]),
    [['link-name', 2, 2, 0, 2]],
  );
  assert.match(String(found[0].message), /^This link has no accessible name/);
  const uri = site.uriOf('a.mdx');
  site.service.openDocument(uri, page);
  const [fix] = site.service.codeActions(uri, found[0].range, found, { snippetEdits: true }) ?? [];
  assert.equal(fix.title, 'Add aria-label=""');
  const [change] = fix.edit!.documentChanges as TextDocumentEdit[];
  assert.deepEqual(change.edits, [{ range: { start: { line: 2, character: 2 }, end: { line: 2, character: 2 } }, snippet: { kind: 'snippet', value: ' aria-label="$0"' } }]);
  site.service.configure(site.project, { enable: true, severity: { 'link-name': 'off' }, extraLanguageCodes: [], addRedirectsOnRename: false });
  assert.deepEqual(site.service.checkPages(site.project).byFile.get(file)?.filter((d) => d.code === 'link-name') ?? [], []);
});
