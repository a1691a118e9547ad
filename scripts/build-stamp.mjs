// What a build of dist/ was made from: every file esbuild read for it (its metafile's inputs, node_modules included)
// and the build's own scripts and manifests, each with its size and modification time. `npm ci`'s postinstall builds,
// then `npm test` would build the same again (16 s at load 21 on 2 cores): scripts/run-tests.mjs skips a build whose
// inputs are all as they were.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';

export const STAMP = 'dist/.build-inputs.json';
/** Read by build.mjs itself, not by esbuild: the name lists come from the icon packages package-lock.json pins. */
const OWN_INPUTS = ['scripts/build.mjs', 'scripts/build-stamp.mjs', 'scripts/esbuild-node.mjs', 'scripts/name-lists.mjs', 'package.json', 'package-lock.json'];

function fileState(file) {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? [stat.size, stat.mtimeMs] : null;
}

/** Writes the stamp of a build: `metafiles` from esbuild's `metafile: true`, `mode` 'development' or 'production'. */
export function writeStamp(metafiles, mode) {
  const files = new Set(OWN_INPUTS);
  for (const metafile of metafiles) for (const input of Object.keys(metafile.inputs)) files.add(input);
  const inputs = Object.fromEntries([...files].sort().map((file) => [file, fileState(file)]));
  writeFileSync(STAMP, JSON.stringify({ mode, inputs }));
}

/** Why dist/ must be built again for `mode`, or undefined when its last build's inputs are all unchanged. */
export function staleReason(mode) {
  if (!existsSync(STAMP)) return 'no stamp of a build';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return 'an unreadable stamp';
  }
  if (stamp?.mode !== mode) return `the last build was ${stamp?.mode ?? 'of no mode'}`;
  const inputs = Object.entries(stamp.inputs ?? {});
  if (inputs.length === 0) return 'a stamp without inputs';
  for (const [file, state] of inputs) {
    if (JSON.stringify(fileState(file)) !== JSON.stringify(state)) return `${file} changed`;
  }
  return undefined;
}
