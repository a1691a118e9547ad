import * as fs from 'node:fs';
import * as path from 'node:path';
import { FileIndex } from '../../server/src/checker';
import { DocsProject } from '../../server/src/project/docs-project';
import { tempDir } from './temp-dir';

/** Real sites' docs.json with their file lists, beside the clone (not in the repository: see .ci/run). */
export const CORPUS_DIR = path.resolve(__dirname, '../../../shared/corpus');
/** The page texts of five corpus sites, with the platform checker's verdicts. */
export const CORPUS_PAGES_DIR = path.resolve(CORPUS_DIR, '../corpus-pages');

/** A site of `CORPUS_PAGES_DIR` as the platform saw it, without writing it out: files from `files.txt`, texts from both folders. */
export function openCorpusPagesSite(site: string): DocsProject {
  const listed = fs.readFileSync(path.join(CORPUS_DIR, site, 'files.txt'), 'utf8').split('\n').filter(Boolean);
  const root = path.join(CORPUS_PAGES_DIR, site);
  const read = (file: string): string | undefined => {
    const relative = path.relative(root, file);
    for (const folder of [CORPUS_PAGES_DIR, CORPUS_DIR]) {
      const candidate = path.join(folder, site, relative);
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return fs.readFileSync(candidate, 'utf8');
    }
    return '';
  };
  return new DocsProject(root, read, new FileIndex(listed));
}

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
export function materializeFixture(name: string, into = tempDir(`corpus-${name}-`), corpusDir = CORPUS_DIR): string {
  const source = path.join(corpusDir, name);
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

/** The five sites of ../shared/corpus-pages; none without them (the tests that loop over them report why with NO_CORPUS_PAGES). */
export function corpusPageSites(): string[] {
  if (NO_CORPUS_PAGES) return [];
  return fs
    .readdirSync(CORPUS_PAGES_DIR)
    .filter((name) => name.includes('__'))
    .sort();
}

/** The text of every `.md` and `.mdx` page of the five corpus-pages sites (the `oracle/` folders left out). */
export function corpusPageTexts(): string[] {
  const texts: string[] = [];
  const read = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'oracle') read(file);
      } else if (/\.mdx?$/.test(entry.name)) texts.push(fs.readFileSync(file, 'utf8'));
    }
  };
  for (const site of corpusPageSites()) read(path.join(CORPUS_PAGES_DIR, site));
  return texts;
}

/**
 * A corpus-pages site laid out as its README says: every path of the corpus fixture's `files.txt` (empty), the
 * fixture's docs.json, specs and `$ref` files, then the text of its pages (the `oracle/` folder left out).
 */
export function materializePagesSite(name: string, into = tempDir(`corpus-pages-${name}-`)): string {
  materializeFixture(name, into);
  const copyPages = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(CORPUS_PAGES_DIR, name, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (child === 'oracle') continue;
      if (entry.isDirectory()) copyPages(child);
      else {
        fs.mkdirSync(path.dirname(path.join(into, child)), { recursive: true });
        fs.copyFileSync(path.join(CORPUS_PAGES_DIR, name, child), path.join(into, child));
      }
    }
  };
  copyPages('');
  return into;
}
