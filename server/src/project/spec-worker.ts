// The worker that reads OpenAPI specs for the language server (bundled as dist/server/spec-worker.js): one
// spec at a time, so that parsing megabytes of YAML or JSON holds no request of the main thread back.
import { parentPort } from 'node:worker_threads';
import { readSpec } from '../checker/openapi/openapi-spec';
import { packSpec } from '../checker/openapi/packed-spec';
import type { SpecRequest, SpecReply } from './spec-worker-loader';

parentPort?.on('message', ({ id, file, text }: SpecRequest) => {
  const spec = packSpec(readSpec(file, text));
  const reply: SpecReply = { id, spec };
  parentPort!.postMessage(reply, spec.ok ? [spec.numbers.buffer as ArrayBuffer] : []);
});
