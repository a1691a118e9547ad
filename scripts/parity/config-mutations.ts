// Seeded mutations of a corpus docs.json (deterministic: the same seed, the same cases): each setting's value swapped
// for every enum value of its key and for odd strings, keys removed, types changed, unknown keys and social names
// added, and settings the site does not write added in a few forms. Moved here from the older development script
// (scripts/compare-settings-oracle.ts, now deleted) so the harness is the one place they are written.
import schema from '../../schemas/docs.schema.json';
import { SeededRandom } from '../../bench/seeded-random';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

export interface ConfigMutant {
  what: string;
  value: Json;
}

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

/** Every enum of our schema, by the key that holds it (values of one key name may differ by place: all are tried). */
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

const ENUMS = enumsByKey();

/**
 * The config with every array inside `navigation` cut to its first `keep` entries, at every depth, and `redirects` to
 * its first five: the validator's cost and ours grow with both (the validator takes 200-340 ms on the largest corpus
 * sites as they are, 10-30 ms cut), and the mutations change the settings around them. The cut config is itself a
 * docs.json the validator takes (the harness checks it before mutating it); both sides judge the same text.
 */
export function cutLists(config: Json, keep = 2): Json {
  const cut = (node: Json): Json => {
    if (Array.isArray(node)) return node.slice(0, keep).map(cut);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, cut(v)]));
    return node;
  };
  if (!config || typeof config !== 'object' || Array.isArray(config)) return config;
  const out = { ...config };
  if ('navigation' in out) out.navigation = cut(out.navigation);
  if (Array.isArray(out.redirects)) out.redirects = out.redirects.slice(0, 5);
  return out;
}

/** Every mutant of the config's settings (`navigation` is left as it is). */
export function configMutants(config: Json): ConfigMutant[] {
  const out: ConfigMutant[] = [];
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
      for (const value of [...(ENUMS.get(key) ?? []), ...STRANGE_STRINGS]) if (value !== node) out.push({ what: `${label} = ${JSON.stringify(value)}`, value: set(config, at, value) });
      if (key === 'apiKey' || key === 'measurementId' || key === 'tagId') out.push({ what: `${label} without its prefix`, value: set(config, at, node.replace(/^[A-Za-z]+[-_]/, '')) });
    }
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      out.push({ what: `${label || '(root)'}.unknownKey added`, value: set(config, [...at, 'unknownKey'], 'x') });
      if (key === 'socials') for (const name of SOCIAL_NAMES) if (!(name in node)) out.push({ what: `${label}.${name} added`, value: set(config, [...at, name], 'https://example.com/x') });
      for (const [k, child] of Object.entries(node)) if (!(at.length === 0 && k === 'navigation')) walk(child, [...at, k]);
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

/** Every mutant of the config once, in a seeded order (configs.ts takes them round-robin over the sites). */
export function shuffledConfigMutants(config: Json, random: SeededRandom): ConfigMutant[] {
  const all = configMutants(config);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
}
