// A guard against API keys leaking in tests. Importing it in a test file (1) tees everything the process writes to
// stdout and stderr, (2) offers `leakGuard.logger()` for clients' log lines and `leakGuard.record()` for errors,
// answers and child-process output, (3) notes the temp dir, and (4) registers an `after` hook that fails the
// file if any key (or its secret part, or its base64) appears in anything captured or in any file written
// under the temp dir (or a watched folder) while the file ran. Failure messages name where, never the key.
//
//   import { leakGuard } from '../helpers/key-leak-guard';
//   const client = createDocsApiClient({ ..., logger: leakGuard.logger() });
//   try { ... } catch (error) { leakGuard.record(error); }
//   leakGuard.watch(settingsFolder);            // a folder written outside the temp dir
//   leakGuard.secrets('svc_a_key_of_my_own');   // keys beyond the local service's
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after } from 'node:test';
import { inspect } from 'node:util';
import { keySecret } from '../../api/src/keys';
import { SERVICE_KEYS } from '../service/service';

/** Where a leak was found, with the key itself replaced. */
export interface Leak {
  where: string;
  context: string;
}

/** The strings a key may leak as: itself, its part after the naming prefix (`svc_`, `mint_dsc_`, …), its base64. */
export function leakForms(key: string): string[] {
  const secret = keySecret(key);
  return [key, ...(secret.length >= 8 && secret !== key ? [secret] : []), Buffer.from(key).toString('base64')];
}

function redactedContext(text: string, at: number, form: string): string {
  const before = text.slice(Math.max(0, at - 40), at);
  const after = text.slice(at + form.length, at + form.length + 40);
  return `${before}<KEY>${after}`.replace(/\s+/g, ' ');
}

/** Leaks of `keys` in captured texts (name → text). */
export function leaksInTexts(texts: Iterable<[string, string]>, keys: string[]): Leak[] {
  const forms = keys.flatMap(leakForms);
  const leaks: Leak[] = [];
  for (const [where, text] of texts) {
    for (const form of forms) {
      const at = text.indexOf(form);
      if (at >= 0) leaks.push({ where, context: redactedContext(text, at, form) });
    }
  }
  return leaks;
}

const CHUNK = 1 << 20;

/** Leaks of `keys` in every regular file under `roots` (read in chunks, so large files cost no memory). */
export function leaksInFiles(roots: string[], keys: string[], skip: (file: string) => boolean = () => false): Leak[] {
  const forms = keys.flatMap(leakForms).map((form) => Buffer.from(form));
  const overlap = Math.max(0, ...forms.map((f) => f.length)) - 1;
  const leaks: Leak[] = [];
  const visit = (entry: string) => {
    if (skip(entry)) return;
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(entry);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      let names: string[] = [];
      try {
        names = fs.readdirSync(entry);
      } catch {
        return;
      }
      for (const name of names) if (name !== 'node_modules') visit(path.join(entry, name));
      return;
    }
    if (!stat.isFile()) return;
    let fd: number;
    try {
      fd = fs.openSync(entry, 'r');
    } catch {
      return;
    }
    try {
      const buffer = Buffer.alloc(CHUNK + overlap);
      let carried = 0;
      let position = 0;
      for (;;) {
        const read = fs.readSync(fd, buffer, carried, CHUNK, position);
        if (read === 0) break;
        const window = buffer.subarray(0, carried + read);
        const form = forms.find((f) => window.includes(f));
        if (form) {
          const at = window.indexOf(form);
          leaks.push({ where: entry, context: redactedContext(window.toString('latin1'), at, form.toString('latin1')) });
          break;
        }
        position += read;
        carried = Math.min(overlap, window.length);
        window.copy(buffer, 0, window.length - carried);
      }
    } finally {
      fs.closeSync(fd);
    }
  };
  for (const root of roots) visit(root);
  return leaks;
}

class KeyLeakGuard {
  private readonly keys = new Set<string>(Object.values(SERVICE_KEYS));
  private readonly texts: [string, string][] = [];
  private readonly watched = new Set<string>();
  private readonly tmpBefore = new Set<string>();
  private output = { stdout: '', stderr: '' };

  constructor() {
    for (const name of safeList(os.tmpdir())) this.tmpBefore.add(name);
    for (const stream of ['stdout', 'stderr'] as const) {
      const target = process[stream];
      const write = target.write.bind(target) as (...args: unknown[]) => boolean;
      target.write = ((chunk: unknown, ...rest: unknown[]) => {
        this.output[stream] += typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : String(chunk);
        return write(chunk, ...rest);
      }) as typeof target.write;
    }
    process.on('unhandledRejection', (reason) => this.record(reason, 'unhandled rejection'));
  }

  /** More keys to look for (the local service's keys are always looked for). */
  secrets(...keys: string[]): void {
    for (const key of keys) if (key) this.keys.add(key);
  }

  /** A logger for a client: keeps every line it is given. */
  logger(source = 'client log'): (line: string) => void {
    return (line) => this.texts.push([source, String(line)]);
  }

  /** Keeps anything a test saw: errors (message, stack, inspect, JSON, causes), answers, output text. */
  record(value: unknown, source = 'recorded value'): void {
    const seen = new Set<unknown>();
    const add = (item: unknown, where: string) => {
      if (item === undefined || seen.has(item)) return;
      seen.add(item);
      if (typeof item === 'string') return void this.texts.push([where, item]);
      this.texts.push([where, inspect(item, { depth: 8, showHidden: true })]);
      try {
        this.texts.push([`${where} as JSON`, JSON.stringify(item) ?? '']);
      } catch {
        // cyclic: inspect has it
      }
      if (item instanceof Error) {
        this.texts.push([`${where} message`, item.message], [`${where} stack`, String(item.stack)], [`${where} string`, String(item)]);
        add((item as { cause?: unknown }).cause, `${where} cause`);
      }
    };
    add(value, source);
  }

  /** A folder written outside the temp dir (settings, a CLI's output) whose files are scanned at the end. */
  watch(folder: string): void {
    this.watched.add(folder);
  }

  /** Every leak so far: in captured texts, in this process's output, and in files written under the watched folders and the temp dir. */
  leaks(): Leak[] {
    const keys = [...this.keys];
    const texts: [string, string][] = [...this.texts, ['stdout', this.output.stdout], ['stderr', this.output.stderr]];
    const tmp = os.tmpdir();
    const fresh = safeList(tmp)
      .filter((name) => !this.tmpBefore.has(name))
      .map((name) => path.join(tmp, name));
    return [...leaksInTexts(texts, keys), ...leaksInFiles([...this.watched, ...fresh], keys)];
  }

  /** How much was captured, so a test can show the check saw something. */
  get capturedTexts(): number {
    return this.texts.length;
  }
}

function safeList(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch {
    return [];
  }
}

export const leakGuard = new KeyLeakGuard();

after(() => {
  const leaks = leakGuard.leaks();
  if (leaks.length) {
    throw new Error(`API key text leaked in ${leaks.length} place(s):\n${leaks.map((l) => `  ${l.where}: …${l.context}…`).join('\n')}`);
  }
});
