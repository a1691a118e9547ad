// Issue 49: a page's snippet imports as the platform's build resolves them (its `resolveAllImports`, @mintlify/common
// 1.0.1182 of @mintlify/cli 4.0.1552, and the newest build's warnings): an import that is not a local path or not of a
// snippet's extension (the build finds no file), a default import of a snippet that has no default export, a named
// import of a name the snippet does not export. A path that names no file at all is `missing-snippet`'s.
import { diagnostic, Diagnostic } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { nearestName } from '../../text/nearest';
import { PageInput, PageLinkInput } from '../page-rule';
import { RuleModule } from '../rule-module';
import { importAt } from './import-clause';
import { SNIPPET_EXTENSIONS, SnippetExports, snippetExports } from './snippet-exports';

/** The largest snippet read for its exports. */
const MAX_SNIPPET_READ = 1_000_000;

function extensionOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash ? path.slice(dot).toLowerCase() : '';
}

/** Whether the build reads `source` as a local import: `/…`, `./…` or `../…` (its resolveImportPath). */
function isLocal(source: string): boolean {
  return source.startsWith('/') || source.startsWith('./') || source.startsWith('../');
}

/**
 * The findings of one import of a page. `landed`: the file of the folder the source resolves to; `exportsOf`: that
 * file's exports, undefined when it is not read (asked only when the findings depend on them).
 */
export function checkSnippetImport(page: () => SourceFile, text: string, link: { href: string; start: number; end: number }, landed: string | undefined, exportsOf: () => SnippetExports | undefined): Diagnostic[] {
  const source = link.href.trim();
  if (landed === undefined) return []; // missing-snippet's
  if (!isLocal(source)) {
    return [diagnostic('snippet-import-unresolved', { file: page(), offset: link.start, length: link.end - link.start }, `'${source}' is not a local path: the platform's build resolves only '/…', './…' and '../…' imports ("Only local imports are supported"), and the page gets nothing from it. Import '/${landed}'.`, { suggestion: `/${landed}` })];
  }
  if (!SNIPPET_EXTENSIONS.includes(extensionOf(source))) {
    const suggestion = SNIPPET_EXTENSIONS.includes(extensionOf(landed)) ? `/${landed}` : undefined;
    const why = extensionOf(source) ? `a ${extensionOf(source)} file is not a snippet` : 'a path without its extension names no snippet';
    return [
      diagnostic(
        'snippet-import-unresolved',
        { file: page(), offset: link.start, length: link.end - link.start },
        `The platform's build does not find '${source}': ${why} (it reads ${SNIPPET_EXTENSIONS.join(', ')} files).${suggestion ? ` Import '${suggestion}'.` : ''}`,
        suggestion ? { suggestion } : undefined,
      ),
    ];
  }
  const statement = importAt(text, link.start);
  if (!statement || statement.unchecked || !statement.names.length) return [];
  const exports = exportsOf();
  if (exports === undefined || exports.unknown) return [];
  const found: Diagnostic[] = [];
  for (const name of statement.names) {
    if (name.imported === 'default') {
      if (!noDefault(exports)) continue;
      const named = [...exports.names];
      found.push(
        diagnostic(
          'snippet-default-import',
          { file: page(), offset: name.offset, length: name.local.length },
          `'${source}' has no default export: the default import \`${name.local}\` renders nothing (the platform's build warns of it). Import one of its names instead: ${named.map((n) => `\`{ ${n} }\``).join(', ')}.`,
          named.length === 1 ? { suggestion: named[0] } : undefined,
        ),
      );
      continue;
    }
    if (exports.names.has(name.imported) || (name.imported === 'default' && exports.hasDefault)) continue;
    const suggestion = nearestName(name.imported, [...exports.names]);
    found.push(
      diagnostic(
        'snippet-missing-export',
        { file: page(), offset: name.offset, length: name.imported.length },
        `'${source}' exports no \`${name.imported}\`: the platform's build cannot resolve the import, and \`${name.local}\` is undefined on the page.${suggestion ? ` Did you mean \`${suggestion}\`?` : exports.names.size ? ` It exports ${[...exports.names].map((n) => `\`${n}\``).join(', ')}.` : ''}`,
        suggestion ? { suggestion } : undefined,
      ),
    );
  }
  return found;
}

/** As the build decides it: no default export, some named ones, and nothing but front matter and ESM. */
function noDefault(exports: SnippetExports): boolean {
  return !exports.hasDefault && exports.names.size > 0 && exports.onlyEsm;
}

/** A snippet's exports; null when it is too large to read for them. */
function readExports(landed: string): (text: string) => SnippetExports | null {
  return (text) => (text.length > MAX_SNIPPET_READ ? null : snippetExports(text, /\.[jt]sx$/i.test(landed)));
}

/**
 * A snippet's exports are kept by the host as a fact of the snippet (`pageFacts`): 200 pages importing one snippet
 * read and scanned it 200 times (175 ms of Portkey's 2.7 s check of its pages).
 */
function checkLink(page: PageInput, { link, landed }: PageLinkInput): void {
  if (link.form !== 'import') return;
  const exportsOf = (): SnippetExports | undefined => {
    if (landed === undefined) return undefined;
    if (page.site.pageFacts) return page.site.pageFacts(landed, 'snippet-exports', readExports(landed)) ?? undefined;
    const snippet = page.site.fileText?.(landed);
    if (snippet === undefined) return undefined;
    page.reads.add(landed);
    return readExports(landed)(snippet) ?? undefined;
  };
  for (const found of checkSnippetImport(page.file, page.text, link, landed, exportsOf)) page.found.push(found);
}

export const rule: RuleModule = {
  folder: 'snippet-imports',
  codes: { 'snippet-import-unresolved': 'warning', 'snippet-default-import': 'warning', 'snippet-missing-export': 'warning' },
  page: { link: checkLink },
};
