// Installs a release of the platform's CLI into a scratch folder outside the repository (never a dependency of
// ours): `npm install @mintlify/cli@<release>` there. A release whose own dependencies name a version the registry
// does not serve (it happens: a release is published before its packages reach every mirror) is installed with npm
// `overrides` pinning each such package to the newest version the registry has; the report names every override.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Installed {
  release: string;
  folder: string;
  /** Packages pinned to another version than the release asked for: name → `asked → installed`. */
  overrides: Record<string, string>;
}

function npm(args: string[], cwd?: string): string {
  return execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

/** The version `latest` names now, or the version given. */
export function resolveRelease(release: string): string {
  if (release !== 'latest') return release;
  return npm(['view', '@mintlify/cli@latest', 'version']).trim();
}

export function install(release: string, scratch: string, log: (line: string) => void): Installed {
  const folder = path.join(scratch, `cli-${release}`);
  const marker = path.join(folder, 'installed.json');
  if (fs.existsSync(marker)) return JSON.parse(fs.readFileSync(marker, 'utf8')) as Installed;
  fs.mkdirSync(folder, { recursive: true });
  const overrides: Record<string, string> = {};
  for (let attempt = 0; attempt < 8; attempt++) {
    const pins = Object.fromEntries(Object.entries(overrides).map(([name, change]) => [name, change.split(' → ')[1]]));
    fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'parity-scratch', private: true, dependencies: { '@mintlify/cli': release }, overrides: pins }, null, 2));
    try {
      log(`npm install @mintlify/cli@${release} in ${folder}${Object.keys(pins).length ? ` (overrides: ${JSON.stringify(pins)})` : ''}`);
      npm(['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], folder);
      const installed: Installed = { release, folder, overrides };
      fs.writeFileSync(marker, JSON.stringify(installed, null, 2));
      return installed;
    } catch (error) {
      const output = `${(error as { stderr?: string }).stderr ?? ''}${(error as { stdout?: string }).stdout ?? ''}`;
      const missing = /No matching version found for (@?[^@\s]+)@(\S+?)\.?$/m.exec(output);
      if (!missing) throw new Error(`npm install @mintlify/cli@${release} failed:\n${output.slice(-2000)}`);
      const [, name, asked] = missing;
      if (overrides[name]) throw new Error(`npm install failed again on ${name} after pinning it:\n${output.slice(-2000)}`);
      const newest = npm(['view', name, 'version']).trim();
      log(`the registry has no ${name}@${asked}: pinned to ${newest}, its newest`);
      overrides[name] = `${asked} → ${newest}`;
    }
  }
  throw new Error(`npm install @mintlify/cli@${release}: too many missing packages`);
}
