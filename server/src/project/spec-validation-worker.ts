// The worker that validates OpenAPI specs as the platform does (bundled as dist/server/spec-validation-worker.js,
// the one bundle that holds the validator): one spec at a time; its owner ends it when a spec takes too long.
import { parentPort } from 'node:worker_threads';
import { validateSpecText } from '../checker/openapi/validate-spec';
import type { SpecValidation } from '../checker/openapi/spec-validation';

export interface ValidationRequest {
  id: number;
  text: string;
}

export interface ValidationReply {
  id: number;
  validation: SpecValidation;
}

parentPort?.on('message', ({ id, text }: ValidationRequest) => {
  void validateSpecText(text)
    .catch((error: unknown): SpecValidation => ({ state: 'skipped', note: `not validated: ${error instanceof Error ? error.message : String(error)}` }))
    .then((validation) => parentPort!.postMessage({ id, validation } satisfies ValidationReply));
});
