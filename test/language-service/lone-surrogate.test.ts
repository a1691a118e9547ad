// A lone surrogate in an editor's text (issue 34: it threw out of a heading's slug, and the folder lost every page
// finding). It costs nothing: the page is checked as its text saved as UTF-8 would be.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { openSite } from './helpers';

test('pages open with lone surrogates are checked: their findings and the folder’s are all there', () => {
  const site = openSite('{ "navigation": { "pages": ["index", "other", "third"] } }', {
    files: { 'index.mdx': '# Home\n', 'other.mdx': '# Other\n', 'third.mdx': '[gone](/nowhere)\n' },
  });
  site.service.openDocument(site.uriOf('index.mdx'), '# Head \uD800 x\n\n[a](/other#x\uDC00) [b](/gone) <h2>y\uD800</h2> <Step title="z\uD800">\n');
  site.service.openDocument(site.uriOf('other.mdx'), '---\ntitle: "t\uD800"\n---\n# Other \uDBFF\n\n[c](#q\uD800)\n');
  const at = (file: string) => path.join(site.root, file);
  const byFile = site.service.checkPages(site.project, ['index.mdx', 'other.mdx', 'third.mdx'].map(at)).byFile;
  const codes = (file: string) => (byFile.get(at(file)) ?? []).map((d) => d.code).sort();
  assert.deepEqual(codes('index.mdx'), ['broken-anchor', 'broken-link']);
  assert.deepEqual(codes('other.mdx'), ['broken-anchor']);
  assert.deepEqual(codes('third.mdx'), ['broken-link']);
});
