// What a whole check keeps of the pages it read (issue 52): findings, not texts. Kept findings once held their page's
// text (their file, its line map, messages and missing paths cut from it, a "did you mean" memo's keys): the
// 25,000-page synthetic site's check held 154 MB of page text until it ended.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import * as v8 from 'node:v8';
import { openSite } from '../language-service/helpers';

/** The strings of the process's heap that contain `needle` (a snapshot collects garbage first). */
function heapStringsWith(needle: string): string[] {
  const file = v8.writeHeapSnapshot(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kept-texts-')), 'heap.heapsnapshot'));
  try {
    const { strings } = JSON.parse(fs.readFileSync(file, 'utf8')) as { strings: string[] };
    return strings.filter((s) => s.includes(needle));
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** A site of 20 pages, each with findings that quote it; the texts are on disk only (not held by the test). */
function siteOfQuotedPages(marker: string): ReturnType<typeof openSite> {
  const pages: Record<string, string> = {};
  for (let i = 0; i < 20; i++) {
    // Each finding quotes the page: an unknown component (and its "did you mean"), a broken link, a bad icon.
    pages[`guide/page-${i}.mdx`] =
      `---\ntitle: Page ${i}\nicon: not-an-icon-name-${i}\n---\n\n${marker} ${i} ${'words '.repeat(40)}\n\n<Cardd title="x">y</Cardd>\n\n[gone](/missing/a-long-missing-path-${i})\n`;
  }
  return openSite(JSON.stringify({ name: 'S', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: Object.keys(pages).map((p) => p.replace(/\.mdx$/, '')) } }), { files: pages });
}

test('a whole check keeps no page text: not through findings, their messages or data, missing paths or suggestions', () => {
  const marker = `prose-${process.pid}-${Date.now()}`;
  const site = siteOfQuotedPages(marker);
  const published = site.service.checkPages(site.project).byFile;
  const codes = new Set([...published.values()].flat().map((d) => d.code));
  for (const code of ['broken-link', 'unknown-component']) assert.ok(codes.has(code), `${code} among ${[...codes].join(', ')}`);
  const held = heapStringsWith(marker).filter((s) => s.includes('words words'));
  assert.deepEqual(held.map((s) => s.slice(0, 80)), [], 'no page text is reachable after the check');
  // The kept findings still place themselves, and are still there.
  const again = site.service.checkPages(site.project).byFile;
  assert.deepEqual(again, published);
});

test('a kept finding\'s file is small: no getter, closure or property array of its own (issue 52: 7 MB on the synthetic site); it reads its text when asked', () => {
  const marker = `kept-file-${process.pid}`;
  const site = siteOfQuotedPages(marker);
  site.service.checkPages(site.project);
  const kept = [...site.project.pageLinks.keptFindings()].flatMap(([, found]) => found);
  assert.ok(kept.length >= 20, `${kept.length} kept findings`);
  for (const finding of kept) {
    assert.equal(Object.getOwnPropertyDescriptor(finding.file, 'text'), undefined, 'no getter of its own');
    assert.ok(finding.file.text.includes(marker), 'the text read again');
    assert.equal(finding.file.lines.length, finding.file.text.length);
  }
});
