import fs = require('node:fs');
import { MAX_FREE_NAMES } from '../checker/pages/free-names';
import type { MdxSyntaxError, MdxVerdict } from '../checker/pages/mdx-parse';
import { seal, sealLine, unseal, unsealLine } from './cache-seal';
import { appendDataFile, isRecord, readDataFile, writeDataFile } from './data-file';

/**
 * The MDX syntax verdicts of page texts kept in a file between runs (`docs-json check --cache`, the language
 * server's storage folder): the parse is the one costly page check (17 s of CPU on a 3,500-page site), and a
 * verdict depends on the page's text alone. Other page checks read the whole folder (links, anchors, navigation)
 * and together cost less than reading a verdict file would save.
 *
 * Keyed by the SHA-256 of the text (`textKey`); the file's `key` names what made it (the tool's version and the parser's
 * bundle), and a file of another key is not used at all. The file is data only: JSON, each entry checked for its
 * shape and against the text it is used for, anything else is a miss. It holds the entries used in this run (the
 * pages of the folder now), at most `MAX_ENTRIES` and `MAX_BYTES`, each message cut to `MAX_STORED_MESSAGE`
 * characters (issue 44: the editor kept every keystroke's full message, +150 MB for 150 texts of a page).
 *
 * The file is sealed with this user's cache key (cache-seal.ts): one whose seal does not match (committed to a
 * repository, copied from elsewhere) is not used at all.
 *
 * With `journal` (the editor), `saveChanges` appends only the verdicts new since the last write to `<file>.log`, each
 * line sealed on its own (a line that fails its seal is a miss), and rewrites the file whole once the log outgrows it.
 */
export class MdxVerdictCache {
  private readonly loaded = new Map<string, Stored>();
  private readonly used = new Map<string, Stored>();
  /** Why the file was not read (another key, not JSON...): said by the CLI, a miss either way. */
  readonly notRead?: string;
  private changed = false;
  private usedBytes = 0;
  /** Verdicts set since the last write: what `saveChanges` appends. */
  private readonly dirty = new Set<string>();
  /** The sizes of the file and of its log as last read or written. */
  private fileBytes = 0;
  private logBytes = 0;
  /** Writes (whole files and appends) and the bytes they wrote: the editor's saver is tested by them. */
  writes = 0;
  bytesWritten = 0;
  /** Told when a verdict was added (the language server saves a while after). */
  onSet?: () => void;

  /**
   * `secret`: this user's cache key; `inside`: the folders the file's path must not leave through a link (the
   * repository, when a place inside it was named).
   */
  constructor(
    readonly file: string,
    readonly key: string,
    private readonly secret: Buffer,
    private readonly inside: readonly string[] = [],
    private readonly journal = false,
  ) {
    const read = readDataFile(file, MAX_FILE_BYTES);
    if (read && 'refused' in read) this.notRead = read.refused;
    else if (read) {
      this.fileBytes = read.text.length;
      this.notRead = this.load(read.text);
    }
    if (journal && !this.notRead) this.loadLog();
  }

  private get log(): string {
    return `${this.file}.log`;
  }

  /** The verdict kept for this text, or undefined (not kept: parse it). */
  get(text: string): MdxVerdict | undefined {
    const hash = textKey(text);
    const found = this.used.has(hash) ? this.used.get(hash) : this.loaded.get(hash);
    if (found === undefined) return undefined;
    // A verdict that does not fit the text is no verdict of it.
    if (found && 'offset' in found && found.offset + found.length > text.length) return undefined;
    this.keep(hash, found);
    return found === null ? {} : 'offset' in found ? { error: found } : { names: found.names.map(([name, line, column]) => ({ name, line, column })) };
  }

  set(text: string, verdict: MdxVerdict): void {
    const hash = textKey(text);
    this.keep(hash, verdict.error ? stored(verdict.error) : verdict.names?.length ? { names: verdict.names.map(({ name, line, column }) => [name, line, column]) } : null);
    this.dirty.add(hash);
    this.changed = true;
    this.onSet?.();
  }

  /** Writes the file when something changed since it was read (or it was not all used); why not, if it failed. */
  save(): string | undefined {
    if (!this.changed && this.used.size === this.loaded.size) return undefined;
    const entries: Record<string, Stored> = {};
    for (const [hash, verdict] of this.used) entries[hash] = verdict;
    const text = seal(JSON.stringify({ format: FORMAT, key: this.key, entries }) + '\n', this.secret);
    const failed = writeDataFile(this.file, text, { inside: this.inside });
    if (!failed) {
      this.writes++;
      this.bytesWritten += text.length;
      this.fileBytes = text.length;
      this.dirty.clear();
      if (this.logBytes) fs.rmSync(this.log, { force: true });
      this.logBytes = 0;
      this.changed = false;
      this.loaded.clear();
      for (const [hash, verdict] of this.used) this.loaded.set(hash, verdict);
    }
    return failed;
  }

  /**
   * The editor's write: the verdicts set since the last write appended to the log (nothing when there are none), or
   * the whole file when the log would outgrow it (LOG_MIN_BYTES at least). Why not, if it failed.
   */
  saveChanges(): string | undefined {
    if (!this.journal) return this.save();
    const lines: string[] = [];
    for (const hash of this.dirty) {
      const verdict = this.used.get(hash);
      if (verdict !== undefined) lines.push(sealLine(JSON.stringify([hash, verdict]), `${FORMAT} ${this.key}`, this.secret));
    }
    if (!lines.length) {
      this.dirty.clear();
      return undefined;
    }
    const text = lines.join('\n') + '\n';
    if (this.fileBytes === 0 || this.logBytes + text.length > Math.max(LOG_MIN_BYTES, this.fileBytes)) return this.save();
    const failed = appendDataFile(this.log, text, { inside: this.inside, mode: 0o600 });
    if (failed) return this.save();
    this.writes++;
    this.bytesWritten += text.length;
    this.logBytes += text.length;
    this.dirty.clear();
    return undefined;
  }

  get size(): number {
    return this.used.size;
  }

  /** What the kept entries weigh, as counted against MAX_BYTES (about their size in the file). */
  get bytes(): number {
    return this.usedBytes;
  }

  private keep(hash: string, verdict: Stored): void {
    const old = this.used.get(hash);
    if (old !== undefined) this.usedBytes -= entryBytes(old);
    this.used.delete(hash);
    this.used.set(hash, verdict);
    this.usedBytes += entryBytes(verdict);
    while (this.used.size > MAX_ENTRIES || this.usedBytes > MAX_BYTES) {
      const [oldest, verdict] = this.used.entries().next().value as [string, Stored];
      this.used.delete(oldest);
      this.usedBytes -= entryBytes(verdict);
    }
  }

  /** The log's lines after the file: each one sealed on its own, a later line replacing an earlier verdict. */
  private loadLog(): void {
    const read = readDataFile(this.log, MAX_FILE_BYTES);
    if (!read || !('text' in read)) return;
    this.logBytes = read.text.length;
    let bytes = 0;
    for (const [, verdict] of this.loaded) bytes += entryBytes(verdict);
    for (const line of read.text.split('\n')) {
      if (this.loaded.size >= MAX_ENTRIES || bytes > MAX_BYTES) break;
      const body = line && unsealLine(line, `${FORMAT} ${this.key}`, this.secret);
      if (!body) continue;
      let entry: unknown;
      try {
        entry = JSON.parse(body);
      } catch {
        continue;
      }
      if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || !HASH.test(entry[0])) continue;
      const kept = readStored(entry[1]);
      if (kept === undefined) continue;
      this.loaded.set(entry[0], kept);
      bytes += entryBytes(kept);
    }
  }

  private load(sealed: string): string | undefined {
    const text = unseal(sealed, this.secret);
    if (text === undefined) return "its seal does not match this user's cache key (a cache made elsewhere is never believed)";
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return 'it is not JSON';
    }
    if (!isRecord(data) || data.format !== FORMAT || !isRecord(data.entries)) return 'it is not a cache of this tool';
    // Made by another version of the tool or of its parser: an update, nothing to tell.
    if (data.key !== this.key) return undefined;
    let bytes = 0;
    for (const [hash, verdict] of Object.entries(data.entries)) {
      if (this.loaded.size >= MAX_ENTRIES || bytes > MAX_BYTES) break;
      if (!HASH.test(hash)) continue;
      const kept = readStored(verdict);
      if (kept === undefined) continue;
      this.loaded.set(hash, kept);
      bytes += entryBytes(kept);
    }
    return undefined;
  }
}

/** 3: a page that parses may keep its free names (render-references). */
const FORMAT = 'docs-json-mdx-verdicts-3';
/** 30 bytes an entry in the file for a page that parses: the 100k-entry bench's 126,339 pages fit. */
export const MAX_ENTRIES = 200_000;
/** What the kept entries may weigh (entryBytes): 200,000 pages that parse take 6 MB of it. */
export const MAX_BYTES = 16 * 1024 * 1024;
/** A stored message's length: a parser message quoting a 1 MB tag name is cut (the finding in this run is whole). */
export const MAX_STORED_MESSAGE = 500;
const MAX_FILE_BYTES = 2 * MAX_BYTES;
/** The log may grow to the file's size, and to this much at least, before the file is written whole. */
const LOG_MIN_BYTES = 256 * 1024;
const MAX_MESSAGE = 2_000;
const HASH = /^[A-Za-z0-9_-]{22}$/;

/** A verdict as the file keeps it: null (parses, no free name), an error, or the free names as [name, line, column]. */
type Stored = MdxSyntaxError | { names: [string, number, number][] } | null;

/** About an entry's size in the file: its key and punctuation, its numbers, its message or names. */
function entryBytes(verdict: Stored): number {
  if (verdict === null) return 30;
  if ('offset' in verdict) return 60 + verdict.message.length;
  return 40 + verdict.names.reduce((sum, [name]) => sum + name.length + 16, 0);
}

/** A verdict read from the file, checked for its shape: undefined when it is not one. */
function readStored(value: unknown): Stored | undefined {
  if (value === null) return null;
  if (isVerdict(value)) return stored(value);
  if (!isRecord(value) || !Array.isArray(value.names) || value.names.length === 0 || value.names.length > MAX_FREE_NAMES) return undefined;
  const names = value.names as unknown[];
  return names.every(isStoredName) ? { names: names as [string, number, number][] } : undefined;
}

function isStoredName(value: unknown): value is [string, number, number] {
  if (!Array.isArray(value) || value.length !== 3) return false;
  const [name, line, column] = value as unknown[];
  return typeof name === 'string' && IDENTIFIER.test(name) && Number.isSafeInteger(line) && (line as number) >= 1 && Number.isSafeInteger(column) && (column as number) >= 0;
}

/** A name as the parser reads one (bounded: a stored name is never long text). */
const IDENTIFIER = /^[\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\u200c\u200d]{0,199}$/u;

/** A verdict as kept: its own fields only, the message cut to MAX_STORED_MESSAGE. */
function stored(error: MdxSyntaxError): MdxSyntaxError {
  const message = error.message.length > MAX_STORED_MESSAGE ? `${error.message.slice(0, MAX_STORED_MESSAGE - 1)}…` : error.message;
  return { offset: error.offset, length: error.length, message };
}

function isVerdict(value: unknown): value is MdxSyntaxError {
  if (!isRecord(value)) return false;
  const { offset, length, message } = value;
  return Number.isSafeInteger(offset) && (offset as number) >= 0 && Number.isSafeInteger(length) && (length as number) >= 0 && typeof message === 'string' && message.length <= MAX_MESSAGE;
}

/**
 * A text's key: the first 128 bits of its SHA-256 (no collision is found by chance or on purpose), in 22 characters
 * instead of 43, in the language server's memory and in the file.
 */
function textKey(text: string): string {
  return sha256(text).slice(0, 22);
}

/** node:crypto is loaded when a cache is used only (15-30 ms of the CLI's start otherwise). */
function sha256(data: string | Buffer): string {
  return (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(data).digest('base64url');
}

/**
 * What a cache is made by: the tool's version and the SHA-256 of the MDX worker's script, which bundles the parser
 * and its options (another parser or option is another script).
 */
export function mdxCacheKey(toolVersion: string, workerScript: string): string {
  let worker: string;
  try {
    worker = sha256(fs.readFileSync(workerScript));
  } catch {
    worker = 'unreadable';
  }
  return `${toolVersion} ${worker}`;
}
