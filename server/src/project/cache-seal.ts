// Issue 44: a result cache (MDX verdicts, external link verdicts) decides findings, so it must be one this user's
// tools wrote. Each cache file is sealed with an HMAC keyed by a secret of this user's, made once in the user's cache
// folder (0600, never in a repository): a file committed to a repository, or copied from another machine, cannot
// carry a seal that matches, and is a miss. Read as the code cache is (code-cache.ts): a regular file, not a link,
// this user's, that no one else may read or write.
import fs = require('node:fs');
import os = require('node:os');
import path = require('node:path');
import { createDataFile, makeDataFolder } from './data-file';

/** node:crypto is loaded when a cache is used only (15-30 ms of the CLI's start otherwise). */
function crypto(): typeof import('node:crypto') {
  return require('node:crypto') as typeof import('node:crypto');
}

/**
 * The user's cache folder for these tools, as the platform has it: XDG_CACHE_HOME (or ~/.cache) on Linux,
 * ~/Library/Caches on macOS, LOCALAPPDATA on Windows; undefined without one. The CLI's code cache lives there too.
 */
export function userCacheFolder(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string | undefined {
  if (platform === 'win32') return env.LOCALAPPDATA && path.isAbsolute(env.LOCALAPPDATA) ? path.join(env.LOCALAPPDATA, 'docs-json-tools') : undefined;
  if (!home || !path.isAbsolute(home)) return undefined;
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'docs-json-tools');
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(home, '.cache');
  return path.join(xdg, 'docs-json-tools');
}

/** A docs folder's own caches in the user's cache folder: named by the SHA-256 of its real absolute path. */
export function siteCacheFolder(userFolder: string, docsRoot: string): string {
  let real = path.resolve(docsRoot);
  try {
    real = fs.realpathSync.native(real);
  } catch {
    // The path as given.
  }
  return path.join(userFolder, 'sites', crypto().createHash('sha256').update(real).digest('hex').slice(0, 24));
}

const SECRET_NAME = 'cache-key';
const SECRET_BYTES = 32;
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/**
 * This user's cache secret (32 random bytes in `userFolder/cache-key`), made on first use; or why there is none (then
 * no cache is used). Refused: a link, not a regular file, another user's, or one others may read or write; in a
 * folder that is another user's or that others may write.
 */
export function cacheSecret(userFolder: string): Buffer | { refused: string } {
  const file = path.join(userFolder, SECRET_NAME);
  const madeFolder = makeDataFolder(userFolder, { mode: 0o700 });
  if (madeFolder) return { refused: `cannot make ${userFolder}: ${madeFolder}` };
  // As the code cache's folder: another user who may write it could put a key of theirs in place of ours.
  const folder = fs.statSync(userFolder);
  if (process.getuid && (folder.uid !== process.getuid() || (folder.mode & 0o022) !== 0)) return { refused: `${userFolder} is not this user's alone (others may write it)` };
  const found = readSecret(file);
  if (found !== 'absent') return found;
  const made = createDataFile(file, crypto().randomBytes(SECRET_BYTES), { mode: 0o600 });
  // Another process made it first: theirs is read.
  if (made && made !== 'a file is already at that name') return { refused: `cannot write ${file}: ${made}` };
  const read = readSecret(file);
  return read === 'absent' ? { refused: `${file} vanished` } : read;
}

function readSecret(file: string): Buffer | 'absent' | { refused: string } {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | NO_FOLLOW | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'absent' : { refused: `${file} cannot be read (${code === 'ELOOP' ? 'a symbolic link' : (code ?? String(error))})` };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size !== SECRET_BYTES) return { refused: `${file} is not a cache key of ${SECRET_BYTES} bytes` };
    if (process.getuid && (stat.uid !== process.getuid() || (stat.mode & 0o077) !== 0)) return { refused: `${file} is not this user's alone (owner and mode 0600 expected)` };
    return fs.readFileSync(fd);
  } catch (error) {
    return { refused: `${file} cannot be read (${String(error)})` };
  } finally {
    fs.closeSync(fd);
  }
}

const SEAL = 'docs-json-sealed-1 ';

/** The file's text: a first line with the HMAC-SHA256 of `body` under `secret`, then `body`. */
export function seal(body: string, secret: Buffer): string {
  return `${SEAL}${mac(body, secret)}\n${body}`;
}

/** The body of a sealed text when its seal matches under `secret`; undefined when it does not, or there is none. */
export function unseal(text: string, secret: Buffer): string | undefined {
  if (!text.startsWith(SEAL)) return undefined;
  const end = text.indexOf('\n');
  if (end < 0) return undefined;
  const body = text.slice(end + 1);
  const given = Buffer.from(text.slice(SEAL.length, end), 'utf8');
  const wanted = Buffer.from(mac(body, secret), 'utf8');
  return given.length === wanted.length && crypto().timingSafeEqual(given, wanted) ? body : undefined;
}

/**
 * One line of a log, sealed on its own under `secret` and `context` (what the file's key would say: the format and
 * the tool's version), so that a line is never taken into another version's cache: `<mac> <body>`.
 */
export function sealLine(body: string, context: string, secret: Buffer): string {
  return `${mac(`${context}\n${body}`, secret)} ${body}`;
}

/** A log line's body when its seal matches; undefined otherwise. */
export function unsealLine(line: string, context: string, secret: Buffer): string | undefined {
  const space = line.indexOf(' ');
  if (space < 0) return undefined;
  const body = line.slice(space + 1);
  const given = Buffer.from(line.slice(0, space), 'utf8');
  const wanted = Buffer.from(mac(`${context}\n${body}`, secret), 'utf8');
  return given.length === wanted.length && crypto().timingSafeEqual(given, wanted) ? body : undefined;
}

function mac(body: string, secret: Buffer): string {
  return crypto().createHmac('sha256', secret).update(body).digest('base64url');
}
