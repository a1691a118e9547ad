import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkDocs, CheckOptions, Diagnostic, DocsWorkspace } from '../../server/src/checker';
import { tempDir } from './temp-dir';

/**
 * Writes a docs folder into a fresh temp dir: values that are not strings are written as JSON. A docs.json given as
 * an object with `navigation` and no `theme` gets the other keys the platform requires (`REQUIRED_SETTINGS`), after
 * its own keys (the lines of those stay where they were): tests about the navigation need not spell them out.
 */
export function makeDocsRepo(files: Record<string, unknown>): string {
  const root = tempDir('docs-repo-');
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(root, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(withRequiredSettings(name, content), null, 2));
  }
  return root;
}

function withRequiredSettings(name: string, content: unknown): unknown {
  if (path.basename(name) !== 'docs.json' || typeof content !== 'object' || content === null || !('navigation' in content) || 'theme' in content) return content;
  return { ...content, ...Object.fromEntries(Object.entries(REQUIRED_SETTINGS).filter(([key]) => !(key in content))) };
}

export interface Finding {
  code: string;
  severity: string;
  /** File relative to the docs folder. */
  file: string;
  /** The exact source text the diagnostic covers. */
  text: string;
  line: number;
  message: string;
  data?: Diagnostic['data'];
}

export function findingsOf(root: string, diagnostics: Diagnostic[]): Finding[] {
  return diagnostics.map((d) => ({
    code: d.code,
    severity: d.severity,
    file: path.relative(root, d.file.path).split(path.sep).join('/'),
    text: d.file.text.slice(d.offset, d.offset + d.length),
    line: d.file.lines.positionAt(d.offset).line + 1,
    message: d.message,
    data: d.data,
  }));
}

/** Checks a docs folder made of `files` and returns its findings. */
export function checkRepo(files: Record<string, unknown>, options: CheckOptions = {}): Finding[] {
  const root = makeDocsRepo(files);
  return findingsOf(root, checkDocs(new DocsWorkspace(root), undefined, options).diagnostics);
}

/** Only the findings of one rule. */
export function findingsWithCode(findings: Finding[], code: string): Finding[] {
  return findings.filter((f) => f.code === code);
}

/** The keys the platform requires beside `navigation` (docs-json-settings note §2). */
export const REQUIRED_SETTINGS = { theme: 'mint', name: 'Test', colors: { primary: '#0B7D62' } };
/** The same keys as JSON text, to write after a text fixture's `navigation` (earlier offsets unchanged). */
export const REQUIRED_SETTINGS_TEXT = ', "theme": "mint", "name": "Test", "colors": { "primary": "#0B7D62" }';

/** A docs.json whose navigation is `navigation`, plus empty page files for `pages`. */
export function repoWith(navigation: unknown, pages: string[] = [], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const files: Record<string, unknown> = { 'docs.json': { ...REQUIRED_SETTINGS, navigation, ...extra } };
  for (const page of pages) files[/\.mdx?$/.test(page) ? page : `${page}.mdx`] = '';
  return files;
}

