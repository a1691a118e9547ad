// The external link check's cache: each URL's verdict and when it was found, in a JSON file beside the page cache
// (--cache, --cache-location; check-cache.ts). It is data only: a file that is not ours, not sealed with this user's
// cache key (issue 44: a committed one made a 404 pass), too large, a link or not JSON is a miss, and so is any
// entry that does not have the expected shape.
import { isRecord, readDataFile, seal, unseal, writeDataFile } from '../../../server/src/language';
import type { ExternalVerdict } from '../../../server/src/language';

/** Its name beside a cache `--cache-location` names, and its old default place in the docs folder (never read now). */
export const LINK_CACHE_NAME = '.docs-json-external-links.json';
const FORMAT = 'docs-json external links 2';

/** The file, the key that seals it, and the folders its path must not leave through a link. */
export interface LinkCachePlace {
  file: string;
  secret: Buffer;
  inside?: readonly string[];
}

/** How long a verdict is reused: a page that answers stays so for a day; a failure is asked again sooner. */
export const LINK_CACHE_TTL_MS: Record<ExternalVerdict['kind'], number> = {
  ok: 24 * 3_600_000,
  broken: 4 * 3_600_000,
  unreachable: 30 * 60_000,
  'rate-limited': 30 * 60_000,
  skipped: 0,
};

/** A cache file larger than this is not read (50,000 entries take about 5 MB). */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** Longer keys are no URL this check wrote. */
const MAX_URL_CHARS = 8_192;
/** Entries written at most: the newest. */
const MAX_ENTRIES = 50_000;

export interface CachedVerdict {
  verdict: ExternalVerdict;
  /** When it was found (ms since the epoch). */
  at: number;
}

/** The verdicts of the file still fresh at `now`; empty when there is no usable file. */
export function readLinkCache({ file, secret }: LinkCachePlace, now: number): Map<string, CachedVerdict> {
  const fresh = new Map<string, CachedVerdict>();
  // A link, a FIFO, a folder or a file over MAX_FILE_BYTES is not read: a miss.
  const read = readDataFile(file, MAX_FILE_BYTES);
  if (!read || !('text' in read)) return fresh;
  const text = unseal(read.text, secret);
  if (text === undefined) return fresh;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fresh;
  }
  if (!isRecord(data) || data.format !== FORMAT || !isRecord(data.entries)) return fresh;
  for (const [url, entry] of Object.entries(data.entries)) {
    const cached = /^https?:\/\//.test(url) && url.length <= MAX_URL_CHARS ? cachedVerdict(entry) : undefined;
    if (cached && cached.at <= now && now - cached.at < LINK_CACHE_TTL_MS[cached.verdict.kind]) fresh.set(url, cached);
  }
  return fresh;
}

/**
 * Writes the verdicts (the newest MAX_ENTRIES; skipped ones are not kept), sealed, through the guarded write (a
 * new file renamed over the old one; a link at the name is refused). Answers why it could not, if so.
 */
export function writeLinkCache({ file, secret, inside }: LinkCachePlace, entries: ReadonlyMap<string, CachedVerdict>): string | undefined {
  const kept = [...entries].filter(([, e]) => LINK_CACHE_TTL_MS[e.verdict.kind] > 0).sort((a, b) => b[1].at - a[1].at).slice(0, MAX_ENTRIES);
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = JSON.stringify({ format: FORMAT, entries: Object.fromEntries(kept.map(([url, e]) => [url, { at: e.at, ...e.verdict }])) });
  return writeDataFile(file, seal(text, secret), { inside });
}

/** A cache file read once at the start of a check and written once at its end. */
export class LinkCacheFile {
  private readonly entries: Map<string, CachedVerdict>;

  constructor(
    private readonly place: LinkCachePlace,
    now: number,
  ) {
    this.entries = readLinkCache(place, now);
  }

  get(url: string): ExternalVerdict | undefined {
    return this.entries.get(url)?.verdict;
  }

  set(url: string, verdict: ExternalVerdict, at: number): void {
    this.entries.set(url, { verdict, at });
  }

  /** Writes the file; answers why it could not, if so. */
  save(): string | undefined {
    return writeLinkCache(this.place, this.entries);
  }
}

const isStatus = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 999;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 2_000;

/** An entry as written by writeLinkCache, rebuilt field by field (nothing else of it is kept); else undefined. */
function cachedVerdict(entry: unknown): CachedVerdict | undefined {
  if (!isRecord(entry) || !Number.isSafeInteger(entry.at)) return undefined;
  const at = entry.at as number;
  switch (entry.kind) {
    case 'ok':
      return isStatus(entry.status) ? { at, verdict: { kind: 'ok', status: entry.status } } : undefined;
    case 'broken':
      if (!(entry.status === 404 || entry.status === 410) || !(entry.via === undefined || isText(entry.via))) return undefined;
      return { at, verdict: entry.via === undefined ? { kind: 'broken', status: entry.status } : { kind: 'broken', status: entry.status, via: entry.via } };
    case 'unreachable':
      return isText(entry.why) ? { at, verdict: { kind: 'unreachable', why: entry.why } } : undefined;
    case 'rate-limited':
      return Number.isSafeInteger(entry.tries) && (entry.tries as number) > 0 ? { at, verdict: { kind: 'rate-limited', tries: entry.tries as number } } : undefined;
    default:
      return undefined;
  }
}
