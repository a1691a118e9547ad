import path = require('node:path');
import { createPrintable } from '../../api/src';
import { appendDataFile, writeDataFile } from '../../server/src/language';
import {
  CliDiagnostic,
  formatGithub,
  formatGitlab,
  formatJson,
  formatSarif,
  formatSarifFailure,
  formatSummary,
  formatSummaryFailure,
  formatText,
  rebased,
  summaryLinks,
  textLines,
  textSummary,
} from './diagnostic-formats';
import { CliIO } from './io';
import { UsageError } from './options';
import { repositoryRoot } from './repository-root';

export const FORMATS = ['text', 'json', 'sarif', 'github', 'summary', 'gitlab'] as const;
export type Format = (typeof FORMATS)[number];

export function isFormat(name: string): name is Format {
  return (FORMATS as readonly string[]).includes(name);
}

/** A report written to a file beside the output (`--report sarif=results.sarif`). */
export interface ReportTarget {
  format: Format;
  file: string;
}

/** `--report FORMAT=FILE` values; a summary is appended (as $GITHUB_STEP_SUMMARY wants), other reports replace the file. */
export function reportTargets(specs: string[], cwd: string): ReportTarget[] {
  return specs.map((spec) => {
    const match = /^([a-z]+)=(.+)$/.exec(spec);
    if (!match || !isFormat(match[1])) throw new UsageError(`--report takes FORMAT=FILE, FORMAT one of ${FORMATS.join(', ')} (got '${spec}')`);
    return { format: match[1], file: path.resolve(cwd, match[2]) };
  });
}

/** What a check found, and where: every format is made from it. */
export interface CheckedSite {
  docsRoot: string;
  /** The repository's root: the files of annotations, SARIF, summaries and GitLab reports are relative to it. */
  repoRoot: string;
  /** Files relative to `docsRoot`. */
  diagnostics: CliDiagnostic[];
  /** The current folder: text and JSON give files relative to it when it holds the docs folder (as eslint does). */
  cwd?: string;
  /** The config's public URL of the rule pages (`{code}`): SARIF's helpUri. */
  rulePagesUrl?: string;
  env: NodeJS.ProcessEnv;
  version: string;
}

export function render(format: Format, site: CheckedSite): string {
  const { diagnostics, docsRoot, repoRoot } = site;
  if (format === 'text' || format === 'json') {
    const fromHere = site.cwd === undefined ? diagnostics : rebased(diagnostics, docsRoot, terminalBase(docsRoot, site.cwd));
    return format === 'text' ? formatText(fromHere) : formatJson(fromHere);
  }
  const fromRepo = rebased(diagnostics, docsRoot, repoRoot);
  if (format === 'github') return formatGithub(fromRepo);
  if (format === 'sarif') return formatSarif(fromRepo, site.version, repoRoot, site.rulePagesUrl);
  if (format === 'gitlab') return formatGitlab(fromRepo);
  return formatSummary(fromRepo, summaryLinks(site.env));
}

/** Findings a piece of the text format holds (`renderPieces`). */
const TEXT_PIECE = 2_000;

/**
 * `render`'s text in pieces, written one after another: the text format a few thousand findings at a time, so that
 * a large check's report is never held whole, with its copies (on the 25,000-page synthetic site the whole text, its
 * lines and the rebased findings were the check's peak memory: issue 52); another format in one piece.
 */
export function* renderPieces(format: Format, site: CheckedSite): Generator<string> {
  if (format !== 'text') {
    yield render(format, site);
    return;
  }
  const { diagnostics, docsRoot } = site;
  const base = site.cwd === undefined ? undefined : terminalBase(docsRoot, site.cwd);
  for (let at = 0; at < diagnostics.length; at += TEXT_PIECE) {
    const piece = diagnostics.slice(at, at + TEXT_PIECE);
    yield textLines(base === undefined ? piece : rebased(piece, docsRoot, base));
  }
  yield textSummary(diagnostics);
}

/**
 * The folder text and JSON paths are relative to: the current one when it holds the docs folder, so that a terminal
 * opens `docs/guide.mdx:9:3` where it runs; else the docs folder (a path full of `../` helps nobody).
 */
export function terminalBase(docsRoot: string, cwd: string): string {
  const inside = path.relative(cwd, docsRoot);
  return inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside) ? docsRoot : cwd;
}

/**
 * What a format says when the check could not run (exit 2), so that a CI step that reads it finds a valid report
 * saying why rather than an empty or stale file: SARIF and the job summary; undefined for the others.
 */
function renderFailure(format: Format, why: string, version: string): string | undefined {
  if (format === 'sarif') return formatSarifFailure(version, why);
  if (format === 'summary') return formatSummaryFailure(why);
  return undefined;
}

/**
 * Writes each report, its text printable as the CLI's output is (keys redacted, controls escaped), through the
 * guarded write: never through a symbolic link, nor through a linked folder inside `inside` (the repository and the
 * current folder's repository: a cloned repository may commit `docs-json.sarif -> /somewhere/else`).
 */
export function writeReports(targets: ReportTarget[], text: (format: Format) => string | undefined, env: NodeJS.ProcessEnv, inside: readonly string[]): void {
  const printable = createPrintable([env.DOCS_ADMIN_API_KEY, env.DOCS_ASSISTANT_API_KEY]);
  for (const { format, file } of targets) {
    const content = text(format);
    if (content === undefined) continue;
    const failed = format === 'summary' ? appendDataFile(file, printable(content), { inside }) : writeDataFile(file, printable(content), { inside });
    if (failed) throw new UsageError(`cannot write the ${format} report to ${file}: ${failed}`);
  }
}

/** A check that cannot run still leaves a SARIF and a summary that say why, on stdout and in its reports. */
export function reportFailure(args: string[], why: string, io: CliIO, version: string): void {
  const { format, reports } = requestedOutputs(args, io.cwd);
  try {
    writeReports(reports, (report) => renderFailure(report, why, version), io.env, [repositoryRoot(io.cwd, io.cwd)]);
  } catch (error) {
    // A report that could not be written is what the check failed on: said once.
    if (error instanceof UsageError && error.message !== why) io.err(`docs-json check: ${error.message}\n`);
  }
  const failure = format && renderFailure(format, why, version);
  if (failure) io.out(failure);
}

/**
 * The output format and reports an argument list asks for, read leniently: a check whose arguments are refused still
 * writes its SARIF and summary saying why.
 */
function requestedOutputs(args: string[], cwd: string): { format?: Format; reports: ReportTarget[] } {
  let format: Format | undefined;
  const reports: ReportTarget[] = [];
  args.forEach((arg, i) => {
    const [name, inline] = arg.includes('=') && arg.startsWith('--') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, args[i + 1]];
    if (inline === undefined) return;
    if (name === '--format' && isFormat(inline)) format = inline;
    if (name === '--report') {
      try {
        for (const target of reportTargets([inline], cwd)) reports.push(target);
      } catch {
        // not a report this run can write
      }
    }
  });
  return { format, reports };
}
