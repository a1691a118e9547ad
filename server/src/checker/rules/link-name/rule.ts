// Issue 45 (accessibility, a miss `mint a11y` finds): an `<a href>` with no accessible name, such as an icon-only
// link to GitHub or Discord. A link is named by its text, an image's `alt` inside it, `aria-label`,
// `aria-labelledby` or `title`; an `<a>` without `href` is a target, not a link. Found by the page scanner's pass.
import { diagnostic, Diagnostic } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { UnnamedMedia } from '../../pages/page-links';
import { RuleModule } from '../rule-module';
import { linkNameFixes } from './fixes';
import { pushAll } from '../../text/push-all';

const MESSAGE =
  'This link has no accessible name: a screen reader says only "link" (its content is an icon, an image without alt text, or nothing). Add `aria-label="where it goes"`, or text inside it (the only name `mint a11y` reads)';

export function checkLinkNames(page: () => SourceFile, unnamed: readonly UnnamedMedia[]): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const media of unnamed) if (media.form === 'link') found.push(diagnostic('link-name', { file: page(), offset: media.start, length: media.end - media.start }, MESSAGE));
  return found;
}

export const rule: RuleModule = {
  folder: 'link-name',
  codes: { 'link-name': 'warning' },
  pageFixes: { 'link-name': linkNameFixes },
  page: {
    collects: ['unnamed-media'],
    check(page) {
      if (page.unnamed?.length) pushAll(page.found, checkLinkNames(page.file, page.unnamed));
    },
  },
};
