// docs-json-settings note §4: settings whose value is a file of the docs folder (a URL is never checked).
import { diagnostic } from '../../diagnostics';
import { JValue, valueOf } from '../../json/json-tree';
import { nearest } from '../../text/nearest';
import { docsRelativePath } from '../../workspace/docs-paths';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { nodeUnder, replaceWithSuggestion } from '../fix-edits';

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

/** What a file-valued setting holds: the file names of its kind, and what the kind is called. */
export interface FileSetting {
  kind: RegExp;
  what: string;
}

/** Whether a key path from the root (array indexes as numbers) is one of `pattern` (`*`: any index). */
export function keysMatch(pattern: readonly string[], keys: readonly (string | number)[]): boolean {
  return pattern.length === keys.length && pattern.every((key, i) => (key === '*' ? typeof keys[i] === 'number' : key === keys[i]));
}

/** The file setting whose value is at a key path from the root, if it is one. */
export function fileSettingAt(keys: readonly (string | number)[]): FileSetting | undefined {
  const found = FILE_KEYS.find(([pattern]) => keysMatch(pattern, keys));
  return found && { kind: found[1], what: found[2] };
}

/** Every value of a file setting in a docs.json root (any type: a rule or a feature takes the strings). */
export function* fileSettingValues(root: JValue | undefined): Iterable<FileSetting & { value: JValue }> {
  for (const [keys, kind, what] of FILE_KEYS) for (const value of valuesAt(root, keys)) yield { value, kind, what };
}

/** The file a file setting's value names, relative to the docs folder; undefined for a URL, a blank or a path outside. */
export function settingFilePath(written: string): string | undefined {
  return !written.trim() || isUrl(written) ? undefined : docsRelativePath(written);
}

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
  for (const { value, kind, what } of fileSettingValues(model.root)) {
    if (value.type !== 'string') continue;
    const relative = settingFilePath(value.plain);
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

export const rule: RuleModule = {
  folder: 'settings-files',
  codes: { 'missing-file': 'warning' },
  check: checkSettingsFiles,
  fixes: { 'missing-file': (d, { model }) => replaceWithSuggestion(d, nodeUnder(model, d)) },
};
