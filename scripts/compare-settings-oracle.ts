// A development oracle, not a test: seeded mutations of the settings of every corpus docs.json (each enum value
// swapped, keys removed, types changed, unknown keys and names added), judged by the platform's own validator and by
// our checker; prints how many the platform refuses that we catch, and how many it accepts that we leave quiet.
// The validator is installed apart (never a dependency): `npm i @mintlify/cli` in a scratch folder, then
//   node --import tsx scripts/compare-settings-oracle.ts --oracle /tmp/mint-oracle [--per-site 300] [--seed 23] [--show 20]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import schema from '../schemas/docs.schema.json';
import { SeededRandom } from '../bench/seeded-random';
import { DEFAULT_SETTINGS } from '../server/src/project/project-settings';
import { createLanguageService } from '../server/src/language';
import { corpusFixtures, materializeFixture } from '../test/helpers/corpus';

const { values } = parseArgs({
  options: {
    oracle: { type: 'string', default: '/tmp/mint-oracle' },
    'per-site': { type: 'string', default: '300' },
    seed: { type: 'string', default: '23' },
    show: { type: 'string', default: '20' },
  },
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];
interface Mutant {
  what: string;
  value: Json;
}

const NOT_SETTINGS = new Set(['navigation']);
/**
 * Our rules about files and where links land: the validator does not look at the docs folder or follow redirects (the build and `mint broken-links`
 * do), so a path it accepts may still name nothing. Left out of the comparison.
 */
const FOLDER_CODES = new Set(['broken-link', 'redirect-param', 'redirect-loop', 'missing-openapi', 'invalid-openapi', 'missing-file', 'missing-page', 'page-outside-root', 'unknown-endpoint', 'invalid-ref']);
const STRANGE_STRINGS = ['', 'x', 'https://example.com', 'http://example.com', '/local/path', 'fa-star', '#12345G', 'G-ABC', 'phc_x', 'invalid'];
const SOCIAL_NAMES = ['tiktok', 'mastodon', 'twitch', 'x', 'github', 'linkedin', 'website', 'email', 'rss', 'gitlab', 'bluesky', 'podcast', 'Twitter'];

function get(root: Json, at: Path): Json | undefined {
  let node: Json | undefined = root;
  for (const key of at) node = node && typeof node === 'object' ? (node as Record<string, Json>)[key as string] : undefined;
  return node;
}

function set(root: Json, at: Path, value: Json | undefined): Json {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, Json>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = at[at.length - 1];
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** Every enum of the schema, by the key that holds it (values of one key name may differ by place: all are tried). */
function enumsByKey(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const visit = (node: unknown, key: string) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (Array.isArray(n.enum)) for (const v of n.enum) if (typeof v === 'string') (out.get(key) ?? out.set(key, new Set()).get(key)!).add(v);
    for (const [k, child] of Object.entries(n.properties ?? {})) visit(child, k);
    for (const [k, child] of Object.entries(n.definitions ?? {})) visit(child, k);
    if (n.items) visit(n.items, key);
  };
  visit(schema, '');
  return out;
}

function mutants(config: Json): Mutant[] {
  const enums = enumsByKey();
  const out: Mutant[] = [];
  const walk = (node: Json, at: Path) => {
    const label = at.join('.');
    const key = String(at[at.length - 1]);
    if (at.length) {
      out.push({ what: `remove ${label}`, value: set(config, at, undefined) });
      for (const other of [1, true, null, [], {}, 'x'] as Json[]) {
        if (typeof other === typeof node && Array.isArray(other) === Array.isArray(node)) continue;
        out.push({ what: `${label} = ${JSON.stringify(other)}`, value: set(config, at, other) });
      }
    }
    if (typeof node === 'string') {
      for (const value of [...(enums.get(key) ?? []), ...STRANGE_STRINGS]) if (value !== node) out.push({ what: `${label} = ${JSON.stringify(value)}`, value: set(config, at, value) });
      if (key === 'apiKey' || key === 'measurementId' || key === 'tagId') out.push({ what: `${label} without its prefix`, value: set(config, at, node.replace(/^[A-Za-z]+[-_]/, '')) });
    }
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      out.push({ what: `${label}.unknownKey added`, value: set(config, [...at, 'unknownKey'], 'x') });
      if (key === 'socials') for (const name of SOCIAL_NAMES) if (!(name in node)) out.push({ what: `${label}.${name} added`, value: set(config, [...at, name], 'https://example.com/x') });
      for (const [k, child] of Object.entries(node)) if (!(at.length === 0 && NOT_SETTINGS.has(k))) walk(child, [...at, k]);
    }
    if (Array.isArray(node)) node.slice(0, 3).forEach((child, i) => walk(child, [...at, i]));
  };
  walk(config, []);
  // Settings the site does not write, each in a few forms.
  const extra: [Path, Json[]][] = [
    [['styling', 'codeblocks'], ['system', 'dark', 'light', 'auto', 'github-dark', { theme: 'github-dark' }, { theme: 'not-a-theme' }, { theme: { light: 'github-light', dark: 'github-dark' } }]],
    [['footer', 'socials'], SOCIAL_NAMES.map((name) => ({ [name]: 'https://example.com/x' }))],
    [['integrations', 'posthog'], [{ apiKey: 'phc_abc' }, { apiKey: 'abc' }, { apiKey: 'phc_abc', apiHost: 'https://x.example' }]],
    [['integrations', 'ga4'], [{ measurementId: 'G-1' }, { measurementId: 'UA-1' }]],
    [['integrations', 'gtm'], [{ tagId: 'GTM-1' }, { tagId: 'X-1' }]],
    [['integrations', 'plausible'], [{ domain: 'example.com' }, { domain: 'https://example.com' }]],
    [['appearance', 'default'], ['system', 'light', 'dark', 'auto']],
    [['background', 'decoration'], ['gradient', 'grid', 'windows', 'dots']],
    [['icons', 'library'], ['fontawesome', 'lucide', 'tabler', 'heroicons']],
    [['banner'], [{ content: 'x' }, { content: '' }, { content: 'x', type: 'danger' }]],
    [['seo', 'indexing'], ['all', 'navigable', 'none']],
    [['api', 'playground', 'display'], ['interactive', 'simple', 'none', 'auth', 'hide']],
    [['thumbnails', 'appearance'], ['light', 'dark', 'system']],
    [['contextual', 'display'], ['header', 'toc', 'footer']],
  ];
  for (const [at, options] of extra) {
    for (const option of options) {
      let value = config;
      for (let i = 1; i < at.length; i++) if (get(value, at.slice(0, i)) === undefined) value = set(value, at.slice(0, i), {});
      out.push({ what: `${at.join('.')} = ${JSON.stringify(option)}`, value: set(value, at, option) });
    }
  }
  return out;
}

async function main(): Promise<void> {
  const entry = path.join(values.oracle!, 'node_modules/@mintlify/validation/dist/index.js');
  if (!fs.existsSync(entry)) throw new Error(`no @mintlify/validation under ${values.oracle}: npm i @mintlify/cli there first`);
  const { validateDocsConfig } = (await import(pathToFileURL(entry).href)) as { validateDocsConfig: (v: unknown) => { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } } };
  const random = new SeededRandom(Number(values.seed));
  const perSite = Number(values['per-site']);
  const tally = { refused: 0, caught: 0, accepted: 0, quiet: 0 };
  const misses: string[] = [];
  const alarms: string[] = [];
  for (const name of corpusFixtures()) {
    const root = materializeFixture(name);
    const service = createLanguageService();
    service.addWorkspaceFolder(root);
    const file = path.join(root, 'docs.json');
    const uri = service.uriOf(file);
    const project = service.projectOfDocsJson(uri)!;
    service.configure(project, { ...DEFAULT_SETTINGS });
    const config = JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
    // The platform resolves `$ref` before validating; this script does not: such a site is left out.
    if (!validateDocsConfig(config).success) {
      console.log(`${name}: left out, the validator refuses it as it is (a $ref, or a true mistake)`);
      continue;
    }
    const errorsOf = (value: Json): string[] => {
      service.changeDocument(uri, JSON.stringify(value, null, 2));
      return [...service.check(project).byFile.values()].flat().filter((d) => d.severity === 1 && !FOLDER_CODES.has(String(d.code))).map((d) => `${d.code}: ${d.message}`);
    };
    service.openDocument(uri, JSON.stringify(config, null, 2));
    const base = new Set(errorsOf(config));
    const all = mutants(config);
    const chosen = all.length <= perSite ? all : Array.from({ length: perSite }, () => all[Math.floor(random.next() * all.length)]);
    for (const mutant of chosen) {
      const verdict = validateDocsConfig(mutant.value);
      const ours = errorsOf(mutant.value).filter((e) => !base.has(e));
      if (!verdict.success) {
        tally.refused++;
        if (ours.length) tally.caught++;
        else misses.push(`${name}: ${mutant.what} — platform: ${verdict.error?.issues.map((i) => `#.${i.path.join('.')}: ${i.message}`).join('; ')}`);
      } else {
        tally.accepted++;
        if (!ours.length) tally.quiet++;
        else alarms.push(`${name}: ${mutant.what} — ours: ${ours.join('; ')}`);
      }
    }
    service.dispose();
  }
  const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : '—');
  console.log(`refused by the platform: ${tally.refused}, caught ${tally.caught} (${pct(tally.caught, tally.refused)}%)`);
  console.log(`accepted by the platform: ${tally.accepted}, quiet ${tally.quiet} (${pct(tally.quiet, tally.accepted)}%)`);
  const show = Number(values.show);
  const unique = (list: string[]) => [...new Set(list.map((l) => l.replace(/^[^:]+: /, '')))];
  console.log(`\nfalse alarms (${alarms.length}):\n${unique(alarms).slice(0, show).join('\n')}`);
  console.log(`\nmissed (${misses.length}):\n${unique(misses).slice(0, show).join('\n')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
