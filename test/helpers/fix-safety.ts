// The fix-safety property: every quick fix offered for a finding of docs.json (or a `$ref` part), or, with `pages`, of a
// page, applied alone, removes that finding, adds none of any severity anywhere (docs.json, its parts, every page),
// keeps valid JSON valid and keeps the file's layout, and changes a page only inside the finding it fixes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScanner, Node as JsonNode, parse, ParseError, parseTree, SyntaxKind } from 'jsonc-parser';
import { CodeAction, Diagnostic, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isPageFile, pageIdOf } from '../../server/src/checker';
import { mdxVerdict } from '../../server/src/checker/pages/mdx-parse';
import { DEFAULT_SETTINGS } from '../../server/src/project/project-settings';
import { ACCEPT_LANGUAGE_CODE_COMMAND } from '../../server/src/protocol/client-commands';
import { ORPHAN_CODE } from '../../server/src/project/project-settings';
import { createLanguageService, DocsLanguageService, DocsProject, nameListsFile } from '../../server/src/language';

export interface FixFailure {
  site: string;
  finding: string;
  fix: string;
  problem: string;
}

export interface FixSafetyReport {
  findings: number;
  fixes: number;
  failures: FixFailure[];
}

/**
 * A finding as a multiset key that survives edits elsewhere: its file, code and message (ranges shift when a fix adds
 * or removes text before it; a line a message names is left out for the same reason). With `covered`, also the text
 * it covers, which tells two findings of one message apart. A finding is new when the count of its key without the
 * covered text grows: the text a finding covers may change with the fix while it stays the same finding (an object's
 * missing-key finding covers its first key; a fix removes that key).
 */
function keyOf(file: string, d: Diagnostic, text: string | undefined, covered: boolean): string {
  // unlisted-endpoints names what is missing: a fix that lists one of them (or an entry fixed into one) shortens
  // the list, and the shorter finding is the same one.
  const message = String(d.message).replace(/\bline \d+/g, 'line N').replace(/^\d+ operations? of (\S+) (?:is|are) in no navigation entry.*$/s, 'operations of $1 in no navigation entry');
  return `${file}|${d.code}|${message}${covered && text !== undefined ? `|${coveredText(text, d)}` : ''}`;
}

function coveredText(text: string, d: Diagnostic): string {
  const doc = TextDocument.create('file:///x', 'json', 0, text);
  return text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end));
}

function counts(keys: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const key of keys) map.set(key, (map.get(key) ?? 0) + 1);
  return map;
}

/** A docs folder under test: its service and project, and the texts of the JSON files it reads. */
export class FixSafetySite {
  readonly service: DocsLanguageService;
  readonly project: DocsProject;
  private readonly docsJson: string;
  private readonly open = new Map<string, string>();

  /**
   * `pages`: the findings of every page count too (their fixes are tried, and a new one is a problem), and the
   * orphan hints ("not in the navigation") with their fixes; a page a fix creates is not in the navigation until the
   * writer puts it there, so its own orphan hint is not a new finding.
   */
  constructor(readonly name: string, readonly root: string, docsJsonText?: string, readonly pages = false) {
    // The icon names as the server and the CLI read them: unknown-icon findings and their fixes are tried too. With
    // pages, their MDX is parsed too (in process): an unclosed tag's fix is tried as the others are.
    this.service = createLanguageService(pages ? { mdxParse: mdxVerdict, nameLists: nameListsFile() } : { nameLists: nameListsFile() });
    this.service.addWorkspaceFolder(root);
    this.docsJson = path.join(root, 'docs.json');
    const project = this.service.projectOfDocsJson(this.uriOf(this.docsJson));
    if (!project) throw new Error(`no project for ${this.docsJson}`);
    this.project = project;
    this.service.configure(project, { ...DEFAULT_SETTINGS });
    this.openText(this.docsJson, docsJsonText ?? fs.readFileSync(this.docsJson, 'utf8'));
  }

  uriOf(file: string): string {
    return this.service.uriOf(file);
  }

  /** Replaces docs.json's text in the editor (a seeded fault). */
  setDocsJson(text: string): void {
    this.openText(this.docsJson, text);
  }

  private openText(file: string, text: string): void {
    if (this.open.has(file)) this.service.changeDocument(this.uriOf(file), text);
    else this.service.openDocument(this.uriOf(file), text);
    this.open.set(file, text);
  }

  /** Replaces a page's text in the editor (a seeded fault); `undefined` closes it (its file's text counts again). */
  setPage(file: string, text: string | undefined): void {
    if (text !== undefined) this.openText(file, text);
    else this.closeText(file);
  }

  private closeText(file: string): void {
    if (!this.open.delete(file)) return;
    this.service.closeDocument(this.uriOf(file));
  }

  textOf(file: string): string | undefined {
    if (this.open.has(file)) return this.open.get(file);
    return fs.existsSync(file) && fs.statSync(file).isFile() ? fs.readFileSync(file, 'utf8') : undefined;
  }

  /** The JSON findings (docs.json and its parts), with `pages` those of every page and the orphan hints, as [file, diagnostic]. */
  findings(): [string, Diagnostic][] {
    const out: [string, Diagnostic][] = [];
    for (const [file, list] of this.service.check(this.project).byFile) for (const d of list) out.push([file, d]);
    if (this.pages) {
      for (const [file, list] of this.service.checkPages(this.project).byFile) for (const d of list) out.push([file, d]);
      for (const [file, list] of this.service.orphanHints(this.project)) for (const d of list) out.push([file, d]);
    }
    return out;
  }

  /** A finding's key as `run` counts it (its file, code and message). */
  keyOf(file: string, d: Diagnostic): string {
    return keyOf(path.relative(this.root, file), d, undefined, false);
  }

  private keys(findings: [string, Diagnostic][], covered: boolean): string[] {
    return findings.map(([file, d]) => keyOf(path.relative(this.root, file), d, this.textOf(file), covered));
  }

  /**
   * Checks every fix of every finding; `limit` caps the findings tried (in order, or in the order `shuffle` gives
   * the indexes), for seeded faults and large sites; `only` chooses the findings tried (the others count as before).
   */
  run(report: FixSafetyReport, limit = Infinity, only?: (file: string, d: Diagnostic) => boolean, shuffle?: (indexes: number[]) => number[]): void {
    const before = this.findings();
    const beforeKeys = this.keys(before, true);
    const beforeCounts = { covered: counts(beforeKeys), loose: counts(this.keys(before, false)) };
    let tried = 0;
    const order = before.map((_, i) => i).filter((i) => !only || only(...before[i]));
    for (const i of shuffle ? shuffle(order) : order) {
      if (tried >= limit) break;
      const [file, d] = before[i];
      // As after the server's pass over the pages: every page checked again since the last fix was undone (a created
      // page removed re-checks the pages that landed on it), so that fixes read their kept findings.
      if (this.pages) this.service.checkPages(this.project);
      const actions = this.service.codeActions(this.uriOf(file), d.range, [d], { createFiles: true, commands: [ACCEPT_LANGUAGE_CODE_COMMAND], snippetEdits: true }) ?? [];
      const own = actions.filter((a) => a.diagnostics?.some((x) => x.code === d.code && x.message === d.message && JSON.stringify(x.range) === JSON.stringify(d.range)));
      if (!own.length) continue;
      tried++;
      report.findings++;
      for (const action of own) {
        report.fixes++;
        const problems = this.tryFix(action, file, d, beforeKeys[i], beforeCounts);
        for (const problem of problems) report.failures.push({ site: this.name, finding: `${path.relative(this.root, file)}: ${d.code} ${d.message}`, fix: action.title, problem });
      }
    }
  }

  /** Applies one fix, checks again, undoes it; the problems found. */
  private tryFix(action: CodeAction, fixedFile: string, fixed: Diagnostic, fixedKey: string, beforeCounts: { covered: Map<string, number>; loose: Map<string, number> }): string[] {
    const problems: string[] = [];
    const edited = action.edit ? applyEdit(action.edit, (uri) => this.textOf(fileURLToPath(uri))) : new Map<string, Edited>();
    const wasOpen = new Set([...edited.keys()].map((uri) => fileURLToPath(uri)).filter((file) => this.open.has(file)));
    const created: string[] = [];
    const settings = this.project.settings;
    try {
      if (action.command) {
        if (action.command.command !== ACCEPT_LANGUAGE_CODE_COMMAND) return [`unknown command ${action.command.command}`];
        const code = String(action.command.arguments?.[0]);
        this.service.configure(this.project, { ...settings, extraLanguageCodes: [...settings.extraLanguageCodes, code] });
      }
      for (const [uri, { before, after, regions }] of edited) {
        const file = fileURLToPath(uri);
        if (before === undefined) {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, after);
          created.push(file);
          this.service.fileEvents([{ uri, type: 'created' }]);
        } else if (file.endsWith('.json')) {
          problems.push(...layoutProblems(path.relative(this.root, file), before, after, regions));
          this.openText(file, after);
        } else if (this.pages && isPageFile(file)) {
          problems.push(...pageEditProblems(path.relative(this.root, file), before, after, file === fixedFile ? fixed : undefined));
          this.openText(file, after);
        } else {
          problems.push(`edits a file that is not JSON: ${file}`);
        }
      }
      const afterFindings = this.findings();
      const covered = counts(this.keys(afterFindings, true));
      if ((covered.get(fixedKey) ?? 0) >= (beforeCounts.covered.get(fixedKey) ?? 0)) problems.push('the finding it fixes is still there');
      const madeOrphans = new Set(created.map((file) => `${path.relative(this.root, file)}|${ORPHAN_CODE}`));
      // Likewise a page of the default language that a fix writes into docs.json (a misspelt entry replaced) or creates
      // is not translated yet: its translation-missing finding, which names it, is not a new finding.
      const madePages = new Set(created.map((file) => pageIdOf(path.relative(this.root, file).split(path.sep).join('/'))));
      const written = [...edited.values()].map((e) => (e.before === undefined || !e.regions ? e.after : e.regions.map(([a, b]) => e.after.slice(a, b)).join('\n'))).join('\n');
      const untranslated = new Set(
        afterFindings
          .filter(([, d]) => d.code === 'translation-missing' && typeof d.data?.translationOf === 'string' && (written.includes(`"${d.data.translationOf}"`) || madePages.has(d.data.translationOf)))
          .map(([file, d]) => keyOf(path.relative(this.root, file), d, undefined, false)),
      );
      // A page a fix creates may be where a chain of redirects ended nowhere (broken-link's, and redirect-chain kept
      // quiet): the chain now ends on it, and redirect-chain tells of the hops. The chain was there before the fix.
      const completedChains = new Set(
        afterFindings
          .filter(([, d]) => d.code === 'redirect-chain' && typeof d.data?.suggestion === 'string' && madePages.has(d.data.suggestion.replace(/^\//, '')))
          .map(([file, d]) => keyOf(path.relative(this.root, file), d, undefined, false)),
      );
      // While docs.json did not parse, the findings after its first syntax error and the orphans were withheld (issue
      // 38): a fix of that error shows them again; they are not the fix's.
      const withheld = (file: string, d: Diagnostic) => fixed.code === 'json-syntax' && (d.code === ORPHAN_CODE || (file === fixedFile && comparePositions(d.range.start, fixed.range.start) >= 0));
      // Likewise unlisted-endpoints waits while an endpoint entry of the spec names no operation: a fix of that entry
      // (unknown-endpoint) shows what is still missing.
      const waited = (d: Diagnostic) => fixed.code === 'unknown-endpoint' && d.code === 'unlisted-endpoints';
      const counted = afterFindings.filter(([file, d]) => !(fixed.code === 'json-syntax' && withheld(file, d)) && !waited(d));
      // A language code replaced by its fix is renamed in the messages that name it (translation-link's "from a page
      // of 'ja'" becomes "of 'jp'"): the same finding under its new name, not a new one.
      const renamedCode = /language-code$/.test(String(fixed.code)) ? [/'([^']+)'/.exec(String(fixed.message))?.[1], /"([^"]+)"/.exec(written)?.[1]] : [];
      const asBefore = (key: string) => (renamedCode[0] && renamedCode[1] ? key.split(`'${renamedCode[1]}'`).join(`'${renamedCode[0]}'`) : key);
      for (const [key, count] of counts(this.keys(counted, false))) {
        if (madeOrphans.has(key.slice(0, key.indexOf('|', key.indexOf('|') + 1))) || untranslated.has(key) || completedChains.has(key)) continue;
        if (count > (beforeCounts.loose.get(key) ?? 0) && count > (beforeCounts.loose.get(asBefore(key)) ?? 0)) problems.push(`new finding: ${key}`);
      }
    } finally {
      for (const [uri, { before }] of edited) {
        const file = fileURLToPath(uri);
        if (before === undefined) continue;
        // A page that was not open closes again (its file's text counts); docs.json and its parts stay open.
        if (this.pages && isPageFile(file) && !file.endsWith('.json') && !wasOpen.has(file)) this.closeText(file);
        else this.openText(file, before);
      }
      for (const file of created) {
        fs.rmSync(file);
        this.service.fileEvents([{ uri: this.uriOf(file), type: 'deleted' }]);
      }
      if (action.command) this.service.configure(this.project, settings);
    }
    return problems;
  }
}

/**
 * How a fix changed a page, as problems: any change outside the span of the finding it fixes (`fixed`; undefined:
 * the fix changes a page other than the finding's, which no fix should).
 */
export function pageEditProblems(file: string, before: string, after: string, fixed: Diagnostic | undefined): string[] {
  if (!fixed) return [`${file}: a page other than the finding's changed`];
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  // An unclosed tag is closed where its content ends (issue 38): the one change outside the finding allowed, a closing tag added.
  const inserted = after.slice(prefix, after.length - suffix);
  if (fixed.code === 'mdx-syntax' && before.length - suffix === prefix && /^\s*<\/[\w.:-]+>\s*$/.test(inserted)) return [];
  const doc = TextDocument.create('file:///x', 'markdown', 0, before);
  const start = doc.offsetAt(fixed.range.start);
  const end = doc.offsetAt(fixed.range.end);
  if (fixed.code === 'unknown-component' && renamesClosingTag(before, after, start, end)) return [];
  // An insertion beside a character it repeats (` alt=""` after `<img`, before ` src`) is read at its last place
  // from the front: read from the back, it may be inside the finding.
  let back = 0;
  while (back < before.length && back < after.length && before[before.length - 1 - back] === after[after.length - 1 - back]) back++;
  let front = 0;
  while (front < before.length - back && front < after.length - back && before[front] === after[front]) front++;
  if (front >= start && before.length - back <= end) return [];
  return prefix < start || before.length - suffix > end ? [`${file}: changed outside the finding (${before.slice(prefix, before.length - suffix).slice(0, 80)} → ${after.slice(prefix, after.length - suffix).slice(0, 80)})`] : [];
}

/** What the writer types at a snippet edit's cursor. */
const WRITER_TYPES = 'The settings page with its save button';

function comparePositions(a: { line: number; character: number }, b: { line: number; character: number }): number {
  return a.line - b.line || a.character - b.character;
}

/** Whether `after` is `before` with the component name at start..end renamed, and one later `</name>` with it. */
function renamesClosingTag(before: string, after: string, start: number, end: number): boolean {
  const name = before.slice(start, end);
  const grown = (after.length - before.length) / 2;
  if (!Number.isInteger(grown)) return false;
  const renamed = after.slice(start, end + grown);
  const head = before.slice(0, start) + renamed;
  for (let close = before.indexOf(`</${name}>`, end); close >= 0; close = before.indexOf(`</${name}>`, close + 1)) {
    if (head + before.slice(end, close + 2) + renamed + before.slice(close + 2 + name.length) === after) return true;
  }
  return false;
}

interface Edited {
  before?: string;
  after: string;
  /** The spans of `after` the edit wrote (undefined when a file was edited twice: found by comparing the texts). */
  regions?: [number, number][];
}

/** The texts before and after a workspace edit, by URI (`before` undefined: a file it creates). */
function applyEdit(edit: WorkspaceEdit, textOf: (uri: string) => string | undefined): Map<string, Edited> {
  const out = new Map<string, Edited>();
  const apply = (uri: string, edits: TextEdit[]) => {
    const entry = out.get(uri) ?? { before: textOf(uri), after: textOf(uri) ?? '' };
    const doc = TextDocument.create(uri, 'json', 0, entry.after);
    // Where each edit's new text lands in the result (edits do not overlap; applied in order of position).
    const sorted = edits.map((e) => ({ start: doc.offsetAt(e.range.start), end: doc.offsetAt(e.range.end), text: e.newText })).sort((a, b) => a.start - b.start);
    let shift = 0;
    const regions: [number, number][] = [];
    for (const e of sorted) {
      regions.push([e.start + shift, e.start + shift + e.text.length]);
      shift += e.text.length - (e.end - e.start);
    }
    entry.regions = out.has(uri) ? undefined : regions;
    entry.after = TextDocument.applyEdits(doc, edits);
    out.set(uri, entry);
  };
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) apply(uri, edits);
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) {
      if (change.kind !== 'create') throw new Error(`a fix may not ${change.kind} files`);
      if (textOf(change.uri) === undefined) out.set(change.uri, { before: undefined, after: '' });
    } else {
      // A snippet edit leaves the cursor at `$0` (or `$1`, mirrored), where the writer types (what an image shows).
      const typed = change.edits.map((e) => ('snippet' in e ? TextEdit.replace(e.range, e.snippet.value.replace(/\$\d/g, WRITER_TYPES)) : e));
      apply(change.textDocument.uri, typed.filter((e): e is TextEdit => 'newText' in e));
    }
  }
  return out;
}

function strictErrors(text: string): ParseError[] {
  const errors: ParseError[] = [];
  parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  return errors;
}

/**
 * How a fix changed a JSON file's layout, as problems: valid JSON made invalid; a file of several lines made one;
 * in the text it wrote, an indentation other than the file's (tabs for spaces, a width off its unit), a colon or a
 * comma without the space or line break the file writes after them, or a new container of containers written on
 * one line inside a container written over several (JSON.stringify's compact form).
 */
export function layoutProblems(file: string, before: string, after: string, regions?: [number, number][]): string[] {
  const problems: string[] = [];
  if (!strictErrors(before).length && strictErrors(after).length) problems.push(`${file}: valid JSON made invalid`);
  if (before.includes('\n') && !after.includes('\n')) problems.push(`${file}: written on one line`);
  if (!regions) {
    let prefix = 0;
    while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
    let suffix = 0;
    while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
    regions = [[prefix, after.length - suffix]];
  }
  for (const [start, end] of regions) if (end > start) problems.push(...writtenLayoutProblems(file, before, after, start, end));
  return problems;
}

/** Layout problems of the text a fix wrote at [start, end) of `after`. */
function writtenLayoutProblems(file: string, before: string, after: string, start: number, end: number): string[] {
  const problems: string[] = [];

  // Indentation of the lines the fix began.
  const indents = before.split('\n').map((line) => /^[ \t]*/.exec(line)![0]).filter(Boolean);
  const tabs = indents.some((i) => i.includes('\t'));
  const spaces = indents.some((i) => i.includes(' '));
  const unit = indents.filter((i) => !i.includes('\t')).reduce((g, i) => gcd(g, i.length), 0);
  const lineStarts = [...after.slice(start, end).matchAll(/\n([ \t]*)/g)].map((m) => m[1]);
  for (const indent of lineStarts) {
    if (!tabs && indent.includes('\t')) problems.push(`${file}: a tab in the indentation of a file indented with spaces`);
    else if (tabs && !spaces && indent.includes(' ')) problems.push(`${file}: spaces in the indentation of a file indented with tabs`);
    else if (unit > 1 && !indent.includes('\t') && indent.length % unit !== 0) problems.push(`${file}: an indentation of ${indent.length}, not a multiple of the file's ${unit}`);
  }

  // Spacing after colons and commas written by the fix, where the file writes a space or a line break after most.
  const spacing = (text: string, from: number, to: number) => {
    const found = { colon: [0, 0], comma: [0, 0] };
    const scanner = createScanner(text, false);
    for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
      const offset = scanner.getTokenOffset();
      if (offset < from || offset >= to) continue;
      const kind = token === SyntaxKind.ColonToken ? 'colon' : token === SyntaxKind.CommaToken ? 'comma' : undefined;
      if (!kind) continue;
      const next = text[offset + 1];
      found[kind][next === ' ' || next === '\n' || next === '\r' || next === '\t' ? 0 : 1]++;
    }
    return found;
  };
  const file0 = spacing(before, 0, before.length);
  const made = spacing(after, start, end);
  for (const kind of ['colon', 'comma'] as const) {
    if (file0[kind][0] > file0[kind][1] && made[kind][1] > 0) problems.push(`${file}: a ${kind} written without the space the file writes after it`);
  }

  // New containers of containers on one line, inside a container written over several lines.
  const tree = parseTree(after, [], { allowTrailingComma: true, disallowComments: false });
  const stack: JsonNode[] = tree ? [tree] : [];
  while (stack.length) {
    const node = stack.pop()!;
    for (const child of node.children ?? []) stack.push(child);
    if (node.type !== 'object' && node.type !== 'array') continue;
    if (node.offset < start || node.offset + node.length > end) continue;
    const text = after.slice(node.offset, node.offset + node.length);
    if (text.includes('\n') || before.includes(text)) continue;
    const holdsContainers = (node.children ?? []).some((c) => {
      const value = c.type === 'property' ? c.children?.[1] : c;
      return value?.type === 'object' || value?.type === 'array';
    });
    let parent = node.parent;
    while (parent && parent.type !== 'object' && parent.type !== 'array') parent = parent.parent;
    const parentMultiline = parent ? after.slice(parent.offset, parent.offset + parent.length).includes('\n') : false;
    if (holdsContainers && parentMultiline) problems.push(`${file}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text} written on one line`);
  }
  return problems;
}

function gcd(a: number, b: number): number {
  return b ? gcd(b, a % b) : a;
}
