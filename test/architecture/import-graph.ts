// The import graph of the project's own TypeScript: every relative import of every source file, resolved to a file.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const REPO = resolve(__dirname, '../..');
const SOURCE_FOLDERS = ['server/src', 'client/src', 'cli/src', 'api/src', 'bench'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|require\(\s*'([^']+)'\s*\)/g;

/** Repo-relative file → the repo-relative files it imports (relative imports only: packages are not ours). */
export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const folder of SOURCE_FOLDERS) {
    for (const file of sourceFiles(join(REPO, folder))) {
      const text = readFileSync(file, 'utf8');
      const targets: string[] = [];
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? match[3];
        if (!specifier.startsWith('.')) continue;
        const target = resolveImport(dirname(file), specifier);
        if (target) targets.push(relative(REPO, target));
      }
      graph.set(relative(REPO, file), targets);
    }
  }
  return graph;
}

export function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(from, specifier);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts'), `${base}.js`, `${base}.json`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Groups of files that import one another, directly or not (Tarjan's strongly connected components of size > 1). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
