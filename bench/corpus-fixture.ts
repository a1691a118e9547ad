import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The corpus fixture whose docs.json is largest. */
export function largestCorpusFixture(corpusDir: string): string | undefined {
  if (!fs.existsSync(corpusDir)) return undefined;
  const sized = fs
    .readdirSync(corpusDir)
    .filter((name) => fs.existsSync(path.join(corpusDir, name, 'docs.json')))
    .map((name) => ({ name, size: fs.statSync(path.join(corpusDir, name, 'docs.json')).size }));
  return sized.sort((a, b) => b.size - a.size || a.name.localeCompare(b.name))[0]?.name;
}

/** The corpus fixture with local OpenAPI specs that lists the most files (what api-coverage's cost is measured on). */
export function largestCorpusFixtureWithSpecs(corpusDir: string): string | undefined {
  if (!fs.existsSync(corpusDir)) return undefined;
  const localSpec = /"openapi"\s*:\s*(?:\{\s*"source"\s*:\s*)?"(?!https?:)[^"]+\.(?:json|ya?ml)"/;
  const sized = fs
    .readdirSync(corpusDir)
    .filter((name) => fs.existsSync(path.join(corpusDir, name, 'docs.json')) && localSpec.test(fs.readFileSync(path.join(corpusDir, name, 'docs.json'), 'utf8')))
    .map((name) => ({ name, files: fs.readFileSync(path.join(corpusDir, name, 'files.txt'), 'utf8').split('\n').filter(Boolean).length }));
  return sized.sort((a, b) => b.files - a.files || a.name.localeCompare(b.name))[0]?.name;
}

/**
 * Lays a corpus fixture out as a docs folder under the temp folder: every file `files.txt` lists, empty,
 * then the fixture's own files (docs.json, specs, `$ref` parts) with their content.
 */
export function materializeCorpusFixture(corpusDir: string, name: string): string {
  const root = path.join(os.tmpdir(), `docs-json-bench-corpus-${name}`);
  fs.rmSync(root, { recursive: true, force: true });
  layOutCorpusFixture(path.join(corpusDir, name), root);
  return root;
}

/** Writes the corpus fixture `source` into `root`: every file `files.txt` lists, empty, then the fixture's own files. */
export function layOutCorpusFixture(source: string, root: string): void {
  for (const file of fs.readFileSync(path.join(source, 'files.txt'), 'utf8').split('\n').filter(Boolean)) {
    const target = path.join(root, file);
    if (!target.startsWith(root + path.sep)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, '');
  }
  fs.cpSync(source, root, { recursive: true, filter: (from) => !['files.txt', 'source.txt'].includes(path.relative(source, from)) });
}
