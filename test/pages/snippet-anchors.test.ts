// Issue 35, cause 1: a page that renders a default-imported snippet offers the snippet's ids, as the platform's build
// inlines it (recursively, cycles safe); a snippet imported and not rendered offers none.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import { renderedSnippets } from '../../server/src/checker/pages/rendered-snippets';
import { openSite } from '../language-service/helpers';

const PAGE = "import Opts from '/snippets/opts.mdx'\n\n<Opts />\n\n[a](#format) [b](#nested-heading) [c](#formats) [d](/b#format)\n";
const UNRENDERED = "import Opts from '/snippets/opts.mdx'\n\n[a](#format)\n";

function site() {
  return openSite('{ "navigation": { "pages": ["a", "b", "c"] } }', {
    files: {
      'a.mdx': PAGE,
      'b.mdx': "import Options from '../snippets/opts.mdx'\n\n<Options/>\n",
      'c.mdx': UNRENDERED,
      'snippets/opts.mdx': "import Deep from './deep.mdx'\n\n## Format\n\n<Deep>\n</Deep>\n",
      // A cycle back to opts: read once.
      'snippets/deep.mdx': "import Opts from '/snippets/opts.mdx'\n\n### Nested heading\n\n<Opts />\n",
    },
  });
}

function anchorFindings(s: ReturnType<typeof site>, page: string, text: string): string[] {
  const found = s.service.checkPages(s.project, [path.join(s.root, page)], false).byFile.get(path.join(s.root, page)) ?? [];
  return found.filter((d) => d.code === 'broken-anchor').map((d) => text.split('\n')[d.range.start.line].slice(d.range.start.character, d.range.end.character));
}

test("a page rendering a snippet has the snippet's headings and those of the snippets it renders; not-rendered imports give none", () => {
  const s = site();
  assert.deepEqual(anchorFindings(s, 'a.mdx', PAGE), ['#formats']);
  assert.deepEqual(anchorFindings(s, 'c.mdx', UNRENDERED), ['#format']);
});

test("the snippet's text changed: the pages rendering it are checked against its new ids", () => {
  const s = site();
  assert.deepEqual(anchorFindings(s, 'a.mdx', PAGE), ['#formats']);
  s.service.openDocument(s.uriOf('snippets/opts.mdx'), '## Formats\n');
  assert.deepEqual(anchorFindings(s, 'a.mdx', PAGE), ['#format', '#nested-heading', '#format']);
});

test('which imports are rendered snippets: default imports of .mdx/.md files used as a tag', () => {
  const text = [
    "import Opts from '/snippets/opts.mdx'",
    'import Other from "./other.md"',
    "import { Named } from '/snippets/named.mdx'",
    "import Chart from '/snippets/chart.jsx'",
    "import Unused from '/snippets/unused.mdx'",
    '',
    '<Opts /> <Other>x</Other> <Named /> <Chart /> <UnusedThing />',
  ].join('\n');
  assert.deepEqual(renderedSnippets(text), ['/snippets/opts.mdx', './other.md']);
});
