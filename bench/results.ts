import * as os from 'node:os';
import type { GeneratedRepo } from './generate-repo';
import type { CheckFigures } from './measure-check';
import type { CompletionFigures } from './measure-completion';
import type { ColdStartFigures, ProtocolCompletionFigures, ServerMemoryFigures } from './measure-server';
import type { DocsViewFigures } from './measure-docs-view';
import type { FamiliesFigures } from './measure-families';
import type { MonorepoStartFigures } from './measure-monorepo-start';
import type { NotMeasured, PageChecksFigures } from './measure-page-checks';
import type { PageLinkFigures } from './measure-page-links';
import type { MdxFigures } from './measure-mdx';
import type { SpecLoadingFigures } from './measure-spec-loading';
import type { TypingFigures } from './measure-typing';
import type { VsMintFigures } from './measure-vs-mint';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  /** 1-minute load average when the run started: other work on the machine slows every figure. */
  loadAverage: number;
}

export interface RepoInfo extends Pick<GeneratedRepo, 'entries' | 'files' | 'docsJsonBytes'>, Partial<Pick<GeneratedRepo, 'pageEntries' | 'endpointEntries' | 'planted'>> {
  name: string;
  kind: 'synthetic' | 'corpus';
}

/** Everything one run measured: written to bench/out/results.json (and with --record to bench/results.json) so that a change can be compared. */
export interface BenchResults {
  version: 1;
  startedAt: string;
  durationS: number;
  machine: MachineInfo;
  settings: { seed: number; sizes: number[]; quick: boolean };
  repos: RepoInfo[];
  check: CheckFigures[];
  /** Fitted over all sizes; `steps`: between neighbouring sizes (the last one is the large-repo trend). */
  scaling: { exponent: number; points: { size: number; ms: number }[]; steps: number[] };
  completion: { inProcess: CompletionFigures | null; protocol: ProtocolCompletionFigures | null };
  /** Keystrokes in page-path strings over the protocol, each followed at once by a completion: per site. */
  typing: TypingFigures[];
  server: { coldStart: ColdStartFigures | null; memory: ServerMemoryFigures | null };
  /** Requests while the server reads a 20 MB YAML spec, and the time until endpoint completion lists its operations. */
  specLoading: SpecLoadingFigures | null;
  /** Links inside pages: whole-repo check processes on the corpus-pages sites and a synthetic site, a keystroke, a rename. */
  pageLinks?: PageLinkFigures | null;
  /** The MDX syntax check's parse against the page-link check of the same pages, and a keystroke with it deferred. */
  mdx?: MdxFigures | null;
  /** Every page check against the links alone: the whole check of the largest corpus-pages site, a keystroke. */
  pageChecks?: PageChecksFigures | NotMeasured | null;
  /** The CLI's whole check against `mint broken-links` on each corpus-pages site. */
  vsMint?: VsMintFigures | NotMeasured | null;
  /** Server start on a workspace of many docs folders: time to the first diagnostics per folder count, and its exponent. */
  monorepoStart?: MonorepoStartFigures | null;
  /** The Docs view's requests on the largest synthetic repo: the whole tree against a level at a time. */
  docsView?: DocsViewFigures | null;
  /** Each rule family's share of the docs.json re-check, and of the whole check and a keystroke of pages (issue 52). */
  families?: FamiliesFigures | null;
  /** Peak RSS of a process that only checks the largest repo (no server around it). */
  checkerMemory: { repo: string; peakRssMb: number } | null;
  targets: TargetResult[];
  /** What could not be measured, and why. */
  notes: string[];
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverage: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

/** One target of the bench, judged against what a run measured. */
export interface TargetResult {
  target: string;
  /** What was measured against it (the worst case where several runs count). */
  value: number | undefined;
  limit: number;
  /** The measured value must reach the limit (≥), not stay under it. */
  atLeast?: boolean;
  unit: string;
  where: string;
  met: boolean | undefined;
}
