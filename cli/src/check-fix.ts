// `check --fix` and `--fix-dry-run`: the quick fixes the editor offers (the service's code actions, no other fix
// code), those that need no choice: the one fix offered for a finding, a text edit of existing files (no file
// created, no command run), inside the docs folder by the same guard every edit the server proposes passes.
import path = require('node:path');
import { CodeAction, DiagnosticSeverity, Diagnostic as LspDiagnostic, Range, TextEdit } from 'vscode-languageserver-types';
import { DocsLanguageService, DocsProject, FIXES_INVENT, readDataFile, writeDataFile } from '../../server/src/language';

/** Passes of fixing and checking again: a fix may uncover another (eslint stops at 10 as well). */
const MAX_PASSES = 10;
/** A file larger than this is not rewritten (the service does not read pages that large either). */
const MAX_BYTES = 64 * 1024 * 1024;

export interface FixedFile {
  file: string;
  before: string;
  after: string;
  /** The fixes' titles, in the order applied. */
  fixes: string[];
}

/** How to get a project's findings of the moment (docs.json's and every page's, by file). */
export type Findings = () => Promise<Map<string, LspDiagnostic[]>>;

/**
 * Applies the safe fixes in the service's open texts, pass after pass until none is left: the fixed files with their
 * text before and after. Nothing is written (see `writeFixes`).
 */
export async function safeFixes(service: DocsLanguageService, project: DocsProject, findings: Findings): Promise<FixedFile[]> {
  const fixed = new Map<string, FixedFile>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const chosen = chooseFixes(service, await findings());
    if (!chosen.length) break;
    const byFile = nonOverlapping(chosen);
    let changed = false;
    for (const [file, { edits, titles }] of byFile) {
      const before = fixed.get(file)?.after ?? project.workspace.read(path.relative(project.folder, file).split(path.sep).join('/')) ?? readDataFile(file, MAX_BYTES);
      const text = typeof before === 'string' ? before : before && 'text' in before ? before.text : undefined;
      if (text === undefined) continue;
      const after = applyEdits(text, edits);
      if (after === text) continue;
      const entry = fixed.get(file) ?? { file, before: text, after: text, fixes: [] };
      entry.after = after;
      for (const title of titles) entry.fixes.push(title);
      fixed.set(file, entry);
      const uri = service.uriOf(file);
      service.openDocument(uri, after);
      changed = true;
    }
    if (!changed) break;
  }
  return [...fixed.values()].filter((f) => f.after !== f.before).sort((a, b) => (a.file < b.file ? -1 : 1));
}

/** The one fix of each finding that has exactly one, when it edits existing files only. */
function chooseFixes(service: DocsLanguageService, byFile: Map<string, LspDiagnostic[]>): CodeAction[] {
  const chosen: CodeAction[] = [];
  for (const [file, diagnostics] of byFile) {
    const uri = service.uriOf(file);
    for (const d of diagnostics) {
      // Errors and warnings only, what fails a check: an info or a hint is advice (the platform accepts 'ja').
      // A fix that writes words nobody chose (a title, alt text) is left for a writer to finish.
      if (FIXES_INVENT.has(String(d.code)) || (d.severity !== DiagnosticSeverity.Error && d.severity !== DiagnosticSeverity.Warning)) continue;
      const offered = (service.codeActions(uri, d.range, [d], { createFiles: false, commands: [] }) ?? []).filter((a) => a.diagnostics?.some((x) => sameFinding(x, d)));
      if (offered.length !== 1) continue;
      const [action] = offered;
      if (action.command || action.edit?.documentChanges || !action.edit?.changes) continue;
      chosen.push(action);
    }
  }
  return chosen;
}

function sameFinding(a: LspDiagnostic, b: LspDiagnostic): boolean {
  return a.code === b.code && a.message === b.message && sameRange(a.range, b.range);
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** The fixes' edits by file; a fix whose edits touch another chosen fix's (or the same edit twice) waits for the next pass. */
function nonOverlapping(actions: CodeAction[]): Map<string, { edits: TextEdit[]; titles: string[] }> {
  const byFile = new Map<string, { edits: TextEdit[]; titles: string[] }>();
  const taken = new Set<string>();
  for (const action of actions) {
    const changes = Object.entries(action.edit!.changes!).map(([uri, edits]) => [fileOf(uri), edits] as const);
    const clash = changes.some(([file, edits]) => edits.some((e) => (byFile.get(file)?.edits ?? []).some((other) => overlaps(e.range, other.range))));
    const key = JSON.stringify(action.edit);
    if (clash || taken.has(key)) continue;
    taken.add(key);
    for (const [file, edits] of changes) {
      const entry = byFile.get(file) ?? { edits: [], titles: [] };
      for (const edit of edits) entry.edits.push(edit);
      if (!entry.titles.includes(action.title)) entry.titles.push(action.title);
      byFile.set(file, entry);
    }
  }
  return byFile;
}

function fileOf(uri: string): string {
  return (require('node:url') as typeof import('node:url')).fileURLToPath(uri);
}

function before(a: Range['start'], b: Range['start']): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

/** Two ranges share a character, or two insertions are at one place (their order would be a guess). */
function overlaps(a: Range, b: Range): boolean {
  if (sameRange(a, b)) return true;
  return before(a.start, b.end) && before(b.start, a.end);
}

/** A text with non-overlapping edits applied (LSP positions: UTF-16 columns). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const offset = (p: Range['start']) => Math.min(text.length, (lineStarts[Math.min(p.line, lineStarts.length - 1)] ?? text.length) + p.character);
  const sorted = edits.map((e) => ({ start: offset(e.range.start), end: offset(e.range.end), text: e.newText })).sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * Writes the fixed files, each whole or not at all (writeDataFile), when the file on disk is still the text that was
 * fixed: a file changed meanwhile keeps its text. Returns a line for each file not written.
 */
export function writeFixes(fixed: readonly FixedFile[]): string[] {
  const problems: string[] = [];
  for (const { file, before, after } of fixed) {
    const now = readDataFile(file, MAX_BYTES);
    if (!now || !('text' in now)) problems.push(`${file} was not fixed: ${now && 'refused' in now ? now.refused : 'it is gone'}`);
    else if (now.text !== before) problems.push(`${file} was not fixed: it changed during the check`);
    else {
      const failed = writeDataFile(file, after);
      if (failed) problems.push(`${file} was not fixed: ${failed}`);
    }
  }
  return problems;
}

/** A unified diff of the fixed files (`--fix-dry-run`), paths as `shown` gives them, 3 lines of context. */
export function unifiedDiff(fixed: readonly FixedFile[], shown: (file: string) => string): string {
  return fixed.map((f) => fileDiff(shown(f.file), f.before, f.after)).join('');
}

function fileDiff(name: string, before: string, after: string): string {
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = lineDiff(a, b);
  const out = [`--- a/${name}`, `+++ b/${name}`];
  // Hunks: the changed lines with up to 3 lines of context, changes closer than 6 lines sharing one hunk.
  let i = 0;
  while (i < ops.length) {
    if (ops[i].kind === ' ') {
      i++;
      continue;
    }
    let from = i;
    for (let n = 0; n < 3 && from > 0 && ops[from - 1].kind === ' '; n++) from--;
    let to = i;
    for (;;) {
      while (to < ops.length && ops[to].kind !== ' ') to++;
      let same = 0;
      while (to + same < ops.length && ops[to + same].kind === ' ') same++;
      if (to + same < ops.length && same <= 6) to += same;
      else {
        to += Math.min(3, same);
        break;
      }
    }
    const hunk = ops.slice(from, to);
    const aStart = hunk[0].a;
    const bStart = hunk[0].b;
    const aCount = hunk.filter((o) => o.kind !== '+').length;
    const bCount = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${range(aStart, aCount)} +${range(bStart, bCount)} @@`);
    for (const o of hunk) out.push(o.kind + o.line);
    i = to;
  }
  return out.join('\n') + '\n';
}

interface DiffOp {
  kind: ' ' | '-' | '+';
  line: string;
  /** The line's index in the old text (for '+': where it goes), and in the new one (for '-': where it was). */
  a: number;
  b: number;
}

/** Myers' shortest edit script over lines: O((N+M)·D), D the number of changed lines (few for fixes). */
function lineDiff(a: string[], b: string[]): DiffOp[] {
  const max = a.length + b.length;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  outer: for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= a.length && y >= b.length) break outer;
    }
  }
  const ops: DiffOp[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && vd[offset + k - 1] < vd[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : vd[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({ kind: ' ', line: a[x], a: x, b: y });
    }
    if (d === 0) break;
    if (x === prevX) ops.push({ kind: '+', line: b[prevY], a: x, b: prevY });
    else ops.push({ kind: '-', line: a[prevX], a: prevX, b: y });
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}

function range(start: number, count: number): string {
  return count === 0 ? `${start},0` : `${start + 1},${count}`;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
