import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkDocs, CheckOptions, Diagnostic, DocsWorkspace } from '../../server/src/checker';

/** Writes a docs folder into a fresh temp dir: values that are not strings are written as JSON. */
export function makeDocsRepo(files: Record<string, unknown>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-repo-'));
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(root, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
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

/** A docs.json whose navigation is `navigation`, plus empty page files for `pages`. */
export function repoWith(navigation: unknown, pages: string[] = [], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const files: Record<string, unknown> = { 'docs.json': { name: 'Test', navigation, ...extra } };
  for (const page of pages) files[/\.mdx?$/.test(page) ? page : `${page}.mdx`] = '';
  return files;
}

