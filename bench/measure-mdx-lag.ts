// The language server's main thread while the MDX worker parses a whole folder: the event loop's largest delay
// (perf_hooks, 5 ms resolution) from queuing every page to the last verdict. Needs the built worker (npm run build).
//   npx tsx bench/measure-mdx-lag.ts DOCS_FOLDER
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLanguageService } from '../server/src/language';

const root = path.resolve(process.argv[2] ?? '.');
let rechecks = 0;
const service = createLanguageService({
  mdxWorker: path.join(__dirname, '..', 'dist', 'server', 'mdx-worker.js'),
  // As the server does when a verdict changed: the folder checked again.
  onSpecLoaded: (project) => {
    rechecks++;
    service.check(project);
    service.checkPages(project);
  },
});
const project = service.projectAt(root);
service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
service.check(project);
let start = performance.now();
service.checkPages(project);
const firstPassMs = performance.now() - start;
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
start = performance.now();
void service.mdxSettled(project).then(() => {
  delay.disable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  console.log(JSON.stringify({ firstPassMs: Math.round(firstPassMs), parseWallMs: Math.round(performance.now() - start), lagMaxMs: ms(delay.max), lagP99Ms: ms(delay.percentile(99)), rechecks }));
  service.dispose();
});
