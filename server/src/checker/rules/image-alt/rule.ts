// Issue 26 (accessibility, as `mint a11y` checks alt text): an image or video of a page with no text alternative.
import { diagnostic, Diagnostic } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { UnnamedMedia } from '../../pages/page-links';
import { RuleModule } from '../rule-module';
import { imageAltFixes } from './fixes';
import { pushAll } from '../../text/push-all';

const MESSAGES: Record<Exclude<UnnamedMedia['form'], 'link'>, string> = {
  image: 'This image has no alt text: a screen reader cannot say what it shows. Describe it between the brackets: `![what it shows](...)`',
  img: '`<img>` has no `alt` text: a screen reader cannot say what it shows. Add `alt="what it shows"`',
  // A screen reader reads `aria-label` (`alt` is no attribute of a video); `mint a11y` reads only `alt` on a video.
  video:
    '`<video>` has no accessible name: a screen reader cannot say what it shows. Add `aria-label="what it shows"` and `alt` with the same text: a screen reader reads the first, `mint a11y` only the second',
};

const EMPTY_ALT =
  '`alt=""` marks this image as decoration, so a screen reader skips it. If it shows something, describe it; if it is decoration, say so with `aria-hidden="true"`';

export function checkImageAlt(page: () => SourceFile, unnamed: readonly UnnamedMedia[]): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const media of unnamed) {
    if (media.form === 'link') continue;
    found.push(diagnostic('image-alt', { file: page(), offset: media.start, length: media.end - media.start }, media.emptyAlt && media.form === 'img' ? EMPTY_ALT : MESSAGES[media.form]));
  }
  return found;
}

export const rule: RuleModule = {
  folder: 'image-alt',
  codes: { 'image-alt': 'warning' },
  fixesInvent: ['image-alt'],
  pageFixes: { 'image-alt': imageAltFixes },
  page: {
    collects: ['unnamed-media'],
    check(page) {
      if (page.unnamed?.length) pushAll(page.found, checkImageAlt(page.file, page.unnamed));
    },
  },
};
