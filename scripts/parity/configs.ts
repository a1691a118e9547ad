// The docs.json side of the harness: every corpus docs.json as it is, and seeded mutations of each (config-mutations.ts),
// judged by the release's own config reading (platform.ts: `$ref`s resolved, then `validateDocsConfig`) and by our
// check of the docs folder. The platform refuses: the validator fails. We refuse: an error-level finding of ours that
// the unchanged config does not have, leaving out the rules that read the folder or follow links (the validator
// reads neither: a path it takes may still name nothing).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SeededRandom } from '../../bench/seeded-random';
import { RULES } from '../../server/src/checker/diagnostics';
import { createLanguageService } from '../../server/src/language';
import { DEFAULT_SETTINGS } from '../../server/src/project/project-settings';
import { materializeFixture } from '../../test/helpers/corpus';
import { ConfigMutant, cutLists, Json, shuffledConfigMutants } from './config-mutations';
import { Difference } from './explain';
import { Platform } from './platform';

export const FOLDER_CODES = ['broken-link', 'redirect-param', 'redirect-loop', 'missing-openapi', 'invalid-openapi', 'missing-file', 'missing-page', 'page-outside-root', 'unknown-endpoint', 'invalid-ref'];
for (const code of FOLDER_CODES) if (!(code in RULES)) throw new Error(`scripts/parity/configs.ts names "${code}", which is no rule's code now: update FOLDER_CODES`);

export interface ConfigTally {
  cases: number;
  platformRefuses: number;
  weFlag: number;
  differences: Difference[];
}

interface Site {
  name: string;
  root: string;
  config: Json;
}

/** The corpus sites with a docs.json, each laid out as a docs folder under `scratch`. */
function sites(corpus: string, scratch: string): Site[] {
  return fs
    .readdirSync(corpus)
    .filter((name) => fs.existsSync(path.join(corpus, name, 'docs.json')))
    .sort()
    .map((name) => {
      const root = materializeFixture(name, fs.mkdtempSync(path.join(scratch, `config-${name}-`)), corpus);
      return { name, root, config: JSON.parse(fs.readFileSync(path.join(root, 'docs.json'), 'utf8')) as Json };
    });
}

/** The config with a `$ref` of its `navigation` or `redirects` replaced by the file's content (cutLists then cuts it). */
function inlineLists(site: Site): Json {
  const config = { ...(site.config as Record<string, Json>) };
  for (const key of ['navigation', 'redirects']) {
    const ref = (config[key] as Record<string, Json> | undefined)?.$ref;
    if (typeof ref === 'string') config[key] = JSON.parse(fs.readFileSync(path.join(site.root, ref), 'utf8')) as Json;
  }
  return config;
}

/** `count` mutants over the sites: round-robin, each site's distinct mutants in a seeded order. */
function spread(bases: Json[], count: number, seed: number): ConfigMutant[][] {
  const random = new SeededRandom(seed);
  const lists = bases.map((base) => shuffledConfigMutants(base, random));
  const taken = bases.map((): ConfigMutant[] => []);
  for (let total = 0, round = 0; total < count && lists.some((l, i) => taken[i].length < l.length); round++) {
    for (let i = 0; i < lists.length && total < count; i++) {
      if (round < lists[i].length) {
        taken[i].push(lists[i][round]);
        total++;
      }
    }
  }
  return taken;
}

export async function compareConfigs(platform: Platform, corpus: string, count: number, seed: number, scratch: string, log: (line: string) => void): Promise<{ corpus: ConfigTally; mutated: ConfigTally }> {
  const asIs: ConfigTally = { cases: 0, platformRefuses: 0, weFlag: 0, differences: [] };
  const mutated: ConfigTally = { cases: 0, platformRefuses: 0, weFlag: 0, differences: [] };
  const all = sites(corpus, scratch);
  const bases = all.map((site) => cutLists(inlineLists(site)));
  const chosen = spread(bases, count, seed);
  for (const [n, site] of all.entries()) {
    const read = (relative: string) => fs.promises.readFile(path.join(site.root, relative), 'utf8');
    const service = createLanguageService();
    service.addWorkspaceFolder(site.root);
    const uri = service.uriOf(path.join(site.root, 'docs.json'));
    const project = service.projectOfDocsJson(uri);
    if (!project) throw new Error(`${site.name}: no docs folder at ${site.root}`);
    service.configure(project, { ...DEFAULT_SETTINGS });
    /** Our errors on the config: those of the rules compared, and those of the rules that read the folder. */
    const errorsOf = (value: Json): { compared: string[]; folder: string[] } => {
      service.changeDocument(uri, JSON.stringify(value, null, 2));
      const errors = [...service.check(project).byFile.values()].flat().filter((d) => d.severity === 1);
      const line = (d: (typeof errors)[number]) => `${d.code}: ${d.message}`;
      return { compared: errors.filter((d) => !FOLDER_CODES.includes(String(d.code))).map(line), folder: errors.filter((d) => FOLDER_CODES.includes(String(d.code))).map(line) };
    };
    const spent = { theirs: 0, ours: 0 };
    const judge = async (tally: ConfigTally, section: Difference['section'], what: string, value: Json, known: Set<string>) => {
      tally.cases++;
      let start = performance.now();
      const theirs = await platform.configVerdict(value, read);
      spent.theirs += performance.now() - start;
      start = performance.now();
      const errors = errorsOf(value);
      const ours = errors.compared.filter((e) => !known.has(e));
      spent.ours += performance.now() - start;
      if (theirs.refused) tally.platformRefuses++;
      if (ours.length) tally.weFlag++;
      if (!!theirs.refused === ours.length > 0) return;
      const folder = errors.folder.filter((e) => !known.has(e));
      tally.differences.push({ section, kind: theirs.refused ? 'miss' : 'extra', file: site.name, what, platform: theirs.refused ?? 'takes it', ours: ours.join(' | ') || (folder.length ? `nothing compared; the folder's rules: ${folder.join(' | ')}` : 'nothing'), ourCodes: ours.map((e) => e.split(':')[0]), folderCodes: folder.map((e) => e.split(':')[0]) });
    };
    service.openDocument(uri, JSON.stringify(site.config, null, 2));
    await judge(asIs, 'corpus configs', 'as it is', site.config, new Set());
    const base = bases[n];
    const baseVerdict = await platform.configVerdict(base, read);
    if (baseVerdict.refused) {
      log(`${site.name}: its docs.json with the navigation cut is refused (${baseVerdict.refused.slice(0, 200)}): no mutations of it`);
    } else {
      const unchanged = errorsOf(base);
      const known = new Set([...unchanged.compared, ...unchanged.folder]);
      for (const mutant of chosen[n]) await judge(mutated, 'config mutations', mutant.what, mutant.value, known);
    }
    service.dispose();
    fs.rmSync(site.root, { recursive: true, force: true });
    log(`configs: ${site.name}, ${chosen[n].length} mutations (the validator ${Math.round(spent.theirs)} ms, ours ${Math.round(spent.ours)} ms)`);
  }
  return { corpus: asIs, mutated };
}
