// docs-json-settings note §4: settings whose value is a file of the docs folder (a URL is never checked).
import { diagnostic } from '../diagnostics';
import { JValue, valueOf } from '../json/json-tree';
import { nearest } from '../text/nearest';
import { docsRelativePath } from '../workspace/docs-paths';
import { RuleContext } from './rule-context';

const IMAGE = /\.(svg|png|jpe?g|gif|webp|ico|avif)$/i;
const FONT = /\.(woff2?|ttf|otf)$/i;
const SPEC = /\.(json|ya?ml)$/i;
const GRAMMAR = /\.json$/i;

/** Where the file values are, as key paths from the root (`*`: each entry of an array), and the kind of file. */
const FILE_KEYS: [string[], RegExp, string][] = [
  [['logo'], IMAGE, 'logo'],
  [['logo', 'light'], IMAGE, 'logo'],
  [['logo', 'dark'], IMAGE, 'logo'],
  [['favicon'], IMAGE, 'favicon'],
  [['favicon', 'light'], IMAGE, 'favicon'],
  [['favicon', 'dark'], IMAGE, 'favicon'],
  [['background', 'image'], IMAGE, 'background image'],
  [['background', 'image', 'light'], IMAGE, 'background image'],
  [['background', 'image', 'dark'], IMAGE, 'background image'],
  [['thumbnails', 'background'], IMAGE, 'thumbnail background'],
  [['fonts', 'source'], FONT, 'font'],
  [['fonts', 'heading', 'source'], FONT, 'font'],
  [['fonts', 'body', 'source'], FONT, 'font'],
  [['api', 'asyncapi'], SPEC, 'AsyncAPI file'],
  [['api', 'asyncapi', '*'], SPEC, 'AsyncAPI file'],
  [['api', 'asyncapi', 'source'], SPEC, 'AsyncAPI file'],
  [['styling', 'codeblocks', 'languages', 'custom', '*'], GRAMMAR, 'language grammar'],
];

export const MAX_SUGGESTED_LENGTH = 1024;

/** An absolute URL (`https:`, `data:`, `//host`): not a file of the repo. */
const isUrl = (value: string) => /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//');

/** The values at a key path from `node` (`*`: each entry of an array). */
export function valuesAt(node: JValue | undefined, keys: string[]): JValue[] {
  if (!node) return [];
  if (!keys.length) return [node];
  const [key, ...rest] = keys;
  if (key === '*') return node.type === 'array' ? node.items.flatMap((item) => valuesAt(item, rest)) : [];
  return valuesAt(valueOf(node, key), rest);
}

export function checkSettingsFiles({ model, workspace, report }: RuleContext): void {
  let candidates: Map<RegExp, string[]> | undefined;
  for (const [keys, kind, what] of FILE_KEYS) {
    for (const value of valuesAt(model.root, keys)) {
      if (value.type !== 'string' || !value.plain.trim() || isUrl(value.plain)) continue;
      const relative = docsRelativePath(value.plain);
      if (relative === undefined || workspace.files.has(relative)) continue;
      candidates ??= new Map();
      if (!candidates.has(kind)) candidates.set(kind, [...workspace.files.all()].filter((f) => kind.test(f)));
      // No file name is that long: a near match is not looked for (edit distance grows with the product of lengths).
      const found = relative.length > MAX_SUGGESTED_LENGTH ? undefined : nearest(relative, candidates.get(kind)!, Math.max(4, Math.ceil(relative.length / 2)));
      const suggestion = found === undefined ? undefined : value.plain.startsWith('/') ? `/${found}` : found;
      const hint = suggestion ? `: did you mean '${suggestion}'?` : '';
      report(diagnostic('missing-file', value, `No ${what} file '${value.plain}' in the docs folder${hint}`, suggestion ? { suggestion } : undefined));
    }
  }
}
