// agent-page-size (issue 50): a page of 50,000 characters or more below its front matter, by AFDocs's
// page-size-markdown thresholds (warns from 50,000, fails over 100,000), as the whole check reports it. FRONT's
// blank line after the front matter counts: body(n) makes a page of n + 1 characters.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';
import { siteFindings } from '../helpers/site-findings';
import { createLanguageService } from '../../server/src/language';

const FRONT = '---\ntitle: "Every option"\ndescription: "All of them"\n---\n\n';
const body = (length: number) => `First line of text.\n${'word '.repeat(Math.ceil(length / 5))}`.slice(0, length);
const findings = (pages: Record<string, string>) =>
  siteFindings(makeDocsRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: Object.keys(pages).map((f) => f.replace(/\.mdx?$/, '')) } }, ...pages })).filter((line) => line.includes(' agent-page-size '));

test('a page of 50,000 characters or more below its front matter: an info finding on its first line of text, saying its band', () => {
  assert.deepEqual(findings({ 'warned.mdx': FRONT + body(60_000), 'failed.md': FRONT + body(100_000), 'edge.mdx': FRONT + body(49_999) }), [
    'edge.mdx:6:1 agent-page-size First line of text.',
    'failed.md:6:1 agent-page-size First line of text.',
    'warned.mdx:6:1 agent-page-size First line of text.',
  ]);
});

test('the message names the band, warned or failed by AFDocs, not the size (a fix elsewhere in the page keeps the finding the same)', () => {
  const root = makeDocsRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: ['a', 'b'] } }, 'a.mdx': FRONT + body(59_999), 'b.mdx': FRONT + body(119_999) });
  const service = createLanguageService();
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  const messages = [...service.folderFindings.now(project).values()].flat().filter((d) => d.code === 'agent-page-size').map((d) => [d.severity, d.message]);
  service.dispose();
  assert.deepEqual(messages.sort(), [
    [3, "This page's text is between 50,000 and 100,000 characters, where AFDocs's page-size check warns: agents with smaller limits cut it. Split it into pages of under 50,000 characters"],
    [3, "This page's text is over 100,000 characters, where AFDocs's page-size check fails: agents that cut pages at that length lose its end. Split it into pages of under 50,000 characters"],
  ]);
});

test('quiet twin: 49,999 characters below the front matter pass, however long the front matter makes the file', () => {
  const longFront = `---\ntitle: "Long front"\nkeywords: [${Array.from({ length: 2000 }, (_, i) => `"k${i}"`).join(', ')}]\n---\n\n`;
  assert.ok((longFront + body(49_998)).length > 50_000);
  assert.deepEqual(findings({ 'under.mdx': FRONT + body(49_998), 'long-front.mdx': longFront + body(49_998) }), []);
});
