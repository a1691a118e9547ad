// Issue 26 (accessibility, as `mint a11y` checks alt text): an image or video of a page with no text alternative.
import { diagnostic, Diagnostic } from '../diagnostics';
import { SourceFile } from '../json/json-tree';
import { UnnamedMedia } from '../pages/page-links';

const MESSAGES: Record<UnnamedMedia['form'], string> = {
  image: 'This image has no alt text: a screen reader cannot say what it shows. Describe it between the brackets: `![what it shows](...)`',
  img: '`<img>` has no `alt` text: a screen reader cannot say what it shows. Add `alt="what it shows"`',
  video: '`<video>` has no accessible name: a screen reader cannot say what it shows. Add `aria-label="what it shows"` or `title` (`mint a11y` asks for `alt`)',
};

const EMPTY_ALT =
  '`alt=""` marks this image as decoration, so a screen reader skips it. If it shows something, describe it; if it is decoration, say so with `aria-hidden="true"`';

export function checkImageAlt(page: () => SourceFile, unnamed: readonly UnnamedMedia[]): Diagnostic[] {
  return unnamed.map((media) =>
    diagnostic('image-alt', { file: page(), offset: media.start, length: media.end - media.start }, media.emptyAlt && media.form === 'img' ? EMPTY_ALT : MESSAGES[media.form]),
  );
}
