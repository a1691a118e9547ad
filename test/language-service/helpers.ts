// In-process tests of the language service, in the manner of vscode-json-languageservice's: a docs.json snippet
// with a cursor marker `|`, a temp docs folder around it, and the feature called through the service entry.
//
//   const site = openSite('{ "navigation": { "pages": ["gu|"] } }', { files: ['guides/setup.mdx'] });
//   site.service.complete(site.project, site.uri, site.position);
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { Diagnostic, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_SETTINGS, DocsJsonSettings } from '../../server/src/project/project-settings';
import { createLanguageService, DocsLanguageService, DocsProject, LanguageServiceOptions } from '../../server/src/language';
import { tempRepo } from '../helpers/temp-repo';
import { rangeOfText } from '../lsp/helpers/lsp-client';

const MARKER = '|';

export interface SiteSetup {
  /** The other files of the docs folder: paths (written empty), or paths → content (non-strings written as JSON). */
  files?: string[] | Record<string, unknown>;
  /** The file the marked text is, relative to the docs folder (default `docs.json`), e.g. a `$ref` part. */
  at?: string;
  /** The folder's `docsJson` settings, over the defaults (applied with `configure`). */
  settings?: Partial<DocsJsonSettings>;
  /** Options of the language service (default: none). */
  service?: LanguageServiceOptions;
}

export interface Site {
  root: string;
  service: DocsLanguageService;
  project: DocsProject;
  /** The marked file: its URI, and its text in the editor (without the marker, until `change`). */
  uri: string;
  text: string;
  /** Types `text` into the marked file in the editor (unsaved: the disk keeps the old text). */
  change(text: string): void;
  /** The marker's position (LSP: 0-based line and UTF-16 character); throws when the text has no marker. */
  readonly position: Position;
  /** The range of the `occurrence`-th `needle` in the marked file's text. */
  rangeOf(needle: string, occurrence?: number): Range;
  uriOf(relative: string): string;
  /** A URI as a path relative to the docs folder, with `/`. */
  relativeOf(uri: string): string;
  /** The project checked (as the server does after a change): diagnostics by relative path. */
  check(): Record<string, Diagnostic[]>;
  /** The text of `edit` applied to the files it touches (as written on disk), by relative path. */
  apply(edit: WorkspaceEdit): Record<string, string>;
}

/** `marked` without its marker, and the marker's position (undefined when there is none). */
function unmark(marked: string): { text: string; position?: Position } {
  const offset = marked.indexOf(MARKER);
  if (offset < 0) return { text: marked };
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  return { text, position: TextDocument.create('file:///x', 'json', 0, text).positionAt(offset) };
}

/**
 * A temp docs folder holding `setup.files` and the marked file (written without its marker), added to a new
 * language service as a workspace folder, with the marked file opened in the editor.
 */
export function openSite(marked: string, setup: SiteSetup = {}): Site {
  const { text, position } = unmark(marked);
  const at = setup.at ?? 'docs.json';
  const root = tempRepo({ ...filesOf(setup.files), [at]: text });
  const service = createLanguageService(setup.service);
  service.addWorkspaceFolder(root);
  const uriOf = (relative: string) => pathToFileURL(path.join(root, ...relative.split('/'))).href;
  const project = service.projectOfDocsJson(uriOf('docs.json'));
  if (!project) throw new Error(`no project for ${root}/docs.json`);
  if (setup.settings) service.configure(project, { ...DEFAULT_SETTINGS, ...setup.settings });
  const uri = uriOf(at);
  service.openDocument(uri, text);
  const relativeOf = (target: string) => path.relative(root, fileURLToPath(target)).split(path.sep).join('/');
  const site: Site = {
    root,
    service,
    project,
    uri,
    text,
    change(changed) {
      service.changeDocument(uri, changed);
      site.text = changed;
    },
    get position() {
      if (!position) throw new Error(`no ${MARKER} marker in ${JSON.stringify(marked)}`);
      return position;
    },
    rangeOf: (needle, occurrence) => rangeOfText(site.text, needle, occurrence),
    uriOf,
    relativeOf,
    check: () => {
      const byFile: Record<string, Diagnostic[]> = {};
      for (const [file, diagnostics] of service.check(project).byFile) byFile[relativeOf(pathToFileURL(file).href)] = diagnostics;
      return byFile;
    },
    apply: (edit) => applyWorkspaceEdit(edit, relativeOf, (relative) => (relative === at ? site.text : readOrEmpty(root, relative))),
  };
  return site;
}

/** The 0-based line of the first line of `text` that holds `needle`. */
export function lineOf(text: string, needle: string): number {
  const line = text.split('\n').findIndex((l) => l.includes(needle));
  if (line < 0) throw new Error(`'${needle}' not found`);
  return line;
}

function filesOf(files: SiteSetup['files'] = {}): Record<string, unknown> {
  return Array.isArray(files) ? Object.fromEntries(files.map((file) => [file, ''])) : files;
}

function readOrEmpty(root: string, relative: string): string {
  const file = path.join(root, relative);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** Applies `changes` and `documentChanges` (file creations and text edits) to the current texts, in memory. */
function applyWorkspaceEdit(edit: WorkspaceEdit, relativeOf: (uri: string) => string, textOf: (relative: string) => string): Record<string, string> {
  const texts: Record<string, string> = {};
  const editFile = (uri: string, edits: TextEdit[]) => {
    const relative = relativeOf(uri);
    const before = texts[relative] ?? textOf(relative);
    texts[relative] = TextDocument.applyEdits(TextDocument.create(uri, 'json', 0, before), edits);
  };
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) editFile(uri, edits);
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) {
      if (change.kind !== 'create') throw new Error(`unexpected ${change.kind} in a workspace edit`);
      texts[relativeOf(change.uri)] ??= textOf(relativeOf(change.uri));
    } else {
      editFile(change.textDocument.uri, change.edits.filter((e): e is TextEdit => 'range' in e));
    }
  }
  return texts;
}
