// The worker that parses pages as MDX (bundled as dist/server/mdx-worker.js): the platform's parser, micromark, reads
// about 1 MB of CPU a second (one 228 kB corpus page: 4.4 s), so it never runs on the language server's main thread.
import { parentPort } from 'node:worker_threads';
import { mdxVerdict } from '../checker/pages/mdx-parse';
import type { MdxReply, MdxRequest } from './mdx-worker-pool';
import { ownThread } from './thread-cpu';

/** Named with the first "started": the pool times each parse by this thread's CPU time. */
const thread = ownThread();

parentPort?.on('message', ({ id, text }: MdxRequest) => {
  const started: MdxReply = { id, error: undefined, started: true, thread };
  parentPort!.postMessage(started);
  const { error, names } = mdxVerdict(text);
  const reply: MdxReply = { id, error, names };
  parentPort!.postMessage(reply);
});
