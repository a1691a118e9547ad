import fs = require('node:fs');
import type { MdxSyntaxError } from '../checker/pages/mdx-parse';
import { isRecord, readDataFile, writeDataFile } from './data-file';

/**
 * The MDX syntax verdicts of page texts kept in a file between runs (`docs-json check --cache`, the language
 * server's storage folder): the parse is the one costly page check (17 s of CPU on a 3,500-page site), and a
 * verdict depends on the page's text alone. Other page checks read the whole folder (links, anchors, navigation)
 * and together cost less than reading a verdict file would save.
 *
 * Keyed by the SHA-256 of the text (`textKey`); the file's `key` names what made it (the tool's version and the parser's
 * bundle), and a file of another key is not used at all. The file is data only: JSON, each entry checked for its
 * shape and against the text it is used for, anything else is a miss. It holds the entries used in this run (the
 * pages of the folder now), at most `MAX_ENTRIES`.
 */
export class MdxVerdictCache {
  private readonly loaded = new Map<string, MdxSyntaxError | null>();
  private readonly used = new Map<string, MdxSyntaxError | null>();
  /** Why the file was not read (another key, not JSON...): said by the CLI, a miss either way. */
  readonly notRead?: string;
  private changed = false;
  /** Told when a verdict was added (the language server saves a while after). */
  onSet?: () => void;

  constructor(
    readonly file: string,
    readonly key: string,
  ) {
    const read = readDataFile(file, MAX_FILE_BYTES);
    if (read && 'refused' in read) this.notRead = read.refused;
    else if (read) this.notRead = this.load(read.text);
  }

  /** The verdict kept for this text: null (it parses), an error, or undefined (not kept: parse it). */
  get(text: string): MdxSyntaxError | null | undefined {
    const hash = textKey(text);
    const found = this.used.has(hash) ? this.used.get(hash) : this.loaded.get(hash);
    if (found === undefined) return undefined;
    // A verdict that does not fit the text is no verdict of it.
    if (found && found.offset + found.length > text.length) return undefined;
    this.keep(hash, found);
    return found;
  }

  set(text: string, error: MdxSyntaxError | undefined): void {
    this.keep(textKey(text), error ?? null);
    this.changed = true;
    this.onSet?.();
  }

  /** Writes the file when something changed since it was read (or it was not all used); why not, if it failed. */
  save(): string | undefined {
    if (!this.changed && this.used.size === this.loaded.size) return undefined;
    const entries: Record<string, MdxSyntaxError | null> = {};
    for (const [hash, verdict] of this.used) entries[hash] = verdict;
    const failed = writeDataFile(this.file, JSON.stringify({ format: FORMAT, key: this.key, entries }) + '\n');
    if (!failed) {
      this.changed = false;
      this.loaded.clear();
      for (const [hash, verdict] of this.used) this.loaded.set(hash, verdict);
    }
    return failed;
  }

  get size(): number {
    return this.used.size;
  }

  private keep(hash: string, verdict: MdxSyntaxError | null): void {
    this.used.delete(hash);
    this.used.set(hash, verdict);
    if (this.used.size > MAX_ENTRIES) this.used.delete(this.used.keys().next().value as string);
  }

  private load(text: string): string | undefined {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return 'it is not JSON';
    }
    if (!isRecord(data) || data.format !== FORMAT || !isRecord(data.entries)) return 'it is not a cache of this tool';
    // Made by another version of the tool or of its parser: an update, nothing to tell.
    if (data.key !== this.key) return undefined;
    for (const [hash, verdict] of Object.entries(data.entries)) {
      if (this.loaded.size >= MAX_ENTRIES) break;
      if (!HASH.test(hash)) continue;
      if (verdict === null) this.loaded.set(hash, null);
      else if (isVerdict(verdict)) this.loaded.set(hash, { offset: verdict.offset, length: verdict.length, message: verdict.message });
    }
    return undefined;
  }
}

const FORMAT = 'docs-json-mdx-verdicts-1';
/** 30 bytes an entry in the file for a page that parses: the 100k-entry bench's 126,339 pages fit. */
export const MAX_ENTRIES = 200_000;
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const MAX_MESSAGE = 2_000;
const HASH = /^[A-Za-z0-9_-]{22}$/;

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
