import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { formatJson, formatSarif, formatText, toCliDiagnostic } from './diagnostic-formats';
import { CliIO, EXIT_USAGE } from './io';
import { version } from '../../package.json';

const FORMATS = ['text', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

export async function runCheckCommand(args: string[], io: CliIO): Promise<number> {
  let format: Format = 'text';
  const extraLanguageCodes: string[] = [];
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--format') {
      const chosen = value();
      if (!FORMATS.includes(chosen as Format)) return usage(io, `--format takes text, json or sarif (got '${chosen ?? ''}')`);
      format = chosen as Format;
    } else if (flag === '--language-code') {
      const code = value();
      if (!code) return usage(io, '--language-code takes a code');
      extraLanguageCodes.push(code);
    } else if (flag.startsWith('-')) {
      return usage(io, `unknown option '${flag}'`);
    } else {
      positional.push(arg);
    }
  }
  if (positional.length > 1) return usage(io, `check takes one folder, got ${positional.length}`);
  const root = path.resolve(io.cwd, positional[0] ?? '.');
  const docsJson = path.join(root, 'docs.json');
  if (!isFile(docsJson)) return usage(io, `no docs.json in ${root}`);

  const { diagnostics } = checkDocs(new DocsWorkspace(root), undefined, { extraLanguageCodes });
  const printed = diagnostics.map((d) => toCliDiagnostic(root, d));
  io.out(format === 'json' ? formatJson(printed) : format === 'sarif' ? formatSarif(printed, version) : formatText(printed));
  return printed.some((d) => d.severity === 'error') ? 1 : 0;
}

function usage(io: CliIO, reason: string): number {
  io.err(`docs-json check: ${reason}\n`);
  return EXIT_USAGE;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
