// The quick fixes of the language findings (issue 37): list an existing translation at the mirrored place, create a
// missing one from the default page (marked for translation) and list it, list the translation instead of a fallback;
// none adds a finding; an unlisted translation is told once (on docs.json), not also as "not in the navigation".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FixSafetyReport, FixSafetySite } from '../helpers/fix-safety';
import { openSite } from './helpers';

const DOCS = (ja: string) => `{
  "theme": "mint", "name": "T", "colors": { "primary": "#0B7D62" },
  "navigation": {
    "languages": [
      { "language": "en", "groups": [{ "group": "Guide", "pages": ["en/a", "en/b", "en/c"] }] },
      { "language": "ja", "groups": [{ "group": "ガイド", "pages": [${ja}] }] }
    ]
  }
}
`;

const EN_B = '---\ntitle: "B"\n---\n\nEnglish text of b.\n';

function fixesOf(site: ReturnType<typeof openSite>, code: string) {
  const diagnostics = site.check()['docs.json'].filter((d) => d.code === code);
  return diagnostics.flatMap((d) => site.service.codeActions(site.uri, d.range, [d], { createFiles: true }) ?? []);
}

test('translation-missing: an existing translation is listed after its neighbour\'s, in the file\'s layout', () => {
  const site = openSite(DOCS('"ja/a", "ja/c"'), { files: { 'en/a.mdx': '', 'en/b.mdx': EN_B, 'en/c.mdx': '', 'ja/a.mdx': '', 'ja/b.mdx': '', 'ja/c.mdx': '' } });
  const [fix] = fixesOf(site, 'translation-missing');
  assert.equal(fix.title, "Add 'ja/b' to the group 'ガイド' of 'ja'");
  assert.equal(fix.isPreferred, true);
  const after = site.apply(fix.edit!)['docs.json'];
  assert.match(after, /"pages": \["ja\/a", "ja\/b", "ja\/c"\]/);
  site.change(after);
  assert.deepEqual(site.check()['docs.json'].filter((d) => String(d.code).startsWith('translation')), []);
});

test('translation-missing: a missing translation is created from the default page, marked, and listed', () => {
  const site = openSite(DOCS('"ja/a", "ja/c"'), { files: { 'en/a.mdx': '', 'en/b.mdx': EN_B, 'en/c.mdx': '', 'ja/a.mdx': '', 'ja/c.mdx': '' } });
  const [fix] = fixesOf(site, 'translation-missing');
  assert.equal(fix.title, "Create 'ja/b.mdx' from the en page and add it to the group 'ガイド' of 'ja'");
  const texts = site.apply(fix.edit!);
  assert.equal(texts['ja/b.mdx'], '---\ntranslation: "todo: translate from en (en/b.mdx), then remove this line"\ntitle: "B"\n---\n\nEnglish text of b.\n');
  assert.match(texts['docs.json'], /"pages": \["ja\/a", "ja\/b", "ja\/c"\]/);
  // Without the ability to create files, no fix: listing a page that does not exist would be a missing-page.
  const diagnostics = site.check()['docs.json'].filter((d) => d.code === 'translation-missing');
  assert.deepEqual(site.service.codeActions(site.uri, diagnostics[0].range, diagnostics, { createFiles: false }), []);
});

test('translation-fallback: the translation replaces the other language\'s page', () => {
  const site = openSite(DOCS('"ja/a", "en/b", "ja/c"'), { files: ['en/a.mdx', 'en/b.mdx', 'en/c.mdx', 'ja/a.mdx', 'ja/b.mdx', 'ja/c.mdx'] });
  const [fix] = fixesOf(site, 'translation-fallback');
  assert.equal(fix.title, "Replace with 'ja/b'");
  const after = site.apply(fix.edit!)['docs.json'];
  site.change(after);
  assert.deepEqual(site.check()['docs.json'].filter((d) => String(d.code).startsWith('translation')), []);
});

test('an unlisted translation is told once: on docs.json, not also as a page "not in the navigation"', () => {
  const site = openSite(DOCS('"ja/a", "ja/c"'), { files: ['en/a.mdx', 'en/b.mdx', 'en/c.mdx', 'ja/a.mdx', 'ja/b.mdx', 'ja/c.mdx', 'ja/extra.mdx'] });
  site.check();
  const orphans = [...site.service.orphanHints(site.project).keys()].map((file) => site.relativeOf(new URL(`file://${file}`).href));
  assert.deepEqual(orphans, ['ja/extra.mdx'], 'ja/b is told by translation-missing; ja/extra, which no language lists, stays an orphan');
  // With translation-missing off, ja/b is an orphan again.
  site.service.configure(site.project, { ...site.project.settings, severity: { 'translation-missing': 'off' } });
  const again = [...site.service.orphanHints(site.project).keys()].map((file) => site.relativeOf(new URL(`file://${file}`).href));
  assert.deepEqual(again.sort(), ['ja/b.mdx', 'ja/extra.mdx']);
});

test('every translation fix removes its finding and adds none (fix-safety)', () => {
  const site = openSite(DOCS('"ja/a", "en/c"'), { files: { 'en/a.mdx': '', 'en/b.mdx': EN_B, 'en/c.mdx': '', 'ja/a.mdx': '', 'ja/c.mdx': '' } });
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  new FixSafetySite('languages', site.root, site.text, true).run(report, Infinity, (_file, d) => String(d.code).startsWith('translation'));
  assert.ok(report.fixes >= 2, `only ${report.fixes} fixes tried`);
  assert.deepEqual(report.failures, []);
});

test('translation-link: a link from a translated page into another language\'s page is a hint; within a language, none', () => {
  const site = openSite(DOCS('"ja/a", "ja/b", "ja/c"'), {
    files: {
      'en/a.mdx': '[to b](/en/b)',
      'en/b.mdx': '',
      'en/c.mdx': '',
      'ja/a.mdx': '[日本語](/ja/b) and [English](/en/c) and ![img](/en/pic.png)',
      'ja/b.mdx': '',
      'ja/c.mdx': '',
      'en/pic.png': '',
      'snippets/shared.mdx': '[English](/en/c)',
    },
  });
  site.check();
  const byFile = site.service.checkPages(site.project).byFile;
  const links = [...byFile].flatMap(([file, list]) => list.filter((d) => d.code === 'translation-link').map((d) => [site.relativeOf(new URL(`file://${file}`).href), d.message, d.severity]));
  assert.deepEqual(links, [['ja/a.mdx', "Leads to \"en/c.mdx\", a page of 'en', from a page of 'ja'", 4]]);
});

test('translation-link (issue 45): a link to the page\'s own counterpart is a language switch; a site\'s own <Link> prefixes the language itself', () => {
  const site = openSite(DOCS('"ja/a", "ja/b", "ja/c", "ja/guide/index"'), {
    files: {
      'en/a.mdx': '',
      'en/b.mdx': '',
      'en/c.mdx': '',
      'en/guide.mdx': '',
      // The banner of a machine-translated page, to its English original (also `guide/index` to `guide`).
      'ja/a.mdx': 'この文書は翻訳です。[English version](/en/a)\n\n[English b](/en/b)',
      'ja/guide/index.mdx': '[English](/en/guide)',
      // The site's own component adds the reader's language; the platform's Card does not.
      'ja/b.mdx': "import { Link } from '/snippets/link.jsx';\n\n<Link href=\"/en/c\">c</Link>\n\n<Card title=\"C\" href=\"/en/c\">c</Card>\n",
      'ja/c.mdx': '',
      'snippets/link.jsx': 'export const Link = ({ href, children }) => <a href={href}>{children}</a>;\n',
    },
  });
  site.check();
  const byFile = site.service.checkPages(site.project).byFile;
  const links = [...byFile].flatMap(([file, list]) => list.filter((d) => d.code === 'translation-link').map((d) => [site.relativeOf(new URL(`file://${file}`).href), d.message]));
  assert.deepEqual(links.sort(), [
    ['ja/a.mdx', "Leads to \"en/b.mdx\", a page of 'en', from a page of 'ja'"],
    ['ja/b.mdx', "Leads to \"en/c.mdx\", a page of 'en', from a page of 'ja'"],
  ]);
});
