// The GitHub Action's check step (action.yml): one `docs-json check` of the docs folder that writes the annotations
// to the job's log, the SARIF to $RUNNER_TEMP and the job summary to $GITHUB_STEP_SUMMARY, then tells the later
// steps its exit status and the SARIF's path through $GITHUB_OUTPUT. It exits 0 itself, so that the SARIF upload
// and the summary happen whatever the check found; the action's last step exits with the check's status.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The committed production bundle (scripts/build-shipped.mjs): the action installs and builds nothing.
const CLI = fileURLToPath(new URL('../shipped/cli/start.js', import.meta.url));
const env = process.env;
// The step's env names each input INPUT_<NAME>, `-` as `_` (INPUT_FAIL_ON).
const input = (name) => (env[`INPUT_${name.replace(/-/g, '_').toUpperCase()}`] ?? '').trim();

function output(name, value) {
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `${name}=${value}\n`);
}

/** The CLI's arguments from the action's inputs; a bad input is said as the CLI says a bad option (exit 2). */
function checkArgs(sarifFile) {
  const args = ['check'];
  if (input('path')) args.push(input('path'));
  args.push('--format', 'github');
  if (sarifFile) args.push('--report', `sarif=${sarifFile}`);
  if (env.GITHUB_STEP_SUMMARY) args.push('--report', `summary=${env.GITHUB_STEP_SUMMARY}`);
  const failOn = input('fail-on') || 'error';
  if (!['error', 'warning', 'never'].includes(failOn)) return { args, refused: `the input fail-on takes error, warning or never (got '${failOn}')` };
  const maxWarnings = input('max-warnings') || (failOn === 'warning' ? '0' : '');
  if (maxWarnings) args.push('--max-warnings', maxWarnings);
  // Extra options (--check-mdx, --base-path /docs, --language-code xx), split at blanks.
  const extra = input('args').split(/\s+/).filter(Boolean);
  args.push(...extra);
  if (!extra.some((arg) => /^--base(-dir)?(=|$)/.test(arg))) args.push(...baseArgs());
  return { args, failOn };
}

/** git with nothing of the repository's configuration that runs a program (hooks, fsmonitor). */
function git(args) {
  return spawnSync('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', ...args], { encoding: 'utf8', env: { ...env, GIT_TERMINAL_PROMPT: '0' } });
}

const hasCommit = (ref) => git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).status === 0;

/**
 * `--base REF` (killed-url: the URLs the change stops serving): the input `base`, else on a pull request its base
 * branch, fetched (one commit, its tree is all the check reads) when the checkout lacks it. `none` turns it off; a
 * base that cannot be had is a notice, not a failure.
 */
function baseArgs() {
  const given = input('base');
  if (given === 'none') return [];
  const branch = env.GITHUB_BASE_REF ?? '';
  const ref = given || (branch ? `origin/${branch}` : '');
  if (!ref) return [];
  if (!given && !hasCommit(ref) && /^[\w./-]+$/.test(branch) && !branch.includes('..')) {
    git(['fetch', '--no-tags', '--no-recurse-submodules', '--depth=1', 'origin', `+refs/heads/${branch}:refs/remotes/origin/${branch}`]);
  }
  if (hasCommit(ref)) return ['--base', ref];
  console.log(`::notice title=docs.json check::the base ${ref} is not in the checkout: URLs the change stops serving are not checked (fetch it, or use actions/checkout with fetch-depth: 0)`);
  return [];
}

const sarifFile = input('sarif') === 'false' ? undefined : join(env.RUNNER_TEMP || process.cwd(), 'docs-json.sarif');
const checked = checkArgs(sarifFile);
const { args, failOn } = checked;
// Without the bundle Node would exit 1, which reads as findings: say so and exit 2 (could not run).
const refused = checked.refused ?? (existsSync(CLI) ? undefined : `the action's bundle ${CLI} is missing (\`npm run generate\` in the action's repository writes it)`);
if (refused) {
  // Nothing was checked: no SARIF to upload, the reason in the log and the summary, the step fails.
  console.error(`docs-json action: ${refused}`);
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `### docs.json check\n\nThe check could not run: ${refused}\n`);
  output('exit-code', 2);
} else {
  const result = spawnSync(process.execPath, [CLI, ...args], { stdio: 'inherit' });
  if (result.error) console.error(`docs-json action: cannot run the CLI: ${result.error.message}`);
  const status = result.status ?? 2;
  // fail-on never: findings (exit 1) pass; a check that could not run (exit 2) still fails.
  output('exit-code', failOn === 'never' && status === 1 ? 0 : status);
  if (sarifFile) output('sarif-file', sarifFile);
}
