import * as fs from 'node:fs';
import * as path from 'node:path';
import { createLanguageService, whyDocsJsonUnreadable } from '../../server/src/service/language-service';
import { version } from '../../package.json';
import { formatJson, formatSarif, formatText, toCliDiagnostics } from './diagnostic-formats';
import { CliIO, Command, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './io';
import { parseOptions, stringListOption, stringOption, UsageError } from './options';

const FORMATS = ['text', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

const HELP = `usage: docs-json check [DIR] [--format text|json|sarif] [--language-code CODE]...
  checks DIR/docs.json (default: the current folder), its $ref files and the files it names,
  and the links, images and snippet imports inside every page
  --format text         one line a finding, file:line:col  severity  code  message, then a summary (default)
  --format json         one JSON object: {"diagnostics": [...]}, files relative to DIR, 1-based positions
  --format sarif        SARIF 2.1.0, for code-scanning tools
  --language-code CODE  accept a language code beyond the specification's list (repeatable)
exit status: 0 no errors (warnings and below pass), 1 errors found, 2 bad arguments, no docs.json or one it cannot read.
`;

export const CHECK_COMMAND: Command = {
  help: HELP,
  async run(args, io) {
    try {
      return check(checkOptions(args, io.cwd), io);
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
}

function checkOptions(args: string[], cwd: string): CheckOptions {
  const { values, positionals } = parseOptions(args, { format: { type: 'string' }, 'language-code': { type: 'string', multiple: true } });
  const format = stringOption(values, 'format') ?? 'text';
  if (!FORMATS.includes(format as Format)) throw new UsageError(`--format takes text, json or sarif (got '${format}')`);
  const extraLanguageCodes = stringListOption(values, 'language-code');
  if (extraLanguageCodes.includes('')) throw new UsageError('--language-code takes a code');
  if (positionals.length > 1) throw new UsageError(`check takes one folder, got ${positionals.length}`);
  const root = path.resolve(cwd, positionals[0] ?? '.');
  if (!isFile(path.join(root, 'docs.json'))) throw new UsageError(`no docs.json in ${root}`);
  const unreadable = whyDocsJsonUnreadable(root);
  if (unreadable) throw new UsageError(`cannot read docs.json: ${unreadable}`);
  return { root, format: format as Format, extraLanguageCodes };
}

function check({ root, format, extraLanguageCodes }: CheckOptions, io: CliIO): number {
  const service = createLanguageService();
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes, addRedirectsOnRename: false });
  const byFile = service.check(project).byFile;
  // Links inside pages: findings of every page, listed after docs.json's.
  for (const [file, diagnostics] of service.checkPages(project).byFile) byFile.set(file, [...(byFile.get(file) ?? []), ...diagnostics]);
  const printed = toCliDiagnostics(root, byFile);
  if (project.files.truncated) io.err(`docs-json check: ${root} holds over ${project.files.size.toLocaleString('en-US')} files: only that many are indexed, so pages are not checked for existence\n`);
  io.out(format === 'json' ? formatJson(printed) : format === 'sarif' ? formatSarif(printed, version) : formatText(printed));
  return printed.some((d) => d.severity === 'error') ? EXIT_FAILURE : EXIT_OK;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
