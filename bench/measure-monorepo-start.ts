// Start-up of the language server on a monorepo of N docs folders: milliseconds (and server CPU) until the first
// diagnostics, for several N, and the scaling exponent (1: linear). It was about quadratic: 1,000 / 3,000 / 6,000
// folders took 2.2 / 13 / 45 s. Run alone: `npx tsx bench/measure-monorepo-start.ts [N...]` (after a build).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startLspSession } from './lsp-session';
import { round, scalingExponent } from './stats';
import { startedAs } from './started-as';

export interface MonorepoStartFigures {
  points: { folders: number; firstDiagnosticsMs: number; cpuMs: number | undefined }[];
  /** Of wall time over the folder count (CPU time where the platform reports it). */
  exponent: number;
}

/** A workspace with a docs.json at its top and `folders` docs folders under `sites/`, three files each. */
function monorepo(base: string, folders: number): string {
  const root = path.join(base, `monorepo-${folders}`);
  const site = (name: string) => JSON.stringify({ theme: 'mint', name, colors: { primary: '#0B7D62' }, navigation: { pages: ['intro', 'guides/start'] } });
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'docs.json'), site('top'));
  fs.writeFileSync(path.join(root, 'intro.mdx'), '');
  for (let i = 0; i < folders; i++) {
    const folder = path.join(root, 'sites', `site-${i}`);
    fs.mkdirSync(path.join(folder, 'guides'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'docs.json'), site(`site ${i}`));
    fs.writeFileSync(path.join(folder, 'intro.mdx'), '');
    fs.writeFileSync(path.join(folder, 'guides', 'start.mdx'), '');
  }
  return root;
}

export async function measureMonorepoStart(serverScript: string, counts = [500, 1000, 2000, 4000]): Promise<MonorepoStartFigures> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-json-bench-monorepo-'));
  try {
    const points: MonorepoStartFigures['points'] = [];
    for (const folders of counts) {
      const session = await startLspSession(serverScript, monorepo(base, folders), 300_000);
      points.push({ folders, firstDiagnosticsMs: round(session.firstDiagnosticsMs, 0), cpuMs: session.firstDiagnosticsCpuMs });
      await session.close();
    }
    const useCpu = points.every((p) => p.cpuMs !== undefined);
    const exponent = round(scalingExponent(points.map((p) => ({ size: p.folders, ms: useCpu ? p.cpuMs! : p.firstDiagnosticsMs }))));
    return { points, exponent };
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

if (startedAs('measure-monorepo-start')) {
  const counts = process.argv.slice(2).map(Number).filter((n) => n > 0);
  void measureMonorepoStart(path.resolve(__dirname, '../dist/server/server.js'), counts.length ? counts : undefined).then((figures) => console.log(JSON.stringify(figures, null, 2)));
}
