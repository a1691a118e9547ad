import { createDocsApiClient, DocsApiClient, KeyKind, keyKindOf } from '../../../api/src';
import { CliIO } from '../io';
import { OptionSpec, parseOptions, ParsedOptions, secondsOption, stringOption, UsageError } from '../options';

export const ENV = {
  baseUrl: 'DOCS_API_BASE_URL',
  adminKey: 'DOCS_ADMIN_API_KEY',
  assistantKey: 'DOCS_ASSISTANT_API_KEY',
  project: 'DOCS_PROJECT_ID',
  domain: 'DOCS_DOMAIN',
} as const;

/** The options every API command takes; `commandContext` reads them. */
const API_OPTIONS = {
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  timeout: { type: 'string' },
} as const satisfies OptionSpec;

export function parseApiOptions(args: string[], options: OptionSpec): ParsedOptions {
  return parseOptions(args, { ...API_OPTIONS, ...options });
}

const KEY_ENV: Record<KeyKind, string> = { admin: ENV.adminKey, assistant: ENV.assistantKey };
const KEY_SHAPE: Record<KeyKind, string> = { admin: 'svc_…, not svc_dsc_…', assistant: 'svc_dsc_…' };

export interface CommandContext {
  client: DocsApiClient;
  json: boolean;
}

/** The client for a command that needs a key of `kind`: base URL from --base-url or the environment, keys only from the environment. */
export function commandContext(io: CliIO, values: ParsedOptions['values'], kind: KeyKind): CommandContext {
  const baseUrl = stringOption(values, 'base-url') ?? nonEmpty(io.env[ENV.baseUrl]);
  if (!baseUrl) throw new UsageError(`no API base URL: pass --base-url URL or set ${ENV.baseUrl}`);
  const adminKey = nonEmpty(io.env[ENV.adminKey]);
  const assistantKey = nonEmpty(io.env[ENV.assistantKey]);
  const key = kind === 'admin' ? adminKey : assistantKey;
  if (!key) throw new UsageError(`this command needs an ${kind} API key (${KEY_SHAPE[kind]}): set ${KEY_ENV[kind]}`);
  const actual = keyKindOf(key.trim());
  if (actual !== kind) {
    throw new UsageError(`${KEY_ENV[kind]} holds ${actual ? `an ${actual} API key` : 'something that is not an API key'}; this command needs an ${kind} API key (${KEY_SHAPE[kind]})`);
  }
  const timeoutMs = secondsOption(values, 'timeout');
  const client = createDocsApiClient({
    baseUrl,
    adminKey,
    assistantKey,
    timeoutMs,
    streamTimeoutMs: timeoutMs,
    logger: values.verbose ? (line) => io.err(`[api] ${line}\n`) : undefined,
  });
  return { client, json: values.json === true };
}

export function requiredSetting(io: CliIO, values: ParsedOptions['values'], flag: string, envName: string, what: string): string {
  const value = stringOption(values, flag) ?? nonEmpty(io.env[envName]);
  if (!value) throw new UsageError(`no ${what}: pass --${flag} ${what === 'project id' ? 'ID' : 'DOMAIN'} or set ${envName}`);
  return value;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value : undefined;
}
