import os = require('node:os');
import path = require('node:path');
import { createLanguageService, mdxWorkerScript, whyDocsJsonUnreadable } from '../../server/src/service/language-service';
import { version } from '../../package.json';
import { toCliDiagnostics } from './diagnostic-formats';
import { findDocsFolder } from './find-docs';
import { CliIO, Command, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './io';
import { parseOptions, stringListOption, stringOption, UsageError, wholeNumberOption } from './options';
import { repositoryRoot } from './repository-root';
import { Format, FORMATS, isFormat, render, reportFailure, ReportTarget, reportTargets, writeReports } from './reports';

const HELP = `usage: docs-json check [DIR] [--format text|json|sarif|github|summary|gitlab] [--quiet] [--max-warnings N] [--language-code CODE]... [--base-path PATH] [--check-mdx] [--report FORMAT=FILE]...
  checks DIR/docs.json (default: the current folder), its $ref files and the files it names,
  and the links, images and snippet imports inside every page; DIR may be docs.json itself, or a folder
  (a repository's root) with exactly one folder below it that holds docs.json, which is then checked
  --format text         one line a finding, file:line:col  severity  code  message, then a summary (default)
  --format json         one JSON object: {"diagnostics": [...]}, files relative to DIR, 1-based positions
  --format sarif        SARIF 2.1.0, for code scanning: files relative to the repository's root (%SRCROOT%);
                        a run without results that says why when the check cannot run (exit 2)
  --format github       GitHub Actions annotations (::error file=…,line=…::message), files relative to the repository's root
  --format summary      a GitHub job summary in Markdown: counts per rule, the first findings linked to their lines
  --format gitlab       a GitLab code quality report (JSON), files relative to the repository's root
  --report FORMAT=FILE  also write that format to FILE (repeatable; a summary is appended, as $GITHUB_STEP_SUMMARY wants)
  (the repository's root: the nearest folder at or above DIR with .git; outside a repository, the current
  folder when DIR is inside it, else DIR)
  --quiet               errors only (warnings still count for --max-warnings)
  --max-warnings N      exit 1 when there are more than N warnings
  --language-code CODE  accept a language code beyond the specification's list (repeatable)
  --base-path PATH      the path the site is served under (/docs): links carrying it are read without it;
                        default: detected from the redirects; '' for none
  --check-mdx           also parse every page as the platform does (mdx-syntax): slower, in worker threads
exit status: 0 no errors (warnings and below pass), 1 errors found (or more warnings than --max-warnings),
2 bad arguments, no docs.json or one it cannot read.
`;

export const CHECK_COMMAND: Command = {
  help: HELP,
  async run(args, io) {
    try {
      return await check(checkOptions(args, io), io);
    } catch (error) {
      if (!(error instanceof UsageError)) {
        // The CLI says it and exits 2 (main); the SARIF and the summary say it too.
        reportFailure(args, error instanceof Error ? error.message : String(error), io, version);
        throw error;
      }
      io.err(`docs-json check: ${error.message}\n`);
      reportFailure(args, error.message, io, version);
      return EXIT_USAGE;
    }
  },
};

interface CheckOptions {
  root: string;
  format: Format;
  extraLanguageCodes: string[];
  quiet: boolean;
  maxWarnings?: number;
  basePath?: string;
  checkMdx: boolean;
  reports: ReportTarget[];
}

function checkOptions(args: string[], io: CliIO): CheckOptions {
  const { cwd } = io;
  const { values, positionals } = parseOptions(args, {
    format: { type: 'string' },
    'language-code': { type: 'string', multiple: true },
    quiet: { type: 'boolean' },
    'max-warnings': { type: 'string' },
    'base-path': { type: 'string' },
    'check-mdx': { type: 'boolean' },
    report: { type: 'string', multiple: true },
  });
  const format = stringOption(values, 'format') ?? 'text';
  if (!isFormat(format)) throw new UsageError(`--format takes ${FORMATS.slice(0, -1).join(', ')} or ${FORMATS.at(-1)} (got '${format}')`);
  const reports = reportTargets(stringListOption(values, 'report'), cwd);
  const maxWarnings = wholeNumberOption(values, 'max-warnings', 0, Number.MAX_SAFE_INTEGER);
  const extraLanguageCodes = stringListOption(values, 'language-code');
  if (extraLanguageCodes.includes('')) throw new UsageError('--language-code takes a code');
  if (positionals.length > 1) throw new UsageError(`check takes one folder, got ${positionals.length}`);
  const { root, note } = findDocsFolder(path.resolve(cwd, positionals[0] ?? '.'), positionals[0] ?? path.resolve(cwd));
  if (note) io.err(`docs-json check: ${note}\n`);
  const unreadable = whyDocsJsonUnreadable(root);
  if (unreadable) throw new UsageError(`cannot read docs.json: ${unreadable}`);
  const basePath = stringOption(values, 'base-path');
  return { root, format, extraLanguageCodes, quiet: values.quiet === true, maxWarnings, basePath, checkMdx: values['check-mdx'] === true, reports };
}

async function check({ root, format, extraLanguageCodes, quiet, maxWarnings, basePath, checkMdx, reports }: CheckOptions, io: CliIO): Promise<number> {
  // MDX syntax (--check-mdx): the platform's parser, ~1 MB of CPU a second (Portkey's 1,069 pages: 1.3 -> 18.6 s CPU
  // in one thread), runs in one worker per core; the pages are checked once to queue them, then again with the verdicts.
  const mdxWorker = checkMdx ? mdxWorkerScript() : undefined;
  if (checkMdx && !mdxWorker) throw new UsageError('--check-mdx: the MDX worker (mdx-worker.js) is missing beside the CLI');
  const service = createLanguageService(mdxWorker ? { mdxWorker, mdxWorkers: os.availableParallelism() } : {});
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes, addRedirectsOnRename: false, ...(basePath === undefined ? {} : { basePath }) });
  const byFile = service.check(project).byFile;
  if (mdxWorker) {
    service.checkPages(project);
    await service.mdxSettled(project);
  }
  // Links inside pages: findings of every page, listed after docs.json's.
  for (const [file, diagnostics] of service.checkPages(project).byFile) byFile.set(file, [...(byFile.get(file) ?? []), ...diagnostics]);
  service.dispose();
  const found = toCliDiagnostics(root, byFile);
  const printed = quiet ? found.filter((d) => d.severity === 'error') : found;
  if (project.files.truncated) io.err(`docs-json check: ${root} holds over ${project.files.size.toLocaleString('en-US')} files: only that many are indexed, so pages are not checked for existence\n`);
  const site = { docsRoot: root, repoRoot: repositoryRoot(root, io.cwd), diagnostics: printed, env: io.env, version };
  writeReports(reports, (report) => render(report, site), io.env);
  (format === 'github' ? (io.commands ?? io.out) : io.out)(render(format, site));
  // As eslint: warnings count against --max-warnings whether or not --quiet hides them.
  const warnings = found.filter((d) => d.severity === 'warning').length;
  const tooManyWarnings = maxWarnings !== undefined && warnings > maxWarnings;
  if (tooManyWarnings) io.err(`docs-json check: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings}\n`);
  return found.some((d) => d.severity === 'error') || tooManyWarnings ? EXIT_FAILURE : EXIT_OK;
}
