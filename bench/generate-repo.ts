import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FixtureEndpoint, generateOpenApiSpec } from './openapi-fixture';
import { SeededRandom } from './seeded-random';

/** A synthetic docs folder written under the system temp folder. */
export interface GeneratedRepo {
  root: string;
  /** Page-path and endpoint strings in `pages` arrays. */
  entries: number;
  pageEntries: number;
  endpointEntries: number;
  /** Files under the docs folder (pages, unlisted pages, images, the spec). */
  files: number;
  docsJsonBytes: number;
  /** The diagnostics the deliberate mistakes must raise, by code. */
  planted: Record<string, number>;
  /** Page entries that resolve to a file, as written. */
  validPages: string[];
  /** Every operation of `api/openapi.json`. */
  endpoints: FixtureEndpoint[];
  /** True when an identical repo was already on disk and was kept. */
  reused: boolean;
}

export interface GenerateOptions {
  /** Page and endpoint entries to write (the result is within a few entries of it). */
  entries: number;
  seed?: number;
  /** Operations in the OpenAPI spec. */
  specEndpoints?: number;
  /** Folder to write into; default: `<tmpdir>/docs-json-bench-<seed>-<entries>`. */
  dir?: string;
}

const SPEC_FILE = 'api/openapi.json';
const WORDS = [
  'introduction', 'setup', 'install', 'configure', 'deploy', 'billing', 'webhooks', 'auth', 'tokens', 'limits',
  'errors', 'pagination', 'search', 'upload', 'export', 'import', 'teams', 'roles', 'audit', 'metrics',
];
const SDKS = ['Python', 'Node', 'Go', 'Ruby'];
/** The version and language of each section of the navigation; `jpn` (in neither SPEC's nor the platform's list) is a deliberate language-code mistake. */
const SECTIONS: [version: string, language: string][] = [
  ['v2', 'en'],
  ['v2', 'fr'],
  ['v1', 'en'],
  ['v1', 'jpn'],
];

/**
 * Writes a seeded synthetic docs repo: versions › languages › tabs (guides, an API reference with an
 * OpenAPI spec, SDKs with a menu) › groups › nested groups, one file per valid page entry, unlisted files
 * up to two files per entry, and about 5% deliberate mistakes of every rule. The same options give the same bytes.
 */
export function generateRepo(options: GenerateOptions): GeneratedRepo {
  const seed = options.seed ?? 1;
  const random = new SeededRandom(seed * 1_000_003 + options.entries);
  const spec = generateOpenApiSpec(options.specEndpoints ?? 2000, random);
  const builder = new NavigationBuilder(random, spec.endpoints);
  const navigation = builder.build(options.entries);
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: `Benchmark docs (${options.entries} entries, seed ${seed})`,
    colors: { primary: '#0B7D62' },
    styling: { eyebrows: 'crumbs' },
    interaction: { drilldown: false },
    navigation,
  };
  builder.plant('invalid-value');
  const files = builder.files;
  files.set(SPEC_FILE, spec.text);
  // Unlisted files (snippets, images) bring the folder to about two files per entry, as in real repos.
  const unlisted = Math.max(0, 2 * builder.entries - files.size - 1);
  for (let i = 0; i < unlisted; i++) {
    if (i % 3 === 0) files.set(`snippets/${WORDS[i % WORDS.length]}-${i}.mdx`, `Snippet ${i}\n`);
    else files.set(`images/${SECTIONS[i % SECTIONS.length].join('/')}/figure-${i}.png`, 'png');
  }
  const docsJson = JSON.stringify(docs, null, 2) + '\n';
  files.set('docs.json', docsJson);

  const root = options.dir ?? path.join(os.tmpdir(), `docs-json-bench-${seed}-${options.entries}`);
  const reused = writeFiles(root, files);
  return {
    root,
    entries: builder.entries,
    pageEntries: builder.entries - builder.endpointEntries,
    endpointEntries: builder.endpointEntries,
    files: files.size,
    docsJsonBytes: Buffer.byteLength(docsJson),
    planted: builder.planted,
    validPages: builder.validPages,
    endpoints: spec.endpoints,
    reused,
  };
}

/** Writes `files` under `root` unless a marker says the very same content is already there. */
function writeFiles(root: string, files: Map<string, string>): boolean {
  const hash = createHash('sha256');
  for (const [name, content] of files) hash.update(name).update('\0').update(content).update('\0');
  const digest = hash.digest('hex');
  const marker = path.join(root, '.bench-generated');
  let previous: string | undefined;
  try {
    previous = fs.readFileSync(marker, 'utf8');
  } catch {
    // Not generated here yet.
  }
  if (previous === digest) return true;
  // Only a folder this generator wrote (or an empty one) is ever cleared.
  if (previous === undefined && fs.existsSync(root) && fs.readdirSync(root).length > 0) {
    throw new Error(`${root} exists and was not written by the benchmark's generator: not overwriting it`);
  }
  fs.rmSync(root, { recursive: true, force: true });
  const folders = new Set<string>();
  for (const name of files.keys()) folders.add(path.dirname(path.join(root, name)));
  for (const folder of folders) fs.mkdirSync(folder, { recursive: true });
  for (const [name, content] of files) fs.writeFileSync(path.join(root, name), content);
  fs.writeFileSync(marker, digest);
  return false;
}

type Json = Record<string, unknown>;

class NavigationBuilder {
  readonly files = new Map<string, string>();
  readonly planted: Record<string, number> = {};
  readonly validPages: string[] = [];
  entries = 0;
  endpointEntries = 0;
  private counter = 0;
  private tabPages: string[] = [];
  private tabEndpoints = new Set<string>();
  private readonly specKeys: Set<string>;
  private readonly methodsByPath = new Map<string, Set<string>>();

  constructor(
    private readonly random: SeededRandom,
    private readonly endpoints: FixtureEndpoint[],
  ) {
    this.specKeys = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    for (const e of endpoints) {
      const methods = this.methodsByPath.get(e.path) ?? new Set();
      methods.add(e.method);
      this.methodsByPath.set(e.path, methods);
    }
  }

  plant(code: string, count = 1): void {
    this.planted[code] = (this.planted[code] ?? 0) + count;
  }

  build(total: number): Json {
    const versions = new Map<string, Json[]>();
    SECTIONS.forEach(([version, language], index) => {
      const budget = Math.floor(total / SECTIONS.length) + (index < total % SECTIONS.length ? 1 : 0);
      const languages = versions.get(version) ?? [];
      languages.push({ language, ...(language === 'en' ? { default: true } : {}), tabs: this.section(version, language, budget, index) });
      versions.set(version, languages);
    });
    this.plant('language-code');
    this.plant('global-href');
    return {
      versions: [...versions].map(([version, languages], i) => ({ version, ...(i === 0 ? { default: true } : {}), languages })),
      global: {
        anchors: [
          { anchor: 'Status', href: 'https://status.example.com', icon: 'signal' },
          { anchor: 'Blog', href: 'blog', icon: 'newspaper' },
        ],
      },
    };
  }

  private section(version: string, language: string, budget: number, index: number): Json[] {
    const prefix = `${version}/${language}`;
    const endpointBudget = Math.min(this.endpoints.length, Math.round(budget * 0.12));
    const sdkBudget = Math.round(budget * 0.15);
    const guidesBudget = budget - endpointBudget - sdkBudget;

    this.startTab();
    const guides: Json = { tab: 'Guides', icon: 'book-open', groups: this.groups(guidesBudget, `${prefix}/guides`, 0) };

    this.startTab();
    const reference: Json = { tab: 'API reference', icon: 'code', openapi: `/${SPEC_FILE}`, groups: this.endpointGroups(endpointBudget, prefix, index) };

    this.startTab();
    const perSdk = Math.floor(sdkBudget / SDKS.length);
    const menu: Json[] = SDKS.map((item, i) => ({
      item,
      icon: 'code',
      groups: this.groups(i === SDKS.length - 1 ? sdkBudget - perSdk * (SDKS.length - 1) : perSdk, `${prefix}/sdks/${item.toLowerCase()}`, 0),
    }));
    if (index === 0) {
      menu[0].badge = 'new';
      this.plant('unknown-key');
    }
    const sdks: Json = { tab: 'SDKs', icon: 'boxes', menu };
    if (index === 2) {
      sdks.pages = [this.pageEntry(`${prefix}/sdks`, 'overview')];
      this.plant('mixed-children');
    }
    if (index === 3) {
      guides.groups = [...(guides.groups as Json[]), { group: 'Outside', pages: ['../shared/outside'] }];
      this.entries++;
      this.plant('page-outside-root');
    }
    return [guides, reference, sdks];
  }

  private startTab(): void {
    this.tabPages = [];
    this.tabEndpoints = new Set();
  }

  /** Top-level groups (depth 0) or nested ones, holding `budget` entries between them. */
  private groups(budget: number, prefix: string, depth: number): Json[] {
    const groups: Json[] = [];
    while (budget > 0) {
      const size = Math.min(budget, depth === 0 ? this.random.int(8, 25) : this.random.int(3, 8));
      groups.push(this.group(size, prefix, depth));
      budget -= size;
    }
    return groups;
  }

  private group(size: number, prefix: string, depth: number): Json {
    const word = this.random.pick(WORDS);
    const slug = `${word}-${this.counter++}`;
    const group: Json = { group: `${word[0].toUpperCase()}${word.slice(1)} ${this.counter}` };
    if (this.random.chance(0.004)) {
      delete group.group;
      group.title = word;
      this.plant('missing-key');
    }
    if (this.random.chance(0.3)) group.icon = this.random.pick(['star', 'bolt', 'gear', 'book']);
    if (depth === 0 && this.random.chance(0.02)) {
      group.expanded = true;
      this.plant('expanded-top-level');
    } else if (depth > 0 && this.random.chance(0.03)) {
      group.expanded = 'yes';
      this.plant('invalid-type');
    } else if (depth > 0 && this.random.chance(0.3)) {
      group.expanded = true;
    }
    const pages: unknown[] = [];
    let left = size;
    while (left > 0) {
      if (depth < 3 && left >= 4 && this.random.chance(0.08)) {
        const nested = Math.min(left, this.random.int(3, 8));
        pages.push(this.group(nested, `${prefix}/${slug}`, depth + 1));
        left -= nested;
      } else {
        pages.push(this.pageEntry(`${prefix}/${slug}`, this.random.pick(WORDS)));
        left--;
      }
    }
    group.pages = pages;
    return group;
  }

  /** One page entry: usually a page with a file, sometimes a duplicate or a page whose file is missing. */
  private pageEntry(folder: string, word: string): string {
    this.entries++;
    if (this.tabPages.length > 10 && this.random.chance(0.01)) {
      this.plant('duplicate-page');
      return this.random.pick(this.tabPages);
    }
    const page = `${folder}/${word}-${this.counter++}`;
    if (this.random.chance(0.035)) {
      this.plant('missing-page');
      // Half are typos of a page that exists, half name no file at all.
      if (this.random.chance(0.5)) {
        this.files.set(`${page}.mdx`, frontMatter(word));
        return page.replace(/-(\d+)$/, '_$1');
      }
      return page;
    }
    const form = this.random.next();
    const file = form < 0.88 ? `${page}.mdx` : form < 0.94 ? `${page}.md` : `${page}/index.mdx`;
    this.files.set(file, frontMatter(word));
    const written = this.random.chance(0.01) ? `/${page}` : page;
    this.tabPages.push(written);
    this.validPages.push(written);
    return written;
  }

  /** Groups of `METHOD /path` entries from the spec, with a few unknown and malformed ones. */
  private endpointGroups(budget: number, prefix: string, sectionIndex: number): Json[] {
    const groups: Json[] = [];
    const order = this.endpoints.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = this.random.int(0, i);
      [order[i], order[j]] = [order[j], order[i]];
    }
    let next = 0;
    let first = true;
    while (budget > 0) {
      const size = Math.min(budget, this.random.int(10, 30));
      const pages: string[] = [];
      if (first) {
        pages.push(this.pageEntry(`${prefix}/api-reference`, 'overview'));
        first = false;
      }
      while (pages.length < size) {
        const endpoint = this.endpoints[order[next++ % order.length]];
        pages.push(this.endpointEntry(endpoint));
      }
      groups.push({ group: `Endpoints ${groups.length + 1}`, pages });
      budget -= size;
    }
    // Specs that cannot be checked: a missing file and a remote URL. Their entries are not judged.
    if (sectionIndex === 3 && groups.length) {
      groups.push({ group: 'Legacy API', openapi: 'api/v0.json', pages: ['GET /v0/ping'] });
      groups.push({ group: 'Partner API', openapi: 'https://partners.example.com/openapi.json', pages: ['GET /partners'] });
      this.entries += 2;
      this.endpointEntries += 2;
      this.plant('missing-openapi');
      this.plant('remote-openapi');
    }
    return groups;
  }

  private endpointEntry(endpoint: FixtureEndpoint): string {
    this.entries++;
    this.endpointEntries++;
    let { method, path } = endpoint;
    const roll = this.random.next();
    if (roll < 0.003) {
      this.plant('invalid-endpoint');
      return `FETCH ${path}`;
    }
    if (roll < 0.043) {
      // A method the path lacks, or a typo in the path.
      const missing = ['PUT', 'PATCH', 'DELETE', 'POST'].find((m) => !this.methodsByPath.get(path)?.has(m));
      const candidate = missing && this.random.chance(0.5) ? `${missing} ${path}` : `${method} ${path.replace('/v1/', '/v1/x')}`;
      if (!this.specKeys.has(candidate) && !this.tabEndpoints.has(candidate)) {
        this.tabEndpoints.add(candidate);
        this.plant('unknown-endpoint');
        return candidate;
      }
    }
    const key = `${method} ${path}`;
    if (this.tabEndpoints.has(key)) {
      // The spec is exhausted for this tab: list the operation under another method case, still a duplicate.
      this.plant('duplicate-page');
      return key;
    }
    this.tabEndpoints.add(key);
    if (this.random.chance(0.02)) method = method.toLowerCase();
    return `${method} ${path}`;
  }
}

function frontMatter(word: string): string {
  return `---\ntitle: ${word}\n---\n`;
}
