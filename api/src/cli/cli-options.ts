import { parseArgs } from 'node:util';

/** Bad arguments or configuration; its message is one line. */
export class UsageError extends Error {}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

export const COMMON_OPTIONS = {
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpec;

export interface ParsedOptions {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export function parseOptions(args: string[], options: OptionSpec): ParsedOptions {
  try {
    const { values, positionals } = parseArgs({ args, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true });
    return { values: values as ParsedOptions['values'], positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /^Unknown option '([^']+)'/.exec(message);
    throw new UsageError(unknown ? `unknown option '${unknown[1]}'` : message.split('. ')[0].replace(/\.$/, ''));
  }
}

export function stringOption(values: ParsedOptions['values'], name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A number of seconds given on the command line, as milliseconds. */
export function secondsOption(values: ParsedOptions['values'], name: string): number | undefined {
  const text = stringOption(values, name);
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--${name} takes a number of seconds greater than 0 (got '${text}')`);
  return Math.round(seconds * 1000);
}

export function positiveIntegerOption(values: ParsedOptions['values'], name: string, max: number): number | undefined {
  const text = stringOption(values, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new UsageError(`--${name} takes a whole number from 1 to ${max} (got '${text}')`);
  return value;
}

/** Exactly the positionals a command takes. */
export function expectPositionals(positionals: string[], names: string[]): string[] {
  if (positionals.length < names.length) throw new UsageError(`missing ${names.slice(positionals.length).join(' and ')}`);
  if (positionals.length > names.length) throw new UsageError(`unexpected argument '${positionals[names.length]}' (quote a text that holds spaces)`);
  return positionals;
}
