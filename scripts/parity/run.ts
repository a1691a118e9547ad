// The parity harness (issue 49; development only, never a dependency): installs a release of the platform's CLI
// (`--release X`, default the newest) into a scratch folder outside the repository, runs its own MDX parse and its
// snippet resolution offline on every corpus page (../shared/corpus-pages), on seeded mutations of them and on a
// made-up site of snippet imports, and its docs.json reading on every corpus docs.json (../shared/corpus) and on
// seeded mutations of them (configs.ts), and compares with our verdicts file by file. Writes docs/parity/<release>.md and,
// with --write, docs/parity/matched.json (the release and the run's figures `docs-json --version` names). `--check` exits 1 on a
// difference no class of explain.ts explains. One command on a clone with ../shared beside it:
//   npm run parity -- [--release X|latest] [--mutations 10000] [--imports 2000] [--configs 10000] [--seed 49]
//                     [--scratch DIR] [--only pages|configs] [--write] [--check]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { mdxSyntaxError, mdxVerdict } from '../../server/src/checker/pages/mdx-parse';
import { mdxParseSkipped } from '../../server/src/checker/pages/mdx-skipped';
import { createLanguageService } from '../../server/src/language';
import { DEFAULT_SETTINGS } from '../../server/src/project/project-settings';
import { compareConfigs } from './configs';
import { classify, CLASSES, Difference } from './explain';
import { install, resolveRelease } from './install';
import { IMPORT_SNIPPETS, importPages, pageMutants } from './mutations';
import { loadPlatform, Platform } from './platform';

const REPO = path.resolve(__dirname, '../..');
const { values } = parseArgs({
  options: {
    release: { type: 'string', default: 'latest' },
    mutations: { type: 'string', default: '10000' },
    imports: { type: 'string', default: '2000' },
    configs: { type: 'string', default: '10000' },
    only: { type: 'string' },
    seed: { type: 'string', default: '49' },
    scratch: { type: 'string', default: path.join(os.tmpdir(), 'docs-json-parity') },
    shared: { type: 'string', default: path.resolve(REPO, '../shared') },
    write: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Tally {
  cases: number;
  platformRefuses: number;
  weFlag: number;
  differences: Difference[];
}

function tally(): Tally {
  return { cases: 0, platformRefuses: 0, weFlag: 0, differences: [] };
}

/** Our verdict on a page's MDX: the error message, `skipped` for a shape we do not parse, or undefined. */
function ourParse(text: string): { error?: string; skipped: boolean } {
  if (mdxParseSkipped(text)) return { skipped: true };
  const error = mdxSyntaxError(text);
  return { error: error && !error.notChecked ? error.message : undefined, skipped: false };
}

function comparePage(t: Tally, section: Difference['section'], platform: Platform, file: string, what: string, text: string): void {
  t.cases++;
  const theirs = platform.parseError(text, file.split('/').pop() ?? file);
  const ours = ourParse(text);
  if (theirs) t.platformRefuses++;
  if (ours.error) t.weFlag++;
  if (!!theirs === !!ours.error) return;
  t.differences.push({ section, kind: theirs ? 'miss' : 'extra', file, what, platform: theirs ?? 'parses', ours: ours.error ?? (ours.skipped ? 'not parsed (its shape)' : 'parses'), skippedShape: ours.skipped });
}

function listPages(folder: string, relative = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(folder, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listPages(folder, child));
    else if (/\.mdx?$/.test(entry.name)) out.push(child);
  }
  return out;
}

/** The import warnings of the platform as kinds: `default`, `export`, `unresolved`. */
function platformKinds(warnings: string[]): string[] {
  const kinds = new Set<string>();
  for (const w of warnings) {
    if (w.startsWith('default-import-no-default-export')) kinds.add('default');
    else if (w.startsWith('import-resolution-error')) kinds.add('export');
    else if (w.startsWith('invalid-import-path') || w.startsWith('missing-file')) kinds.add('unresolved');
    else if (w.startsWith('failed: ')) kinds.add('parse');
    else kinds.add(w.split(':')[0]);
  }
  return [...kinds].sort();
}

const OUR_KINDS: Record<string, string> = { 'snippet-default-import': 'default', 'snippet-missing-export': 'export', 'snippet-import-unresolved': 'unresolved', 'missing-snippet': 'unresolved', 'mdx-syntax': 'parse' };

async function compareImports(t: Tally, platform: Platform, count: number, seed: number, scratch: string): Promise<void> {
  const pages = importPages(count, seed);
  const root = fs.mkdtempSync(path.join(scratch, 'imports-'));
  const files = new Map<string, string>(Object.entries(IMPORT_SNIPPETS));
  for (const [name, page] of pages) files.set(name, page.text);
  files.set('docs.json', JSON.stringify({ theme: 'mint', name: 'Imports', colors: { primary: '#0D6B4F' }, navigation: { pages: [...pages.keys()].map((p) => p.replace(/\.mdx$/, '')) } }));
  for (const [name, text] of files) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  const theirs = await platform.importWarnings(files, [...pages.keys()]);
  const service = createLanguageService({ mdxParse: mdxVerdict });
  const project = service.projectAt(root);
  service.configure(project, { ...DEFAULT_SETTINGS, enable: true });
  const byFile = service.folderFindings.now(project);
  for (const [name, page] of pages) {
    t.cases++;
    const found = byFile.get(path.join(root, name)) ?? [];
    let ours = [...new Set(found.map((d) => OUR_KINDS[String(d.code)]).filter(Boolean))].sort();
    // A page that does not parse: the build stops there, before its imports; ours are compared on the parse alone.
    if (ours.includes('parse')) ours = ['parse'];
    const platformKindsOf = platformKinds(theirs.get(name) ?? []);
    if (platformKindsOf.length) t.platformRefuses++;
    if (ours.length) t.weFlag++;
    if (platformKindsOf.join() === ours.join()) continue;
    const kind = platformKindsOf.some((k) => !ours.includes(k)) ? 'miss' : 'extra';
    t.differences.push({ section: 'imports', kind, file: name, what: page.what, platform: (theirs.get(name) ?? []).join(' | ') || 'no warning', ours: found.filter((d) => OUR_KINDS[String(d.code)]).map((d) => `${d.code}: ${d.message}`).join(' | ') || 'nothing', platformKinds: platformKindsOf, ourKinds: ours });
  }
  service.dispose();
}

function section(title: string, t: Tally): string[] {
  const lines = [`## ${title}`, '', `${t.cases.toLocaleString('en-US')} cases; the platform refuses or warns on ${t.platformRefuses.toLocaleString('en-US')}, we flag ${t.weFlag.toLocaleString('en-US')}; ${t.differences.length} differ.`, ''];
  if (!t.differences.length) return lines;
  const byClass = new Map<string, Difference[]>();
  for (const d of t.differences) {
    const id = classify(d)?.id ?? 'unexplained';
    if (!byClass.has(id)) byClass.set(id, []);
    byClass.get(id)!.push(d);
  }
  for (const [id, list] of [...byClass].sort()) {
    const known = CLASSES.find((c) => c.id === id);
    lines.push(`### ${id} (${list.length}: ${list.filter((d) => d.kind === 'miss').length} misses, ${list.filter((d) => d.kind === 'extra').length} extras)`, '');
    lines.push(known ? known.reason : '**Not explained**: a new difference; fix the rule or add a class with its reason to scripts/parity/explain.ts.', '');
    for (const d of list.slice(0, known ? 5 : 50)) lines.push(`- ${d.kind} \`${d.file}\` (${d.what.slice(0, 160)}): platform: ${d.platform.slice(0, 200)}; ours: ${d.ours.slice(0, 200)}`);
    lines.push('');
  }
  return lines;
}

async function main(): Promise<void> {
  if (values.only !== undefined && values.only !== 'pages' && values.only !== 'configs') throw new Error(`--only takes pages or configs, not ${JSON.stringify(values.only)}`);
  if (values.only && values.write) throw new Error('--write records a whole run: not with --only');
  const doPages = values.only !== 'configs';
  const doConfigs = values.only !== 'pages';
  const release = resolveRelease(values.release!);
  fs.mkdirSync(values.scratch!, { recursive: true });
  const installed = install(release, values.scratch!, log);
  const platform = await loadPlatform(installed.folder);
  const seed = Number(values.seed);
  const pagesDir = path.join(values.shared!, 'corpus-pages');
  const configsDir = path.join(values.shared!, 'corpus');
  for (const dir of [pagesDir, configsDir]) if (!fs.existsSync(dir)) throw new Error(`${dir} not found: the harness reads the corpus beside the clone (--shared DIR)`);
  const corpus = tally();
  const bases: { name: string; text: string }[] = [];
  for (const site of doPages ? fs.readdirSync(pagesDir).filter((name) => fs.statSync(path.join(pagesDir, name)).isDirectory()).sort() : []) {
    for (const page of listPages(path.join(pagesDir, site))) {
      const text = fs.readFileSync(path.join(pagesDir, site, page), 'utf8');
      comparePage(corpus, 'corpus pages', platform, `${site}/${page}`, 'as it is', text);
      if (text.length <= 12_000 && page.endsWith('.mdx')) bases.push({ name: `${site}/${page}`, text });
    }
  }
  log(`corpus pages: ${corpus.cases}, ${corpus.differences.length} differ`);
  const mutated = tally();
  for (const mutant of doPages ? pageMutants(bases, Number(values.mutations), seed) : []) comparePage(mutated, 'page mutations', platform, mutant.base, mutant.what, mutant.text);
  log(`page mutations: ${mutated.cases}, ${mutated.differences.length} differ`);
  const imports = tally();
  if (doPages) await compareImports(imports, platform, Number(values.imports), seed, values.scratch!);
  log(`imports: ${imports.cases}, ${imports.differences.length} differ`);
  const configs = doConfigs ? await compareConfigs(platform, configsDir, Number(values.configs), seed, values.scratch!, log) : { corpus: tally(), mutated: tally() };
  log(`corpus configs: ${configs.corpus.cases}, ${configs.corpus.differences.length} differ; config mutations: ${configs.mutated.cases}, ${configs.mutated.differences.length} differ`);

  const all = [...corpus.differences, ...mutated.differences, ...imports.differences, ...configs.corpus.differences, ...configs.mutated.differences];
  const unexplained = all.filter((d) => !classify(d));
  const overrides = Object.entries(installed.overrides);
  const report = [
    `# Parity with @mintlify/cli ${platform.version}`,
    '',
    'Written by `npm run parity` (scripts/parity/run.ts): the platform CLI release installed from the npm registry into a',
    'scratch folder, its own MDX parse (`@mintlify/common` `getAST`, what its build and `mint broken-links` parse every',
    "page with) and its build's snippet resolution (`findAndRemoveImports`, `resolveAllImports`, with their warnings),",
    'run offline, against ours: `mdx-syntax` for the parse; `snippet-default-import`, `snippet-missing-export`,',
    '`snippet-import-unresolved` and `missing-snippet` for the imports. A miss: the platform refuses or warns, we say',
    'nothing; an extra: the reverse.',
    '',
    `The configs: every corpus docs.json (../shared/corpus) and seeded mutations of its settings (scripts/parity/config-mutations.ts),`,
    `read as the build reads them (@mintlify/validation ${platform.validationVersion}, as @mintlify/prebuild loads it: \`resolveRefs\`, then`,
    '`validateDocsConfig`; refused when the validator fails) and checked by ours (refused when our check gives an error the',
    "unchanged config does not have, the rules that read the docs folder or follow links left out: the validator reads",
    "neither). The mutations change a copy whose navigation keeps the first two entries of every list and whose redirects",
    "keep their first five (the validator's cost and ours grow with both; both sides judge the same text).",
    '',
    `Seed ${seed}; ${Number(values.mutations).toLocaleString('en-US')} page mutations, ${Number(values.imports).toLocaleString('en-US')} pages of imports and ${configs.mutated.cases.toLocaleString('en-US')} config mutations${values.only ? ` (only the ${values.only}: a partial run)` : ''}.`,
    overrides.length ? `\nInstalled with overrides (the registry did not serve these versions the release names): ${overrides.map(([name, change]) => `${name} ${change}`).join(', ')}.` : '',
    '',
    ...section('Corpus pages', corpus),
    ...section('Page mutations', mutated),
    ...section('Snippet imports', imports),
    ...section('Corpus configs', configs.corpus),
    ...section('Config mutations', configs.mutated),
    `**${unexplained.length} unexplained difference${unexplained.length === 1 ? '' : 's'}.**`,
    '',
  ].join('\n');
  // A partial run's report goes to the scratch folder: the repository's report is always a whole run's.
  const out = values.only ? path.join(values.scratch!, `${platform.version}-${values.only}.md`) : path.join(REPO, 'docs/parity', `${platform.version}.md`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, report);
  log(`wrote ${values.only ? out : path.relative(REPO, out)}`);
  if (values.write) {
    // Only a run writes this file (docs-json --version reads it): the release, its figures and what is unexplained.
    const matched = {
      release: platform.version,
      date: new Date().toISOString().slice(0, 10),
      seed,
      cases: { corpusPages: corpus.cases, pageMutations: mutated.cases, snippetImports: imports.cases, corpusConfigs: configs.corpus.cases, configMutations: configs.mutated.cases },
      differences: all.length,
      unexplained: unexplained.length,
      overrides: installed.overrides,
    };
    fs.writeFileSync(path.join(REPO, 'docs/parity/matched.json'), `${JSON.stringify(matched, null, 2)}\n`);
    log('wrote docs/parity/matched.json');
  }
  if (values.check && unexplained.length) {
    log(`${unexplained.length} unexplained difference(s) with @mintlify/cli ${platform.version}: see docs/parity/${platform.version}.md`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 2;
});
