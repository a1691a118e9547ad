import { ApiError, createDocsApiClient, describeKey, DocsApiClient, KEY_PREFIX_HINT, KeyKind, keyKindOf, parseApiForm } from '../../../api/src';
import { CliIO } from '../io';
import { OptionSpec, parseOptions, ParsedOptions, secondsOption, stringOption, UsageError } from '../options';

export const ENV = {
  baseUrl: 'DOCS_API_BASE_URL',
  apiForm: 'DOCS_API_FORM',
  adminKey: 'DOCS_ADMIN_API_KEY',
  assistantKey: 'DOCS_ASSISTANT_API_KEY',
  project: 'DOCS_PROJECT_ID',
  domain: 'DOCS_DOMAIN',
} as const;

/** The options every API command takes; `commandContext` reads them. */
const API_OPTIONS = {
  'base-url': { type: 'string' },
  'api-form': { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  timeout: { type: 'string' },
} as const satisfies OptionSpec;

export function parseApiOptions(args: string[], options: OptionSpec): ParsedOptions {
  return parseOptions(args, { ...API_OPTIONS, ...options });
}

const KEY_ENV: Record<KeyKind, string> = { admin: ENV.adminKey, assistant: ENV.assistantKey };

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
  if (!key) throw new UsageError(`this command needs an ${kind} API key (${KEY_PREFIX_HINT[kind]}): set ${KEY_ENV[kind]}`);
  if (keyKindOf(key.trim()) !== kind) {
    throw new UsageError(`${KEY_ENV[kind]} holds ${describeKey(key.trim())}; this command needs an ${kind} API key (${KEY_PREFIX_HINT[kind]})`);
  }
  const timeoutMs = secondsOption(values, 'timeout');
  const client = createDocsApiClient({
    baseUrl,
    apiForm: apiFormOption(io, values),
    adminKey,
    assistantKey,
    timeoutMs,
    streamTimeoutMs: timeoutMs,
    logger: values.verbose ? (line) => io.err(`[api] ${line}\n`) : undefined,
  });
  return { client, json: values.json === true };
}

/** --api-form or DOCS_API_FORM: spec or published; neither (or auto) leaves it to the base URL's host. */
function apiFormOption(io: CliIO, values: ParsedOptions['values']) {
  const flag = stringOption(values, 'api-form');
  try {
    return parseApiForm(flag ?? io.env[ENV.apiForm]);
  } catch (error) {
    throw new UsageError(`${flag === undefined ? ENV.apiForm : '--api-form'}: ${error instanceof ApiError ? error.message : String(error)}`);
  }
}

export function requiredSetting(io: CliIO, values: ParsedOptions['values'], flag: string, envName: string, what: string): string {
  const value = stringOption(values, flag) ?? nonEmpty(io.env[envName]);
  if (!value) throw new UsageError(`no ${what}: pass --${flag} ${what === 'project id' ? 'ID' : 'DOMAIN'} or set ${envName}`);
  return value;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value : undefined;
}
