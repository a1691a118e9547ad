// What a snippet file exports, as the platform's build reads it when it resolves a page's imports of it (its
// export map: `export const|let|var|function|class X`, `export { a as b }`, `export default`).

export interface SnippetExports {
  names: Set<string>;
  hasDefault: boolean;
  /** Only front matter and ESM: no content that the build would render as the file's default. */
  onlyEsm: boolean;
  /** An export whose names are not read here (`export * from`, a destructuring, CommonJS): nothing is flagged. */
  unknown: boolean;
}

/** The extensions the build reads as snippets; an import of another file is not found by it. */
export const SNIPPET_EXTENSIONS = ['.mdx', '.md', '.jsx', '.tsx'];

const DECLARATION = /^export[ \t]+(?:declare[ \t]+)?(?:default[ \t]+)?(?:async[ \t]+)?(const|let|var|function\*?|class|enum|type|interface)[ \t]*(\*?)[ \t]*([A-Za-z_$][\w$]*)?/;
const LIST = /^export[ \t]+(?:type[ \t]+)?\{([^}]*)\}/;

/**
 * The exports of a snippet's text. `jsx`: a `.jsx`/`.tsx` file (every line may be an export); else an MDX or markdown
 * snippet, whose exports are ESM lines outside fenced code. One pass over the lines.
 */
export function snippetExports(text: string, jsx: boolean): SnippetExports {
  const found: SnippetExports = { names: new Set(), hasDefault: false, onlyEsm: true, unknown: false };
  const lines = text.split('\n');
  let line = jsx ? 0 : frontMatterEnd(lines);
  let fence: string | undefined;
  let blockStart = true;
  for (; line < lines.length; line++) {
    const raw = lines[line];
    const content = raw.trimEnd();
    if (!jsx) {
      const marker = /^[ \t]*(`{3,}|~{3,})/.exec(content)?.[1];
      if (fence) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length && content.trim() === marker) fence = undefined;
        continue;
      }
      if (content.trim() === '') {
        blockStart = true;
        continue;
      }
      // A block that is not ESM (nor the indented rest of a function after a blank line) is content.
      if (blockStart && !/^(?:import|export)\b/.test(content) && !/^[ \t})\]]/.test(raw)) found.onlyEsm = false;
      blockStart = false;
      if (marker) {
        fence = marker;
        continue;
      }
    }
    if (jsx && /\bmodule\.exports\b|\bexports\.[A-Za-z_$]/.test(content)) found.unknown = true;
    if (!content.startsWith('export')) continue;
    readExport(content, found);
  }
  return found;
}

function readExport(line: string, found: SnippetExports): void {
  if (/^export[ \t]+default\b/.test(line)) {
    found.hasDefault = true;
    return;
  }
  if (/^export[ \t]*\*/.test(line)) {
    found.unknown = true;
    return;
  }
  const list = LIST.exec(line);
  if (list) {
    for (const part of list[1].split(',')) {
      const words = part.trim().split(/\s+/).filter(Boolean);
      const name = words[words.length - 1];
      if (!name) continue;
      if (name === 'default') found.hasDefault = true;
      else found.names.add(name);
    }
    return;
  }
  if (/^export[ \t]*\{/.test(line)) {
    // A list over several lines: not read.
    found.unknown = true;
    return;
  }
  const declaration = DECLARATION.exec(line);
  if (!declaration) {
    if (/^export\b/.test(line)) found.unknown = true;
    return;
  }
  if (declaration[3]) found.names.add(declaration[3]);
  else found.unknown = true; // `export const { a, b } = ...`
}

function frontMatterEnd(lines: string[]): number {
  const marker = /^(---|\+\+\+)[ \t\r]*$/.exec(lines[0] ?? '')?.[1];
  if (!marker) return 0;
  for (let line = 1; line < lines.length; line++) if (lines[line].trimEnd() === marker) return line + 1;
  return 0;
}
