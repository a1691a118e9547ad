import * as fs from 'node:fs';
import * as path from 'node:path';
import { FileIndex } from '../../server/src/checker';
import { DocsProject } from '../../server/src/project/docs-project';
import { tempDir } from './temp-dir';

export const CORPUS_DIR = path.resolve(__dirname, '../../../shared/corpus');
/** The page texts of five corpus sites, with the platform checker's verdicts (see its README). */
export const CORPUS_PAGES_DIR = path.resolve(CORPUS_DIR, '../corpus-pages');
/** Why tests on `CORPUS_PAGES_DIR` are skipped, or false when it is there. */
export const NO_CORPUS_PAGES = !fs.existsSync(CORPUS_PAGES_DIR) && `no ${CORPUS_PAGES_DIR}`;

/** The sites of `CORPUS_PAGES_DIR` (none when it is absent). */
export function corpusPageSites(): string[] {
  return NO_CORPUS_PAGES ? [] : fs.readdirSync(CORPUS_PAGES_DIR).filter((name) => name.includes('__')).sort();
}

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

export function corpusFixtures(): string[] {
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
