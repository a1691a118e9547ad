// The team's config file (docs-json.config.json): rule severities, per path too, read alike by the CLI, the
// language server and the Action; found from the docs folder upward to the repository's root.
import fs = require('node:fs');
import path = require('node:path');
import { RULES } from '../checker';
import { gitignoreIgnores, parseGitignore } from '../checker/workspace/gitignore-match';
import { readDataFile } from './data-file';
import { ORPHAN_CODE, SeveritySetting, SEVERITY_SETTINGS } from './project-settings';

/** The code a message's example turns off: the registry's first warning (a message names no code by hand). */
const EXAMPLE_CODE = Object.keys(RULES).find((code) => RULES[code as keyof typeof RULES] === 'warning') ?? Object.keys(RULES)[0];

export const CONFIG_FILE = 'docs-json.config.json';

/** A config is a few lines; a larger file is refused rather than read. */
const MAX_BYTES = 1024 * 1024;

export interface ConfigOverride {
  /** gitignore patterns, relative to the config file's folder. */
  files: string[];
  rules: Record<string, SeveritySetting>;
}

export interface TeamConfig {
  /** The file read (absolute), when there is one. */
  file?: string;
  rules: Record<string, SeveritySetting>;
  overrides: ConfigOverride[];
  /** A public URL of the rule pages, `{code}` standing for the rule (SARIF's helpUri). */
  rulePagesUrl?: string;
  /** What is wrong in the file (each a line); the parts that are right still apply. */
  problems: string[];
}

export const NO_CONFIG: TeamConfig = { rules: {}, overrides: [], problems: [] };

/**
 * The config file that holds for a docs folder: the nearest docs-json.config.json from the folder upward, up to
 * the repository's root (the nearest folder holding `.git`); outside a repository, the docs folder's own only.
 */
export function findConfigFile(docsFolder: string): string | undefined {
  const candidates: string[] = [];
  for (let dir = docsFolder; ; dir = path.dirname(dir)) {
    candidates.push(path.join(dir, CONFIG_FILE));
    if (exists(path.join(dir, '.git'))) break;
    if (path.dirname(dir) === dir) {
      candidates.splice(1);
      break;
    }
  }
  return candidates.find(exists);
}

/** The config of a docs folder (NO_CONFIG when there is no file). */
export function readTeamConfig(docsFolder: string): TeamConfig {
  const file = findConfigFile(docsFolder);
  if (!file) return NO_CONFIG;
  const read = readDataFile(file, MAX_BYTES);
  if (!read) return NO_CONFIG;
  if ('refused' in read) return { ...NO_CONFIG, file, problems: [`${file}: ${read.refused}`] };
  let json: unknown;
  try {
    json = JSON.parse(read.text);
  } catch (error) {
    return { ...NO_CONFIG, file, problems: [`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`] };
  }
  return { file, ...parseTeamConfig(json, file) };
}

/** The config's JSON: the right parts kept, each wrong one a problem naming where it is. */
export function parseTeamConfig(json: unknown, file: string): Omit<TeamConfig, 'file'> {
  const problems: string[] = [];
  const say = (where: string, what: string) => problems.push(`${file}: ${where} ${what}`);
  if (!isRecord(json)) return { ...NO_CONFIG, problems: [`${file}: the config is an object ({"rules": {...}})`] };
  for (const key of Object.keys(json)) if (!['$schema', 'rules', 'overrides', 'rulePagesUrl'].includes(key)) say(`"${key}"`, 'is not a setting (rules, overrides, rulePagesUrl)');
  const rules = rulesOf(json.rules, 'rules', say);
  const overrides: ConfigOverride[] = [];
  if (json.overrides !== undefined && !Array.isArray(json.overrides)) say('overrides', 'is a list of {"files": [...], "rules": {...}}');
  for (const [i, entry] of (Array.isArray(json.overrides) ? json.overrides : []).entries()) {
    const where = `overrides[${i}]`;
    if (!isRecord(entry)) {
      say(where, 'is an object {"files": [...], "rules": {...}}');
      continue;
    }
    const files = Array.isArray(entry.files) ? entry.files.filter((f): f is string => typeof f === 'string' && f.trim() !== '') : [];
    if (!files.length || (Array.isArray(entry.files) && files.length !== entry.files.length)) say(`${where}.files`, 'is a list of path patterns (as .gitignore writes them)');
    const entryRules = rulesOf(entry.rules, `${where}.rules`, say);
    if (files.length) overrides.push({ files, rules: entryRules });
  }
  let rulePagesUrl: string | undefined;
  if (json.rulePagesUrl !== undefined) {
    if (typeof json.rulePagesUrl === 'string' && /^https:\/\/[^\s/]+\/\S*$/.test(json.rulePagesUrl)) rulePagesUrl = json.rulePagesUrl;
    else say('rulePagesUrl', 'is an https URL of the rule pages, {code} standing for the rule (https://example.com/rules/{code})');
  }
  return { rules, overrides, ...(rulePagesUrl && { rulePagesUrl }), problems };
}

function rulesOf(value: unknown, where: string, say: (where: string, what: string) => void): Record<string, SeveritySetting> {
  const rules: Record<string, SeveritySetting> = {};
  if (value === undefined) return rules;
  if (!isRecord(value)) {
    say(where, `is an object of rule codes to severities (${JSON.stringify({ [EXAMPLE_CODE]: 'off' })})`);
    return rules;
  }
  for (const [code, severity] of Object.entries(value)) {
    if (!Object.hasOwn(RULES, code) && code !== ORPHAN_CODE) say(`${where}`, `names no rule: "${code}"`);
    else if (!SEVERITY_SETTINGS.includes(severity as SeveritySetting)) say(`${where}."${code}"`, `is one of ${SEVERITY_SETTINGS.join(', ')} (got ${JSON.stringify(severity)})`);
    else rules[code] = severity as SeveritySetting;
  }
  return rules;
}

/**
 * The severities a config sets for one file (absolute): its `rules`, then each override whose patterns match the
 * file relative to the config's folder (later ones win). Only the codes some override names: the others are the
 * same in every file.
 */
export function overriddenRules(config: TeamConfig, file: string): Record<string, SeveritySetting> | undefined {
  if (!config.file || !config.overrides.length) return undefined;
  const relative = path.relative(path.dirname(config.file), file).split(path.sep).join('/');
  if (relative.startsWith('../') || path.isAbsolute(relative)) return undefined;
  const rules: Record<string, SeveritySetting> = {};
  for (const code of overriddenCodes(config)) if (Object.hasOwn(config.rules, code)) rules[code] = config.rules[code];
  for (const override of config.overrides) if (gitignoreIgnores(compiled(override), relative)) Object.assign(rules, override.rules);
  return rules;
}

/** The codes some override names: their severity is decided per file. */
export function overriddenCodes(config: TeamConfig): Set<string> {
  return new Set(config.overrides.flatMap((o) => Object.keys(o.rules)));
}

const compiledPatterns = new WeakMap<ConfigOverride, ReturnType<typeof parseGitignore>>();
function compiled(override: ConfigOverride): ReturnType<typeof parseGitignore> {
  let rules = compiledPatterns.get(override);
  if (!rules) compiledPatterns.set(override, (rules = parseGitignore(override.files)));
  return rules;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function exists(file: string): boolean {
  try {
    fs.statSync(file);
    return true;
  } catch {
    return false;
  }
}
