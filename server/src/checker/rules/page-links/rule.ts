import { diagnostic, findingsLeftOut, Diagnostic, MAX_FINDINGS_PER_FILE, RuleCode } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { LinkTargets, resolveLink, Resolution, resolvesToSomething, tooLongChain, withoutBasePath } from '../../links/resolve-link';
import { LinkForm, PageLink } from '../../pages/page-links';
import { RuleModule } from '../rule-module';
import { brokenLinkFixes, pageBrokenLinkFixes } from './fixes';
import { pushAll } from '../../text/push-all';

/** The code a link that lands nowhere gets, by how it is written. */
export function brokenLinkCode(link: PageLink): RuleCode {
  if (link.form === 'import') return 'missing-snippet';
  if (link.form === 'image' || link.form === 'src') return 'missing-image';
  return 'broken-link';
}

const WHAT: Record<LinkForm, string> = {
  link: 'Link',
  definition: 'Link',
  href: 'Link',
  image: 'Image',
  src: 'File',
  import: 'Snippet',
};

/**
 * The elements whose `src` the platform loads as a file (HTML's elements that fetch one). No built-in component takes
 * `src` (`@mintlify/components`), and a site's own component reads it as it likes: `<Survey src="docs-interact">`
 * names a tag, not a path (issue 45).
 */
const FILE_ELEMENTS = new Set(['img', 'source', 'video', 'audio', 'iframe', 'embed', 'track', 'script', 'input']);

/** Whether a link names something to find: not the `src` of a component, which may mean anything. */
export function namesFile(link: PageLink): boolean {
  return link.form !== 'src' || link.tag === undefined || FILE_ELEMENTS.has(link.tag);
}

/** An SVG `<use>`: its `href` names a sprite sheet's symbol (`assets/icons.svg#icon-anchor`), a decoration. */
function isSprite(link: PageLink): boolean {
  return link.tag === 'use' && link.form === 'href';
}

/** Issue 18: every internal link, image and snippet import of a page lands on a file, a generated page or a redirect. */
export function checkPageLinks(pageFile: () => SourceFile, relative: string, links: readonly PageLink[], targets: LinkTargets): Diagnostic[] {
  const found: Diagnostic[] = [];
  let page: SourceFile | undefined;
  let more = 0;
  let firstLeftOut: Diagnostic | undefined;
  // Missing sprite sheets, by path: one finding each (TypeDoc's pages use one on every member; issue 45).
  const sprites = new Map<string, { first: PageLink; uses: number }>();
  for (const link of links) {
    if (link.href === '' || link.unused || !namesFile(link)) continue;
    const resolution = resolveLink(link.href, targets, relative);
    if (resolvesToSomething(resolution)) continue;
    if (isSprite(link)) {
      const sheet = landing(resolution);
      const seen = sprites.get(sheet);
      if (seen) seen.uses++;
      else sprites.set(sheet, { first: link, uses: 1 });
      continue;
    }
    // Past the cap, only counted: a million findings took 2 GB.
    if (found.length >= MAX_FINDINGS_PER_FILE) {
      if (more++ === 0) firstLeftOut = diagnostic(brokenLinkCode(link), { file: (page ??= pageFile()), offset: link.start, length: link.end - link.start }, '');
      continue;
    }
    const missing = landing(resolution);
    const via = resolution.kind === 'redirect' ? ` (redirected to \`${resolution.destination}\`)` : '';
    // Short: the Problems panel cuts a long message, and what was looked for (a page, a file, a generated API page, a
    // redirect) is the same for every link. The path it looked for is named when it is not what the link says.
    const written = withoutQuery(link.href).replace(/\/$/, '');
    const path = written === `/${missing}` || via ? '' : ` (no \`/${missing}\`)`;
    const chain = tooLongChain(resolution);
    const message = `${WHAT[link.form]} target \`${link.href}\` not found${chain || `${path}${via}`}`;
    // The page a fix may create or look near: under a base path, without it (a `docs/` folder made for `/docs/x`
    // would end the base path itself, and every link carrying it with it: issue 23, the sub-path site).
    found.push(diagnostic(brokenLinkCode(link), { file: (page ??= pageFile()), offset: link.start, length: link.end - link.start }, message, { page: withoutBasePath(missing, targets.basePath) || missing }));
  }
  for (const [sheet, { first, uses }] of sprites) {
    const times = uses === 1 ? 'its icon draws' : `its ${uses.toLocaleString('en-US')} icons on this page draw`;
    found.push(diagnostic('missing-sprite', { file: (page ??= pageFile()), offset: first.start, length: first.end - first.start }, `Sprite file \`/${sheet}\` not found: ${times} blank`));
  }
  if (firstLeftOut) found.push(findingsLeftOut(firstLeftOut, more));
  return found;
}

/** `href.replace(/[?#].*$/, '')` in one pass: cut at the first `?` or `#` past the last line break. */
function withoutQuery(href: string): string {
  const from = Math.max(href.lastIndexOf('\n'), href.lastIndexOf('\r'), href.lastIndexOf('\u2028'), href.lastIndexOf('\u2029')) + 1;
  const query = href.indexOf('?', from);
  const hash = href.indexOf('#', from);
  const cut = query < 0 ? hash : hash < 0 ? query : Math.min(query, hash);
  return cut < 0 ? href : href.slice(0, cut);
}

function landing(resolution: Resolution): string {
  if (resolution.kind === 'redirect') return landing(resolution.target);
  return resolution.kind === 'missing' ? resolution.path : '';
}

export const rule: RuleModule = {
  folder: 'page-links',
  codes: { 'broken-link': 'error', 'missing-image': 'error', 'missing-snippet': 'error', 'missing-sprite': 'warning' },
  breaksBuild: ['missing-snippet'],
  page: {
    skippedWhenOff: [],
    check(page) {
      if (page.missing.size) pushAll(page.found, checkPageLinks(page.file, page.relative, page.links, page.targets));
    },
  },
  fixes: { 'broken-link': brokenLinkFixes },
  pageFixes: { 'broken-link': pageBrokenLinkFixes },
};
