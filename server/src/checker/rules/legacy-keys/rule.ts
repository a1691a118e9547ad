// docs-json-settings note §1 (unknown keys: strict objects fail, others are dropped) and §7 (mint.json keys and their docs.json forms).
import schema from '../../../../../schemas/docs.schema.json';
import { Rewrite, RuleCode } from '../../diagnostics';
import { JValue, plainValue } from '../../json/json-tree';
import { RuleModule } from '../rule-module';
import { keyFixes } from './fixes';

const INTEGRATIONS = Object.keys(schema.properties.integrations.properties);
/** mint.json wrote these integrations as a plain string: docs.json holds it under this key. */
const INTEGRATION_STRING_KEYS: Record<string, string> = { intercom: 'appId', frontchat: 'snippetId' };

interface LegacyKey {
  /** The docs.json form, as the message names it (undefined: no docs.json equivalent). */
  now?: string;
  /** The rewrite, when it is mechanical; undefined when the value does not have the mint.json shape. */
  rewrite?: (value: unknown) => Rewrite | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const moveTo = (...path: string[]) => (value: unknown): Rewrite => ({ path, value });
const renamed = (item: unknown, names: Record<string, string>) =>
  isObject(item) ? Object.fromEntries(Object.entries(item).map(([k, v]) => [names[k] ?? k, v])) : item;
const mapped = (table: Record<string, string>, ...path: string[]) => (value: unknown): Rewrite | undefined =>
  typeof value === 'string' && Object.hasOwn(table, value) ? { path, value: table[value] } : undefined;

/**
 * `analytics` as `integrations`, when every entry names an integration (`customScripts` names none: the platform
 * refuses it in `integrations`, where an earlier rewrite put it on a live site: 173 → 174 errors).
 */
function analyticsRewrite(value: unknown): Rewrite | undefined {
  if (!isObject(value) || !Object.keys(value).length || !Object.keys(value).every((name) => INTEGRATIONS.includes(name))) return undefined;
  const entries = Object.entries(value).map(([name, settings]) =>
    Object.hasOwn(INTEGRATION_STRING_KEYS, name) && typeof settings === 'string' ? [name, { [INTEGRATION_STRING_KEYS[name]]: settings }] : [name, settings],
  );
  return { path: ['integrations'], value: Object.fromEntries(entries) };
}

/** mint.json keys by the JSON pointer of the object holding them (array indices as `*`). */
const LEGACY: Record<string, Record<string, LegacyKey>> = {
  '': {
    topbarLinks: {
      now: '`navbar.links` (`name` → `label`, `url` → `href`)',
      rewrite: (v) => (Array.isArray(v) ? { path: ['navbar', 'links'], value: v.map((l) => renamed(l, { name: 'label', url: 'href' })) } : undefined),
    },
    topbarCtaButton: {
      now: '`navbar.primary` (`type` button or github, `name` → `label`, `url` → `href`)',
      rewrite: (v) => {
        if (!isObject(v)) return undefined;
        const { type, ...rest } = renamed(v, { name: 'label', url: 'href' }) as Record<string, unknown>;
        return { path: ['navbar', 'primary'], value: { type: type === 'github' ? 'github' : 'button', ...rest } };
      },
    },
    footerSocials: {
      now: '`footer.socials`',
      rewrite: (v) => {
        if (isObject(v)) return { path: ['footer', 'socials'], value: v };
        if (!Array.isArray(v) || !v.every((s) => isObject(s) && typeof s.type === 'string')) return undefined;
        return { path: ['footer', 'socials'], value: Object.fromEntries(v.map((s) => [s.type, s.url])) };
      },
    },
    modeToggle: {
      now: '`appearance` (`default`, and `strict` for `isHidden`)',
      rewrite: (v) => (isObject(v) ? { path: ['appearance'], value: renamed(v, { isHidden: 'strict' }) } : undefined),
    },
    anchors: { now: '`navigation.global.anchors` or `navigation.anchors`' },
    tabs: { now: '`navigation.tabs`' },
    versions: { now: '`navigation.versions`' },
    analytics: {
      now: '`integrations` (custom scripts have no key: a `.js` file in the docs folder loads on every page)',
      rewrite: analyticsRewrite,
    },
    openapi: { now: '`api.openapi`', rewrite: moveTo('api', 'openapi') },
    backgroundImage: { now: '`background.image`', rewrite: moveTo('background', 'image') },
    font: { now: '`fonts` (`url` → `source`, `headings` → `heading`)' },
    eyebrow: { now: '`styling.eyebrows`', rewrite: (v) => (isObject(v) && typeof v.display === 'string' ? { path: ['styling', 'eyebrows'], value: v.display } : undefined) },
    codeBlock: { now: '`styling.codeblocks` (`auto` → `system`)', rewrite: (v) => (isObject(v) ? mapped({ auto: 'system', dark: 'dark' }, 'styling', 'codeblocks')(v.mode) : undefined) },
    layout: { now: 'a theme (`sidenav` → `maple`, `solidSidenav` → `willow`)' },
    feedback: {},
    isWhiteLabeled: {},
    rounded: {},
    sidebar: {},
    topbar: {},
  },
  '/colors': {
    background: { now: '`background.color`' },
    anchors: {},
    ultraLight: {},
    ultraDark: {},
  },
  '/background': { style: { now: '`background.decoration`', rewrite: moveTo('background', 'decoration') } },
  '/seo': { indexHiddenPages: { now: '`seo.indexing` (`all` or `navigable`)', rewrite: (v) => (typeof v === 'boolean' ? { path: ['seo', 'indexing'], value: v ? 'all' : 'navigable' } : undefined) } },
  '/search': { location: {} },
  '/api': {
    baseUrl: { now: '`api.mdx.server`', rewrite: moveTo('api', 'mdx', 'server') },
    auth: { now: '`api.mdx.auth`', rewrite: moveTo('api', 'mdx', 'auth') },
    request: { now: '`api.examples.languages`', rewrite: (v) => (isObject(v) && isObject(v.example) && Array.isArray(v.example.languages) ? { path: ['api', 'examples', 'languages'], value: v.example.languages } : undefined) },
  },
  '/api/playground': {
    mode: { now: '`api.playground.display` (`show` → `interactive`, `hide` → `none`)', rewrite: mapped({ show: 'interactive', simple: 'simple', hide: 'none' }, 'api', 'playground', 'display') },
    disableProxy: { now: '`api.playground.proxy` (its opposite)', rewrite: (v) => (typeof v === 'boolean' ? { path: ['api', 'playground', 'proxy'], value: !v } : undefined) },
  },
};

/** Objects the platform validates strictly: an unknown key in them fails the build (all others are dropped). */
const STRICT = new Set(['/colors', '/background/color', '/banner/color', '/fonts/heading', '/fonts/body', '/integrations', '/api/openapi', '/api/asyncapi', '/footer/socials']);

export interface UnknownKeyFinding {
  code: RuleCode;
  message: string;
  rewrite?: Rewrite;
}

/**
 * What a key outside the schema and the navigation is: in a strict object, an error; a mint.json key, a warning
 * naming its new form; any other key, a warning that it has no effect. `holder` is the JSON pointer of the object
 * holding `key`.
 */
export function unknownKey(holder: string, key: string, value: JValue, allowed: string): UnknownKeyFinding {
  const where = holder.replace(/\/\d+(?=\/|$)/g, '/*');
  const legacy = Object.hasOwn(LEGACY, where) && Object.hasOwn(LEGACY[where], key) ? LEGACY[where][key] : undefined;
  const strict = STRICT.has(where);
  const name = `\`${[...where.split('/').slice(1), key].join('.')}\``;
  if (legacy) {
    const now = legacy.now ? `: write ${legacy.now}` : ', with no docs.json equivalent';
    const effect = strict ? 'the platform refuses it' : 'it has no effect';
    return { code: strict ? 'unknown-key' : 'legacy-key', message: `${name} is a mint.json key (${effect})${now}`, rewrite: legacy.rewrite?.(plainValue(value)) };
  }
  if (strict) return { code: 'unknown-key', message: `\`${where.slice(1).replace(/\//g, '.')}\` may hold only ${allowed}: \`${key}\` is not allowed` };
  const here = allowed.split(', ').length <= 8 ? ` (allowed here: ${allowed})` : '';
  return { code: 'ignored-key', message: `${name} is not a docs.json setting: the platform ignores it${here}` };
}

export const rule: RuleModule = {
  folder: 'legacy-keys',
  codes: { 'legacy-key': 'warning', 'ignored-key': 'warning' },
  fixes: { 'legacy-key': keyFixes, 'ignored-key': keyFixes },
};
