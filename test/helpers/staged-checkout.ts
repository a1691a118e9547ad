// A copy of this checkout for building what ships (`npm pack`, `npm run package`): their production builds go to
// the copy's dist/, never to the dist/ that the other tests run meanwhile.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from './temp-dir';

const REPO = path.resolve(__dirname, '../..');
/** What no build reads: tests, samples, benchmarks, build output, the test hosts. node_modules is linked, not copied. */
const LEFT_OUT = new Set(['.git', 'node_modules', 'dist', 'test', 'examples', 'bench', '.vscode-test', '.test-hosts']);

export function stagedCheckout(prefix = 'staged-checkout-'): string {
  const stage = tempDir(prefix);
  for (const entry of fs.readdirSync(REPO)) {
    if (!LEFT_OUT.has(entry)) fs.cpSync(path.join(REPO, entry), path.join(stage, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(stage, 'node_modules'), 'dir');
  return stage;
}
