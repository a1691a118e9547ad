// Child process of extremes.test.ts: generates one extreme input into the folder it is given, checks it, and
// prints one JSON line with what came out. Run with a heap bound; the parent also bounds its wall-clock time.
//   node --max-old-space-size=2048 --import tsx test/robustness/extreme-case.ts <kind> <empty dir>
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkDocs, DocsWorkspace, FileIndex } from '../../server/src/checker';

export const EXTREME_KINDS = ['docs-50mb', 'array-1m', 'spec-20mb-json', 'spec-20mb-yaml'] as const;
export type ExtremeKind = (typeof EXTREME_KINDS)[number];

export interface ExtremeResult {
  kind: ExtremeKind;
  /** Size of the generated docs.json or spec. */
  bytes: number;
  elements: number;
  codes: Record<string, number>;
  /** The first message of each code. */
  messages: Record<string, string>;
  /** What the generator knows must be reported. */
  expected: Record<string, number>;
  checkMs: number;
  maxRssMb: number;
}

/** Writes text in chunks, so the generator never holds the whole file. */
class ChunkWriter {
  private readonly fd: number;
  bytes = 0;
  constructor(file: string) {
    this.fd = fs.openSync(file, 'w');
  }
  write(text: string): void {
    this.bytes += fs.writeSync(this.fd, text);
  }
  close(): number {
    fs.closeSync(this.fd);
    return this.bytes;
  }
}

/**
 * Page files are listed in the index, not written: a million empty files would take minutes to create and
 * say nothing more about the checker. docs.json and the specs are real files, read as the server reads them.
 */
function generate(kind: ExtremeKind, dir: string): { files: string[]; bytes: number; expected: Record<string, number> } {
  const files = ['docs.json'];
  if (kind === 'docs-50mb') {
    const out = new ChunkWriter(path.join(dir, 'docs.json'));
    out.write('{"theme": "mint", "colors": {"primary": "#0B7D62"}, "name": "Big", "navigation": {"tabs": [');
    let missing = 0;
    for (let tab = 0; out.bytes < 50_000_000; tab++) {
      const groups: string[] = [];
      for (let group = 0; group < 20; group++) {
        const pages: string[] = [];
        for (let page = 0; page < 20; page++) {
          const id = `tab${tab}/group${group}/page-${page}`;
          pages.push(JSON.stringify(id));
          if ((tab + group + page) % 97 === 0) missing++;
          else files.push(`${id}.mdx`);
        }
        groups.push(`{"group": "Group ${group}", "icon": "book", "pages": [${pages.join(', ')}]}`);
      }
      out.write(`${tab ? ',\n' : ''}{"tab": "Tab ${tab}", "groups": [${groups.join(',\n')}]}`);
    }
    out.write(']}}');
    // At most 1,000 findings a file, and one more that counts the rest (MAX_FINDINGS_PER_FILE).
    return { files, bytes: out.close(), expected: { 'missing-page': missing > 1000 ? 1001 : missing } };
  }
  if (kind === 'array-1m') {
    const out = new ChunkWriter(path.join(dir, 'docs.json'));
    out.write('{"theme": "mint", "name": "Big", "colors": {"primary": "#0B7D62"}, "navigation": {"pages": [');
    for (let i = 0; i < 1_000_000; i += 1000) {
      const chunk: string[] = [];
      for (let j = i; j < i + 1000; j++) {
        chunk.push(`"p/${j}"`);
        if (j % 1000) files.push(`p/${j}.mdx`);
      }
      out.write((i ? ',' : '') + chunk.join(','));
    }
    out.write(']}}');
    return { files, bytes: out.close(), expected: { 'missing-page': 1000 } };
  }
  const yaml = kind === 'spec-20mb-yaml';
  const name = yaml ? 'openapi.yaml' : 'openapi.json';
  files.push(name);
  const out = new ChunkWriter(path.join(dir, name));
  out.write(yaml ? 'openapi: 3.1.0\ninfo: {title: Big, version: "1"}\npaths:\n' : '{"openapi": "3.1.0", "info": {"title": "Big", "version": "1"}, "paths": {');
  const endpoints: string[] = [];
  for (let i = 0; out.bytes < 20_000_000; i++) {
    const operation = JSON.stringify({
      summary: `Operation ${i}`,
      operationId: `op${i}`,
      description: 'x'.repeat(200),
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } },
    });
    out.write(yaml ? `  /items${i}/{id}:\n    get: ${operation}\n    post: ${operation}\n` : `${i ? ',' : ''}"/items${i}/{id}": {"get": ${operation}, "post": ${operation}}`);
    if (i % 10 === 0) endpoints.push(`GET /items${i}/{id}`);
  }
  // The schema every operation points at refers to itself: a `$ref` cycle in a 20 MB spec.
  const components = { schemas: { Item: { type: 'object', properties: { child: { $ref: '#/components/schemas/Item' } } } } };
  out.write(yaml ? `components: ${JSON.stringify(components)}\n` : `}, "components": ${JSON.stringify(components)}}`);
  const bytes = out.close();
  fs.writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Big', colors: { primary: '#0B7D62' }, navigation: { groups: [{ group: 'API', openapi: name, pages: [...endpoints, 'GET /nope'] }] } }));
  return { files, bytes, expected: { 'unknown-endpoint': 1 } };
}

if (require.main === module) {
  const [kind, dir] = process.argv.slice(2) as [ExtremeKind, string];
  if (!EXTREME_KINDS.includes(kind) || !dir) throw new Error(`usage: extreme-case.ts <${EXTREME_KINDS.join('|')}> <dir>`);
  const { files, bytes, expected } = generate(kind, dir);
  const start = performance.now();
  const { model, diagnostics } = checkDocs(new DocsWorkspace(dir, new FileIndex(files)));
  const checkMs = performance.now() - start;
  const codes: Record<string, number> = {};
  const messages: Record<string, string> = {};
  for (const d of diagnostics) {
    codes[d.code] = (codes[d.code] ?? 0) + 1;
    messages[d.code] ??= d.message;
  }
  const result: ExtremeResult = {
    kind,
    bytes,
    elements: model.elements.length,
    codes,
    messages,
    expected,
    checkMs,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
