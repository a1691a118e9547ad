// What `docs-json --version` and the help say about the platform: only what the parity harness measured. The harness
// (`npm run parity -- --write`, scripts/parity/run.ts) writes docs/parity/matched.json with its run's release and
// figures; it is bundled into the CLI when it is built. Until a run has written it, no release is claimed.
import matched from '../../docs/parity/matched.json';

export interface PlatformMatch {
  release?: string;
  date?: string;
  cases?: Record<string, number>;
  differences?: number;
  unexplained?: number;
}

/** One sentence, without a final period: the release and figures of the last harness run, or that there was none. */
export function platformMatchLine(match: PlatformMatch): string {
  if (typeof match.release !== 'string' || !match.cases || typeof match.unexplained !== 'number') {
    return 'checks not yet compared with a release of @mintlify/cli (npm run parity -- --write)';
  }
  const cases = Object.values(match.cases).reduce((sum, n) => sum + n, 0);
  const unexplained = `${match.unexplained} difference${match.unexplained === 1 ? '' : 's'} unexplained`;
  return `checks last compared with @mintlify/cli ${match.release}${match.date ? ` on ${match.date}` : ''}: ${cases.toLocaleString('en-US')} cases, ${unexplained}`;
}

export const PLATFORM_MATCH: string = platformMatchLine(matched as PlatformMatch);
