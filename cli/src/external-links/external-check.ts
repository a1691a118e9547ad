// `check --check-external`: the service lists the links, this module asks their hosts (and the cache), and the
// service words the findings.
import { Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import type { DocsLanguageService, DocsProject, ExternalVerdict } from '../../../server/src/language';
import { version } from '../../../package.json';
import { CLEAR_LINE, CliIO } from '../io';
import { OptionSpec, ParsedOptions, secondsOption, stringOption, UsageError } from '../options';
import { LinkCacheFile, LinkCachePlace } from './link-cache';
import { checkExternalUrls, DEFAULTS, LinkCheckOptions, UNRESOLVED } from './link-checker';

export interface ExternalCheckOptions extends Omit<LinkCheckOptions, 'onVerdict'> {
  /** The cache file and its key, when --cache is on (check-command.ts sets it). */
  cache?: LinkCachePlace;
}

/** The findings of the folder's external links, by file; notes on stderr of what was not checked and why. */
export async function checkExternalLinks(service: DocsLanguageService, project: DocsProject, options: ExternalCheckOptions, io: CliIO): Promise<Map<string, LspDiagnostic[]>> {
  const links = service.externalLinks(project);
  const now = () => options.clock?.now() ?? Date.now();
  const cache = options.cache === undefined ? undefined : new LinkCacheFile(options.cache, now());
  const verdicts = new Map<string, ExternalVerdict>();
  const asked = new Set<string>();
  for (const { url } of links) {
    const cached = cache?.get(url);
    if (cached) verdicts.set(url, cached);
    else asked.add(url);
  }
  const progress = io.errIsTTY ? progressLine(io) : undefined;
  const found = await checkExternalUrls(asked, { ...options, onVerdict: progress?.update });
  progress?.stop();
  for (const [url, verdict] of found) {
    verdicts.set(url, verdict);
    cache?.set(url, verdict, now());
  }
  const failed = cache?.save();
  if (failed) io.err(`docs-json check: the external link cache ${options.cache?.file} could not be written (${failed})\n`);
  noteSkipped(verdicts, io);
  const unresolved = [...found.values()].filter((v) => v.kind === 'unreachable' && v.why === UNRESOLVED).length;
  if (unresolved > 1 && unresolved === [...found.values()].filter((v) => v.kind !== 'skipped').length) {
    io.err(`docs-json check: none of the ${unresolved} external URLs asked has a host name that resolves: is this machine offline?\n`);
  }
  return service.externalLinkDiagnostics(project, links, verdicts);
}

/** One line on stderr for each reason URLs were not asked (a private address, the budget): counted, first one named. */
function noteSkipped(verdicts: ReadonlyMap<string, ExternalVerdict>, io: CliIO): void {
  const byReason = new Map<string, { count: number; url: string }>();
  for (const [url, verdict] of verdicts) {
    if (verdict.kind !== 'skipped') continue;
    // Reasons name a host or an address: counted by what follows them.
    const reason = verdict.why.includes('private address') ? 'a private address (--allow-private-hosts checks them)' : verdict.why;
    const entry = byReason.get(reason);
    if (entry) entry.count++;
    else byReason.set(reason, { count: 1, url });
  }
  for (const [reason, { count, url }] of byReason) {
    io.err(`docs-json check: ${count} external URL${count === 1 ? '' : 's'} not checked (${url}${count > 1 ? ', …' : ''}): ${reason}\n`);
  }
}

/** `external links 12/340` on the terminal's stderr, redrawn at most every 100 ms, cleared at the end. */
function progressLine(io: CliIO): { update(done: number, total: number): void; stop(): void } {
  let drawn = 0;
  const draw = (done: number, total: number) => io.err(`${CLEAR_LINE}checking external links: ${done}/${total}`);
  return {
    update(done, total) {
      const now = Date.now();
      if (now - drawn < 100 && done < total) return;
      drawn = now;
      draw(done, total);
    },
    stop() {
      if (drawn) io.err(CLEAR_LINE);
    },
  };
}

/** The options of `check` this feature adds (it reads `check`'s own --cache and --cache-location too). */
export const EXTERNAL_OPTIONS: OptionSpec = {
  'check-external': { type: 'boolean' },
  'allow-private-hosts': { type: 'boolean' },
  'external-timeout': { type: 'string' },
  'external-budget': { type: 'string' },
};

export const EXTERNAL_HELP = `  --check-external      also request every http(s) link of the pages and docs.json (HEAD, else GET), once per URL:
                        404/410 is broken-external-link (a warning: fails only past --max-warnings),
                        no answer unreachable-external-link (info); never run by the editor
  --allow-private-hosts with --check-external: also links to loopback and private addresses (skipped otherwise)
  --external-timeout S  one request's wait for an answer (default ${DEFAULTS.timeoutMs / 1000} s)
  --external-budget S   the external check's whole time (default ${DEFAULTS.budgetMs / 1000} s); links not asked by then get one
                        info finding per file (not checked: the check's time budget ran out)
                        with --cache, verdicts are kept beside the MDX verdicts (a day for a page that answers, less otherwise)
`;

/** The external check's settings from `check`'s arguments; undefined without --check-external. */
export function externalCheckOptions(values: ParsedOptions['values'], root: string, cwd: string): ExternalCheckOptions | undefined {
  const timeoutMs = secondsOption(values, 'external-timeout');
  const budgetMs = secondsOption(values, 'external-budget');
  if (values['check-external'] !== true) {
    const stray = ['allow-private-hosts', 'external-timeout', 'external-budget'].find((name) => values[name] !== undefined);
    if (stray) throw new UsageError(`--${stray} goes with --check-external`);
    return undefined;
  }
  return {
    allowPrivateHosts: values['allow-private-hosts'] === true,
    userAgent: `docs-json-tools/${version} (external link check)`,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(budgetMs === undefined ? {} : { budgetMs }),
  };
}
