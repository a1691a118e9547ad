import fs = require('node:fs');
import path = require('node:path');
import { makeSourceFile, ParsedJson, SourceFile } from '../json/json-tree';
import { parseJson } from '../json/parse-json';
import { LoadedSpec } from '../openapi/openapi-spec';
import { inProcessSpecLoader, loadingSpec, SpecLoader } from '../openapi/spec-loader';
import { SpecValidation, SpecValidator } from '../openapi/spec-validation';
import { toAbsolute } from './docs-paths';
import { detached } from '../text/detached';
import { FileIndex, scanDocsFolder } from './file-index';
import { MINT_IGNORE_FILE, MintIgnore } from './mint-ignore';
import { isPageFile } from './page-files';

interface SpecEntry {
  spec: LoadedSpec;
  hash: string;
  stale: boolean;
  validation?: SpecValidation;
  /** The text of a spec the validator found problems in (see `specValidation`). */
  problemFile?: SourceFile;
}

/** Reads a file's text, or undefined when it does not exist or cannot be read. */
export type ReadText = (absolutePath: string) => string | undefined;

/**
 * A reader that lays texts (an editor's) over another: `layers` tells `DocsWorkspace` which, so that below them it
 * reads the disk its own way (see `readFromDisk`) when the other is `readTextFromDisk`.
 */
export type LayeredReadText = ReadText & { layers?: { over(absolutePath: string): string | undefined; under: ReadText } };

/** Files above this size are not read: they cannot be a docs.json part or a spec we can help with. */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

const LARGE_FILE_BYTES = 512 * 1024;

/** What a file that is not a regular one is, as people say it: `a folder`, `a FIFO`, … */
export function fileKind(stat: fs.Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isBlockDevice() || stat.isCharacterDevice()) return 'a device';
  return 'a special file';
}

/**
 * Opened without blocking, then asked what it is: a file swapped for a FIFO or a device between a check and the
 * read (a stat, then a read by name) would block the read, and the whole server with it.
 */
export const readTextFromDisk: ReadText = (absolutePath) => {
  let fd: number | undefined;
  try {
    fd = fs.openSync(absolutePath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    return readOpened(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
};

/** The text of an open file when it is a regular one, at most `MAX_READ_BYTES`. */
function readOpened(fd: number): string | undefined {
  const stat = fs.fstatSync(fd);
  if (!stat.isFile() || stat.size > MAX_READ_BYTES) return undefined;
  // Node 20's own UTF-8 read decodes without SIMD: 38 ms for polar's 2.7 MB spec, against 23 ms read as bytes and
  // decoded by Buffer. A small page reads as fast either way.
  return stat.size > LARGE_FILE_BYTES ? fs.readFileSync(fd).toString('utf8') : fs.readFileSync(fd, 'utf8');
}

/** Opening with it fails on a symbolic link (ELOOP): where it exists (not Windows), a read needs no lstat first. */
const NO_FOLLOW: number | undefined = fs.constants.O_NOFOLLOW;

/**
 * One docs folder: its file index, and the JSON parts and OpenAPI specs read from it, each parsed
 * once and kept until `invalidate` says the file changed. The checker reads the disk only through here.
 */
export class DocsWorkspace {
  private readonly jsonCache = new Map<string, ParsedJson | null>();
  /** By relative path: the spec and the hash of the text it was read from (`stale` once its file changed). */
  private readonly specCache = new Map<string, SpecEntry>();
  /** Called when a spec that was loading is read, or validated (the language server then checks again). */
  onSpecReady?: (relative: string) => void;
  /** Validates the specs the site uses as the platform does; none: specs are only read. */
  specValidator?: SpecValidator;
  private validating = 0;
  private validationNews = false;
  /** By content hash: what to do with the answer of each validation under way (copies of a spec share one). */
  private readonly validationsRunning = new Map<string, ((validation: SpecValidation) => void)[]>();
  private validated: (() => void)[] = [];
  /** The specs asked for while reads are held (`holdSpecReads`); undefined while specs are read when asked for. */
  private heldSpecs?: Set<string>;
  /** What is worked out from a parsed file once (a spec's lookups, a `$ref` tree's size): it goes with the file. */
  private readonly derivedCache = new WeakMap<object, Map<string, unknown>>();

  /** What `.mintignore` leaves out: those files are taken out of the index (see `reloadIgnore`). */
  ignore: MintIgnore;

  constructor(
    readonly root: string,
    readonly files: FileIndex = scanDocsFolder(root),
    private readonly readText: ReadText = readTextFromDisk,
    private readonly specLoader: SpecLoader = inProcessSpecLoader,
  ) {
    this.ignore = new MintIgnore(this.readIgnoreText());
    for (const file of this.ignoredFiles()) files.remove(file);
  }

  /** The files of the index that `.mintignore` (or the platform's own list) leaves out. */
  private ignoredFiles(): string[] {
    const ignored: string[] = [];
    for (const file of this.files.all()) if (this.ignore.ignores(file)) ignored.push(file);
    return ignored;
  }

  /** `.mintignore`'s text; undefined without one (a reader that throws counts as none: it is read at every start). */
  private readIgnoreText(): string | undefined {
    try {
      return this.readText(toAbsolute(this.root, MINT_IGNORE_FILE));
    } catch {
      return undefined;
    }
  }

  /**
   * Reads `.mintignore` again: the files it now leaves out (still in the index) and those it no longer does (found
   * on disk), for the caller to remove and add. Nothing when its patterns are the same.
   */
  reloadIgnore(): { removed: string[]; added: string[] } {
    const before = this.ignore;
    const next = new MintIgnore(this.readIgnoreText());
    if (next.text === before.text) return { removed: [], added: [] };
    this.ignore = next;
    const removed = this.ignoredFiles();
    const added = before.isEmpty ? [] : [...scanDocsFolder(this.root).all()].filter((file) => before.ignores(file) && !next.ignores(file) && !this.files.has(file));
    return { removed, added };
  }

  /**
   * The text of a file inside the docs folder. Only files the index lists are read, and the index
   * holds nothing reached through a link that leaves the folder. A data file that `.mintignore` leaves out (a `$ref`
   * part, a spec) is read too: only pages are taken out of the site.
   */
  read(relative: string): string | undefined {
    if (!this.files.has(relative) && (isPageFile(relative) || !this.ignore.ignores(relative))) return undefined;
    const absolute = toAbsolute(this.root, relative);
    const layers = (this.readText as LayeredReadText).layers;
    if (NO_FOLLOW !== undefined && (layers ? layers.under : this.readText) === readTextFromDisk) {
      const over = layers?.over(absolute);
      if (over === undefined) return this.readFromDisk(absolute, NO_FOLLOW);
    }
    return this.leavesRoot(absolute) ? undefined : this.readText(absolute);
  }

  /**
   * `leavesRoot` then `readTextFromDisk`, with the file's lstat left out: its folder is resolved first (once), then
   * the file is opened without following a link. A link fails to open (it is then resolved as before); any other
   * file is what an lstat would have found. The lstat of every read was 0.33 s of the 25,000-page bench site's 8 s check.
   */
  private readFromDisk(absolute: string, noFollow: number): string | undefined {
    if (this.folderLeavesRoot(path.dirname(absolute))) return undefined;
    let fd: number | undefined;
    try {
      fd = fs.openSync(absolute, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | noFollow);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ELOOP: a link (EMLINK on FreeBSD). Anything else: not there or not readable, as readTextFromDisk answers.
      if (code !== 'ELOOP' && code !== 'EMLINK') return undefined;
      return this.resolvesOutside(absolute) ? undefined : readTextFromDisk(absolute);
    }
    try {
      return readOpened(fd);
    } catch {
      return undefined;
    } finally {
      fs.closeSync(fd);
    }
  }

  private realRoot?: string;
  /** Whether each folder a file was read from leads out of the docs folder; forgotten at every file event. */
  private readonly folderLeaves = new Map<string, boolean>();

  /**
   * Whether a file on disk resolves, through a link on its way, to a place outside the docs folder. The scan
   * leaves such files out, but `files.add` (fed by file events) cannot tell, so every read asks again. The file
   * itself is lstat'ed and its folder resolved once (realpath(3) of every page read 10 ms of firecrawl's 0.27 s
   * check: glibc readlink's each folder on the way; the JS realpathSync, lstat'ing each, was worse).
   */
  private leavesRoot(absolute: string): boolean {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(absolute);
    } catch {
      return false; // not on disk (an editor's buffer, or gone): no link to follow
    }
    if (stat.isSymbolicLink()) return this.resolvesOutside(absolute);
    return this.folderLeavesRoot(path.dirname(absolute));
  }

  private folderLeavesRoot(folder: string): boolean {
    let leaves = this.folderLeaves.get(folder);
    if (leaves === undefined) this.folderLeaves.set(folder, (leaves = this.resolvesOutside(folder)));
    return leaves;
  }

  private resolvesOutside(absolute: string): boolean {
    let real: string;
    try {
      real = fs.realpathSync.native(absolute);
    } catch {
      return false;
    }
    if (this.realRoot === undefined) {
      try {
        this.realRoot = fs.realpathSync(this.root);
      } catch {
        this.realRoot = this.root;
      }
    }
    return real !== this.realRoot && !real.startsWith(this.realRoot + path.sep);
  }

  /**
   * Why a file inside the docs folder that `read` gave nothing for was not read, when it is there on disk: `is over
   * 64 MB` or `is not a regular file (a FIFO)`. Undefined when it is not there (or leads out of the folder). Only
   * stat(2): a FIFO is never opened.
   */
  whyNotRead(relative: string): string | undefined {
    const absolute = toAbsolute(this.root, relative);
    try {
      if (this.leavesRoot(absolute)) return undefined;
      const stat = fs.statSync(absolute);
      if (!stat.isFile()) return `is not a regular file (${fileKind(stat)})`;
      return stat.size > MAX_READ_BYTES ? `is over ${MAX_READ_BYTES / 1024 / 1024} MB` : undefined;
    } catch {
      return undefined;
    }
  }

  /** A JSON file pulled in by `$ref` (relative path), parsed; undefined when it cannot be read. */
  json(relative: string): ParsedJson | undefined {
    let parsed = this.jsonCache.get(relative);
    if (parsed === undefined) {
      const text = this.read(relative);
      parsed = text === undefined ? null : parseJson(makeSourceFile(toAbsolute(this.root, relative), text));
      this.jsonCache.set(detached(relative), parsed);
    }
    return parsed ?? undefined;
  }

  /**
   * An OpenAPI spec named by a relative path inside the docs folder. Read once per content: a file that changed
   * is hashed, and read again only when its text is new (saving a spec unchanged, or typing and undoing, is free).
   */
  spec(relative: string): LoadedSpec {
    const cached = this.specCache.get(relative);
    if (cached && !cached.stale) return cached.spec;
    relative = detached(relative);
    // A file the index lacks is said missing at once, held or not: nothing to read.
    if (this.heldSpecs && this.files.has(relative)) {
      this.heldSpecs.add(relative);
      return loadingSpec(relative);
    }
    const text = this.read(relative);
    if (text === undefined) {
      const spec: LoadedSpec = this.isTooLarge(relative)
        ? { ok: false, file: relative, problem: 'invalid', message: `it is over ${MAX_READ_BYTES / 1024 / 1024} MB, the limit for a file the checker reads` }
        : { ok: false, file: relative, problem: 'missing', message: 'no such file' };
      this.specCache.set(relative, { spec, hash: '', stale: false });
      return spec;
    }
    const hash = sha1(text);
    if (cached?.hash === hash) {
      cached.stale = false;
      return cached.spec;
    }
    const twin = this.readTwin(hash);
    if (twin) {
      const spec: LoadedSpec = { ...twin, file: relative };
      this.specCache.set(relative, { spec, hash, stale: false });
      return spec;
    }
    const request = { file: relative, absolute: toAbsolute(this.root, relative), text, hash };
    const spec = this.specLoader.load(request, (loaded) => {
      const entry = this.specCache.get(relative);
      if (entry?.hash !== hash || entry.spec.ok || entry.spec.problem !== 'loading') return; // read since, or forgotten
      entry.spec = loaded;
      this.onSpecReady?.(relative);
    });
    this.specCache.set(relative, { spec, hash, stale: false });
    return spec;
  }

  /**
   * Specs not yet read are `loading` from now on, and not read (nor their text), until `releaseSpecReads`: the
   * language server holds them over a docs folder's first check, whose diagnostics then wait for no spec. A spec
   * file the index lacks is not held: it is missing.
   */
  holdSpecReads(): void {
    this.heldSpecs ??= new Set();
  }

  /** Specs are read when asked for again; if one was asked for meanwhile, `onSpecReady` says so (check again). */
  releaseSpecReads(): void {
    const held = this.heldSpecs;
    this.heldSpecs = undefined;
    const [first] = held ?? [];
    if (first !== undefined) this.onSpecReady?.(first);
  }

  /**
   * What the platform's validator says of a spec that was read (`spec(relative)` is ok): `pending` while it
   * works, then its problems, each with the spec file's text (their offsets are in it). Once per content.
   */
  specValidation(relative: string): { validation: SpecValidation; file?: SourceFile } {
    const entry = this.specCache.get(relative);
    if (!this.specValidator || !entry || entry.stale || !entry.spec.ok) return { validation: { state: 'pending' } };
    if (entry.validation) return { validation: entry.validation, file: entry.problemFile };
    const text = this.read(relative);
    if (text === undefined || sha1(text) !== entry.hash) return { validation: { state: 'pending' } };
    const absolute = toAbsolute(this.root, relative);
    const settle = (validation: SpecValidation) => {
      entry.validation = validation;
      // Only a spec with problems keeps its text: their places are offsets in it.
      if (validation.state === 'done' && validation.problems.length) entry.problemFile = makeSourceFile(absolute, text);
    };
    // A copy of a spec validated (or being validated) under another name shares its answer (polar's two versions).
    const twin = [...this.specCache.values()].find((other) => other !== entry && other.hash === entry.hash && !other.stale && other.validation?.state !== 'pending' && other.validation);
    if (twin?.validation) {
      settle(twin.validation);
      return { validation: entry.validation!, file: entry.problemFile };
    }
    entry.validation = { state: 'pending' };
    this.validating++;
    const answered = (validation: SpecValidation) => {
      if (this.specCache.get(relative) === entry) {
        settle(validation);
        // A spec with nothing to say changes no finding: no check again for it.
        if (validation.state === 'skipped' || (validation.state === 'done' && validation.problems.length)) {
          this.validationNews = true;
          this.onSpecReady?.(relative);
        }
      }
      if (--this.validating === 0) for (const done of this.validated.splice(0)) done();
    };
    const waiting = this.validationsRunning.get(entry.hash);
    if (waiting) {
      waiting.push(answered);
      return { validation: entry.validation };
    }
    this.validationsRunning.set(entry.hash, [answered]);
    this.specValidator.validate({ file: relative, absolute, text, hash: entry.hash }, (validation) => {
      const handlers = this.validationsRunning.get(entry.hash) ?? [];
      this.validationsRunning.delete(entry.hash);
      for (const handler of handlers) handler(validation);
    });
    return { validation: entry.validation };
  }

  /**
   * Resolves when no spec is being validated: true when an answer since the last call has findings (the CLI checks
   * again then), false when none changed a finding.
   */
  async whenValidated(): Promise<boolean> {
    if (this.validating > 0) await new Promise<void>((resolve) => this.validated.push(resolve));
    const news = this.validationNews;
    this.validationNews = false;
    return news;
  }

  /**
   * A spec already read from the same text under another name: sites keep copies of one spec (polar's two 2.7 MB
   * versions are one file twice, 70 ms each to read). Its operations are shared: nothing changes them once read.
   */
  private readTwin(hash: string): LoadedSpec | undefined {
    for (const entry of this.specCache.values()) if (entry.hash === hash && !entry.stale && entry.spec.ok) return entry.spec;
    return undefined;
  }

  private isTooLarge(relative: string): boolean {
    if (!this.files.has(relative)) return false;
    try {
      const stat = fs.statSync(toAbsolute(this.root, relative));
      return stat.isFile() && stat.size > MAX_READ_BYTES;
    } catch {
      return false;
    }
  }

  /** `make(owner)`, worked out once per parsed object (`owner`, a spec or a tree this workspace read) and name. */
  derived<O extends object, T>(owner: O, name: string, make: (owner: O) => T): T {
    let byName = this.derivedCache.get(owner);
    if (!byName) this.derivedCache.set(owner, (byName = new Map()));
    if (!byName.has(name)) byName.set(name, make(owner));
    return byName.get(name) as T;
  }

  /** By relative path, then name: what `fromText` worked out of a file's text. */
  private readonly textDerived = new Map<string, Map<string, unknown>>();

  /**
   * `make` of a file's text (`read`; undefined when it cannot be read), worked out once per file and name until
   * `invalidate` says the file changed: a docs.json keystroke does not read the pages again (api-coverage reads the
   * `openapi:` of the pages under a spec: 18% of polar's re-check when read each time).
   */
  fromText<T>(relative: string, name: string, make: (text: string | undefined) => T): T {
    let byName = this.textDerived.get(relative);
    if (!byName) this.textDerived.set(detached(relative), (byName = new Map()));
    if (!byName.has(name)) byName.set(name, make(this.read(relative)));
    return byName.get(name) as T;
  }

  /** Forgets what was read from this file (relative path), after it changed on disk or in an editor. */
  invalidate(relative: string): void {
    // A folder may have been swapped for a link: each is resolved again.
    this.folderLeaves.clear();
    this.textDerived.delete(relative);
    this.jsonCache.delete(relative);
    const spec = this.specCache.get(relative);
    if (spec) spec.stale = true;
  }

  invalidateAll(): void {
    this.folderLeaves.clear();
    this.textDerived.clear();
    this.jsonCache.clear();
    for (const spec of this.specCache.values()) spec.stale = true;
  }
}

/** Loaded on the first spec: node:crypto took 9 ms of the CLI's start, and most sites have no spec. */
function sha1(text: string): string {
  return (require('node:crypto') as typeof import('node:crypto')).createHash('sha1').update(text).digest('base64');
}
