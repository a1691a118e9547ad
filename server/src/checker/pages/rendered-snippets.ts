// Snippets a page renders: the platform's build inlines them before it makes ids and the table of contents, so their
// headings and components give the page ids (issue 35; its checker, which parses pages one by one, does not).

/** A default import of a markdown file at a line start: `import Opts from '/snippets/opts.mdx'`. */
const DEFAULT_IMPORT = /^import[ \t]+([A-Za-z_$][\w$]*)[ \t]+from[ \t]+(['"])([^'"\n]+\.mdx?)\2/gm;

/** The sources of the snippets a page's text default-imports and renders as a tag (`<Opts />`), in text order. */
export function renderedSnippets(text: string): string[] {
  if (!text.includes('import')) return [];
  const sources: string[] = [];
  for (const match of text.matchAll(DEFAULT_IMPORT)) {
    if (rendersTag(text, match[1]) && !sources.includes(match[3])) sources.push(match[3]);
  }
  return sources;
}

/** Whether `<Name` opens a tag somewhere in the text (followed by a blank, `/` or `>`). */
function rendersTag(text: string, name: string): boolean {
  const open = `<${name}`;
  for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, at + 1)) {
    const next = text.charAt(at + open.length);
    if (next === '' || next === '/' || next === '>' || /\s/.test(next)) return true;
  }
  return false;
}
