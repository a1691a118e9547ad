import { parseArgs } from 'node:util';

/** Bad arguments or configuration; its message is one line. */
export class UsageError extends Error {}

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

export interface ParsedOptions {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** A command's arguments, by node's parseArgs; its errors become one-line UsageErrors. */
export function parseOptions(args: string[], options: OptionSpec): ParsedOptions {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: values as ParsedOptions['values'], positionals };
  } catch (error) {
    throw new UsageError(usageMessage(error instanceof Error ? error.message : String(error)));
  }
}

/** parseArgs's messages run to several sentences and lines; the gist of each, in the CLI's words. */
function usageMessage(message: string): string {
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option '${unknown[1]}'`;
  const noValue = /^Option '(?:-\w, )?(--[^ ']+)(?: <value>)?' argument (?:missing|is ambiguous)/.exec(message);
  if (noValue) return `${noValue[1]} takes a value`;
  return message.split(/\.(?:\s|$)/)[0];
}

export function stringOption(values: ParsedOptions['values'], name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** The values of a repeatable option, in the order given. */
export function stringListOption(values: ParsedOptions['values'], name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value : [];
}

/** A number of seconds given on the command line, as milliseconds. */
export function secondsOption(values: ParsedOptions['values'], name: string): number | undefined {
  const text = stringOption(values, name);
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--${name} takes a number of seconds greater than 0 (got '${text}')`);
  return Math.round(seconds * 1000);
}

/** A whole number from `min` to `max` (`--limit 10`, `--max-warnings 0`). */
export function wholeNumberOption(values: ParsedOptions['values'], name: string, min: number, max: number): number | undefined {
  const text = stringOption(values, name);
  if (text === undefined) return undefined;
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} takes a whole number from ${min} to ${max.toLocaleString('en-US')} (got '${text}')`);
  }
  return value;
}

/** Exactly the positionals a command takes. */
export function expectPositionals(positionals: string[], names: string[]): string[] {
  if (positionals.length < names.length) throw new UsageError(`missing ${names.slice(positionals.length).join(' and ')}`);
  if (positionals.length > names.length) throw new UsageError(`unexpected argument '${positionals[names.length]}' (quote a text that holds spaces)`);
  return positionals;
}
