import fs = require('node:fs');
import os = require('node:os');
import path = require('node:path');
import { createLanguageService, mdxWorkerScript, whyDocsJsonUnreadable } from '../../server/src/service/language-service';
import { version } from '../../package.json';
import { formatGithub, formatJson, formatSarif, formatText, toCliDiagnostics } from './diagnostic-formats';
import { CliIO, Command, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './io';
import { parseOptions, stringListOption, stringOption, UsageError, wholeNumberOption } from './options';

const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
type Format = (typeof FORMATS)[number];

const HELP = `usage: docs-json check [DIR] [--format text|json|sarif|github] [--quiet] [--max-warnings N] [--language-code CODE]... [--base-path PATH] [--check-mdx]
  checks DIR/docs.json (default: the current folder), its $ref files and the files it names,
  and the links, images and snippet imports inside every page
  --format text         one line a finding, file:line:col  severity  code  message, then a summary (default)
  --format json         one JSON object: {"diagnostics": [...]}, files relative to DIR, 1-based positions
  --format sarif        SARIF 2.1.0, for code-scanning tools
  --format github       GitHub Actions annotations (::error file=…,line=…::message), files relative to the current folder
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
      return await check(checkOptions(args, io.cwd), io);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      io.err(`docs-json check: ${error.message}\n`);
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
}

function checkOptions(args: string[], cwd: string): CheckOptions {
  const { values, positionals } = parseOptions(args, {
    format: { type: 'string' },
    'language-code': { type: 'string', multiple: true },
    quiet: { type: 'boolean' },
    'max-warnings': { type: 'string' },
    'base-path': { type: 'string' },
    'check-mdx': { type: 'boolean' },
  });
  const format = stringOption(values, 'format') ?? 'text';
  if (!FORMATS.includes(format as Format)) throw new UsageError(`--format takes text, json, sarif or github (got '${format}')`);
  const maxWarnings = wholeNumberOption(values, 'max-warnings', 0, Number.MAX_SAFE_INTEGER);
  const extraLanguageCodes = stringListOption(values, 'language-code');
  if (extraLanguageCodes.includes('')) throw new UsageError('--language-code takes a code');
  if (positionals.length > 1) throw new UsageError(`check takes one folder, got ${positionals.length}`);
  const root = path.resolve(cwd, positionals[0] ?? '.');
  if (!exists(path.join(root, 'docs.json'))) throw new UsageError(`no docs.json in ${root}`);
  const unreadable = whyDocsJsonUnreadable(root);
  if (unreadable) throw new UsageError(`cannot read docs.json: ${unreadable}`);
  const basePath = stringOption(values, 'base-path');
  return { root, format: format as Format, extraLanguageCodes, quiet: values.quiet === true, maxWarnings, basePath, checkMdx: values['check-mdx'] === true };
}

async function check({ root, format, extraLanguageCodes, quiet, maxWarnings, basePath, checkMdx }: CheckOptions, io: CliIO): Promise<number> {
  // MDX syntax (--check-mdx): the platform's parser, ~1 MB of CPU a second (Portkey's 1,069 pages: 1.3 -> 18.6 s CPU
  // in one thread), runs in a worker per core, at most MAX_MDX_WORKERS; the pages are checked once to queue them, then again with the verdicts.
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
  if (format === 'github') (io.commands ?? io.out)(formatGithub(printed, root, io.cwd));
  else io.out(format === 'json' ? formatJson(printed) : format === 'sarif' ? formatSarif(printed, version) : formatText(printed));
  // As eslint: warnings count against --max-warnings whether or not --quiet hides them.
  const warnings = found.filter((d) => d.severity === 'warning').length;
  const tooManyWarnings = maxWarnings !== undefined && warnings > maxWarnings;
  if (tooManyWarnings) io.err(`docs-json check: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings}\n`);
  return found.some((d) => d.severity === 'error') || tooManyWarnings ? EXIT_FAILURE : EXIT_OK;
}

/** Whether something is there (a file, a folder, a FIFO: whyDocsJsonUnreadable tells which). Never opens it. */
function exists(file: string): boolean {
  try {
    fs.statSync(file);
    return true;
  } catch {
    return false;
  }
}
