// Issue 50: a page too large for an agent's context, by the thresholds AFDocs publishes for its `page-size-markdown`
// check (agent-ecosystem/afdocs, its default `thresholds: { pass: 50_000, fail: 100_000 }` characters of the page as
// Markdown: under 50,000 passes, up to 100,000 warns, over it fails). Measured from the source: the page's text
// below its front matter, which the platform's Markdown export (`/page.md`) serves with its components as written.
import { diagnostic } from '../../diagnostics';
import { frontMatterEnd } from '../../pages/front-matter';
import { RuleModule } from '../rule-module';

/** AFDocs's defaults: a page passes under 50,000 characters and fails over 100,000. */
export const AFDOCS_PASS = 50_000;
export const AFDOCS_FAIL = 100_000;

function thousands(n: number): string {
  return n.toLocaleString('en-US');
}

export const rule: RuleModule = {
  folder: 'agent-page-size',
  codes: { 'agent-page-size': 'info' },
  page: {
    check(page) {
      // The length test first: nearly every page is far below it, and its front matter is not looked for then.
      if (page.text.length < AFDOCS_PASS) return;
      const start = frontMatterEnd(page.text);
      const size = page.text.length - start;
      if (size < AFDOCS_PASS) return;
      const band = size > AFDOCS_FAIL ? `over ${thousands(AFDOCS_FAIL)} characters, where AFDocs's page-size check fails: agents that cut pages at that length lose its end` : `between ${thousands(AFDOCS_PASS)} and ${thousands(AFDOCS_FAIL)} characters, where AFDocs's page-size check warns: agents with smaller limits cut it`;
      // Marked: the first line of text below the front matter.
      let first = start;
      while (first < page.text.length && /\s/.test(page.text[first])) first++;
      const end = page.text.indexOf('\n', first);
      page.found.push(
        diagnostic(
          'agent-page-size',
          { file: page.file(), offset: first, length: (end < 0 ? page.text.length : end) - first },
          // The size is not in the message: a fix elsewhere in the page changes it, and the finding must stay the same one.
          `This page's text is ${band}. Split it into pages of under ${thousands(AFDOCS_PASS)} characters`,
        ),
      );
    },
  },
};
