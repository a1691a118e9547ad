import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from './temp-dir';

/** Real sites' docs.json with their file lists, beside the clone (not in the repository: see .ci/run). */
export const CORPUS_DIR = path.resolve(__dirname, '../../../shared/corpus');
/** The page texts of five corpus sites, with the platform checker's verdicts. */
export const CORPUS_PAGES_DIR = path.resolve(CORPUS_DIR, '../corpus-pages');

/** The `skip` of a test that reads the corpus: its reason when the corpus is not beside the clone, else false. */
export const NO_CORPUS: string | false = fs.existsSync(CORPUS_DIR) ? false : '../shared/corpus not found: corpus suites not run';
/** The same for the page texts. */
export const NO_CORPUS_PAGES: string | false = fs.existsSync(CORPUS_PAGES_DIR) ? false : '../shared/corpus-pages not found: corpus page suites not run';

/** The corpus sites; none without the corpus (the tests that loop over them report why with NO_CORPUS). */
export function corpusFixtures(): string[] {
  if (NO_CORPUS) return [];
  return fs
    .readdirSync(CORPUS_DIR)
    .filter((name) => fs.existsSync(path.join(CORPUS_DIR, name, 'docs.json')))
    .sort();
}

/**
 * Lays a corpus fixture out as a real docs folder: every file `files.txt` lists is created empty,
 * then docs.json, the specs and the `$ref` files are copied over with their content.
 */
export function materializeFixture(name: string, into = tempDir(`corpus-${name}-`)): string {
  const source = path.join(CORPUS_DIR, name);
  const listed = fs.readFileSync(path.join(source, 'files.txt'), 'utf8').split('\n').filter(Boolean);
  for (const file of listed) {
    const target = path.join(into, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, '');
  }
  copyContent(source, into, '');
  return into;
}

function copyContent(from: string, to: string, relative: string): void {
  for (const entry of fs.readdirSync(path.join(from, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) copyContent(from, to, child);
    else if (!['files.txt', 'source.txt'].includes(child)) {
      fs.mkdirSync(path.dirname(path.join(to, child)), { recursive: true });
      fs.copyFileSync(path.join(from, child), path.join(to, child));
    }
  }
}
