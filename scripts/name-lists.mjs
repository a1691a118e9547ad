// The names completion offers for `icon` values and `fonts.family`, taken at build time from the libraries' own
// npm packages (dev dependencies, never bundled): Font Awesome's free icons (the platform serves more, so a name
// outside this list is never flagged), Lucide, Tabler, and the Google Fonts families. Written to
// dist/server/name-lists.json (about 150 kB), which the server reads on the first completion that needs it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const json = (module) => JSON.parse(readFileSync(require.resolve(module), 'utf8'));

/** `{ fontawesome, lucide, tabler, fonts }`: each a sorted list of names, one a line. */
export function nameLists() {
  const lines = (names) => [...new Set(names)].sort().join('\n');
  return {
    fontawesome: lines(Object.keys(json('@fortawesome/fontawesome-free/metadata/icon-families.json'))),
    lucide: lines(Object.keys(json('lucide-static/tags.json'))),
    tabler: lines(Object.keys(json('@tabler/icons/icons.json'))),
    fonts: lines(Object.keys(json('google-fonts-complete/google-fonts.json'))),
  };
}
