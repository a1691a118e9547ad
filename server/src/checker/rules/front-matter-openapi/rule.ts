import { diagnostic, Diagnostic, shown } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { endpointKey, HTTP_METHODS, WEBHOOK } from '../../openapi/endpoint-entry';
import { LoadedSpec, SpecEndpoint } from '../../openapi/openapi-spec';
import { suggestOperation } from '../../openapi/operation-suggestion';
import { FrontMatterEntry } from '../../pages/front-matter';
import { PageSpecs } from '../../openapi/page-specs';
import { RuleModule } from '../rule-module';
import { frontMatterOpenApiFixes } from './fixes';

type Spec = Extract<LoadedSpec, { ok: true }>;

export type { PageSpecs };

/** A page's `openapi:` value, read as the platform reads it: `[spec] METHOD /path`. */
export interface PageOpenApi {
  spec?: string;
  method: string;
  path: string;
  /** Offsets of `METHOD /path` in the page. */
  start: number;
  end: number;
}

/** The `openapi:` entry of a page's front matter, parsed; a string why not when it is malformed; undefined when absent. */
export function pageOpenApi(text: string, entry: FrontMatterEntry | undefined): PageOpenApi | string | undefined {
  if (!entry || typeof entry.value !== 'string') return undefined;
  const words = entry.value.trim().split(/\s+/);
  if (words.length < 2 || words.length > 3) return 'expected `METHOD /path`, or `spec-file METHOD /path` (`POST /users`, `openapi.json GET /users/{id}`)';
  const [method, path] = words.slice(-2);
  if (method.toUpperCase() !== WEBHOOK && !HTTP_METHODS.includes(method.toUpperCase())) return `'${shown(method)}' is not an HTTP method (${HTTP_METHODS.join(', ')})`;
  const written = text.slice(entry.valueStart, entry.valueEnd);
  const methodAt = written.indexOf(`${method} `) >= 0 ? written.indexOf(`${method} `) : written.indexOf(method);
  const pathAt = written.indexOf(path, methodAt + method.length);
  const start = entry.valueStart + Math.max(0, methodAt);
  const end = pathAt < 0 ? entry.valueEnd : entry.valueStart + pathAt + path.length;
  return { spec: words.length === 3 ? words[0] : undefined, method, path, start, end };
}

/** The operation a page's `openapi:` names, and its spec, found as the platform finds it (a trailing `/` aside). */
export function findPageOperation(openapi: PageOpenApi, specs: Spec[]): { spec: Spec; endpoint: SpecEndpoint } | undefined {
  const keys = [endpointKey(openapi.method, openapi.path)];
  if (openapi.path.length > 1) keys.push(endpointKey(openapi.method, openapi.path.endsWith('/') ? openapi.path.slice(0, -1) : `${openapi.path}/`));
  for (const key of keys) {
    for (const spec of specs) {
      const endpoint = spec.endpoints.get(key);
      if (endpoint) return { spec, endpoint };
    }
  }
  return undefined;
}

/** The specs a spec name written before the method picks (file name without extension, or path), else all. */
export function specsNamed(name: string | undefined, specs: Spec[]): Spec[] {
  if (!name) return specs;
  const wanted = name.replace(/^\.?\/+/, '');
  const named = specs.filter((spec) => spec.file === wanted || spec.file.endsWith(`/${wanted}`) || baseName(spec.file) === wanted);
  return named.length ? named : specs;
}

function baseName(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  return base.slice(0, base.length - (/\.[^.]*$/.exec(base)?.[0].length ?? 0));
}

/**
 * Issue 26: a page's `openapi:` front matter names an operation of the site's specs; otherwise the platform renders
 * an empty API page. Not judged while a remote spec (not fetched here) might hold it, nor while a spec is read.
 */
export function checkFrontMatterOpenApi(page: () => SourceFile, text: string, entry: FrontMatterEntry, specs: () => PageSpecs): Diagnostic | undefined {
  const openapi = pageOpenApi(text, entry);
  if (openapi === undefined) return undefined;
  if (typeof openapi === 'string') {
    return diagnostic('front-matter-openapi', { file: page(), offset: entry.valueStart, length: entry.valueEnd - entry.valueStart }, `\`openapi\`: ${openapi}.`);
  }
  const found = specs();
  if (found.status !== 'ok') return undefined;
  const operation = findPageOperation(openapi, found.specs);
  if (operation?.endpoint.excluded) {
    const range = { file: page(), offset: openapi.start, length: openapi.end - openapi.start };
    return diagnostic('front-matter-openapi', range, `\`openapi\`: \`${shown(operation.endpoint.key)}\` is \`x-excluded\` in \`${operation.spec.file}\`: the platform leaves the operation out of the documentation, and the page would render empty.`);
  }
  if (operation) return undefined;
  // A named file that is not a spec we can read (invalid, too large, empty): its operations are not known here.
  if (openapi.spec && found.unreadable(openapi.spec)) return undefined;
  // A remote spec may hold it, unless the value names a local spec.
  const named = openapi.spec !== undefined && specsNamed(openapi.spec, found.specs) !== found.specs;
  if (found.remote && !named) return undefined;
  const key = endpointKey(openapi.method, openapi.path);
  const range = { file: page(), offset: openapi.start, length: openapi.end - openapi.start };
  if (!found.specs.length) return diagnostic('front-matter-openapi', range, `\`openapi\`: \`${shown(key)}\` names an operation, but the docs folder has no OpenAPI spec and docs.json names none.`);
  const candidates = specsNamed(openapi.spec, found.specs);
  const suggestion = suggestOperation(key, openapi.method, openapi.path, candidates);
  const where = candidates.length === 1 ? `\`${candidates[0].file}\`` : `the site's OpenAPI specs (${candidates.map((s) => s.file).join(', ')})`;
  const meant = suggestion ? ` Did you mean \`${suggestion}\`?` : '';
  return diagnostic('front-matter-openapi', range, `\`openapi\`: no operation \`${shown(key)}\` in ${where}: the page would render empty.${meant}`, suggestion ? { suggestion } : undefined);
}

export const rule: RuleModule = {
  folder: 'front-matter-openapi',
  codes: { 'front-matter-openapi': 'error' },
  pageFixes: { 'front-matter-openapi': frontMatterOpenApiFixes },
  page: {
    collects: ['front-matter'],
    check(page) {
      const openapi = page.frontMatter?.entries.find((entry) => entry.key === 'openapi');
      if (!openapi) return;
      page.usesSpecs();
      const found = checkFrontMatterOpenApi(page.file, page.text, openapi, page.site.specs);
      if (found) page.found.push(found);
    },
  },
};
