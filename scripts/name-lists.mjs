// The names of icons and font families, taken at build time from the libraries' own npm packages (dev
// dependencies, never bundled), for completion and the icon check (server/src/checker/icons/name-lists.ts reads
// them). Written to dist/server/name-lists.json, which the server reads on the first completion or check that needs it.
// The versions are pinned (exact dev dependencies) to those the platform's icon CDN serves, Font Awesome 7.1.0 and
// Lucide 0.545.0 (issue 45): a name added after them renders blank there, so it must be flagged. Move the pins
// when the platform moves.
// - fontawesome: every name of Font Awesome 7.1.0 (Pro included, aliases too: `home` of `house`), from the types of
//   @fortawesome/fontawesome-common-types; the platform serves them all from its CDN.
// - devicon: the language names the platform draws as language logos instead of a Font Awesome icon (`python`,
//   `js`), from @mintlify/components' snippet presets (its icon-utils looks them up first).
// - lucide: Lucide's names; lucideRenamed: `old new` per line, the old names Lucide still serves as aliases.
// - tabler, fonts: Tabler's names, the Google Fonts families.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const json = (module) => JSON.parse(readFileSync(require.resolve(module), 'utf8'));
const lines = (names) => [...new Set(names)].sort().join('\n');

function fontAwesomeNames() {
  const types = readFileSync(require.resolve('@fortawesome/fontawesome-common-types/index.d.ts'), 'utf8');
  const union = /export type IconName = ([^;]*);/.exec(types);
  if (!union) throw new Error('@fortawesome/fontawesome-common-types: no IconName union found');
  return [...union[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

async function deviconNames() {
  // The package exports only its index (which needs React); the presets module imports nothing.
  const dist = path.dirname(require.resolve('@mintlify/components'));
  const { SNIPPET_PRESETS } = await import(pathToFileURL(path.join(dist, 'utils/shiki/snippet-presets.js')).href);
  return SNIPPET_PRESETS.flatMap((preset) => [preset.key, ...(preset.aliases ?? [])]).map((name) => name.toLowerCase());
}

/** Lucide's icon files: each name's SVG, an alias's file the same as its new name's but for its class. */
function lucideRenames(names) {
  const folder = path.join(path.dirname(require.resolve('lucide-static/tags.json')), 'icons');
  const body = (name) => readFileSync(path.join(folder, `${name}.svg`), 'utf8').replace(/^<!--.*?-->\s*/s, '').replace(/ class="[^"]*"/, '');
  const byBody = new Map(names.map((name) => [body(name), name]));
  const known = new Set(names);
  const renames = [];
  for (const file of readdirSync(folder)) {
    const name = file.replace(/\.svg$/, '');
    if (!file.endsWith('.svg') || known.has(name)) continue;
    const renamed = byBody.get(body(name));
    if (renamed) renames.push(`${name} ${renamed}`);
  }
  return renames;
}

/** `{ fontawesome, devicon, lucide, lucideRenamed, tabler, fonts }`: each a sorted list, one entry a line. */
export async function nameLists() {
  const lucide = Object.keys(json('lucide-static/tags.json'));
  return {
    fontawesome: lines(fontAwesomeNames()),
    devicon: lines(await deviconNames()),
    lucide: lines(lucide),
    lucideRenamed: lines(lucideRenames(lucide)),
    tabler: lines(Object.keys(json('@tabler/icons/icons.json'))),
    fonts: lines(Object.keys(json('google-fonts-complete/google-fonts.json'))),
  };
}
