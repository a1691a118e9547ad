import { LoadedSpec, readSpec } from './openapi-spec';

/**
 * Reads a spec's text into its operations. The CLI reads in process; the language server in a worker, so that
 * a large spec (seconds of parsing) holds no request back: its loader answers `loading` and hands the spec to
 * `ready` once it is read.
 */
export interface SpecLoader {
  load(request: SpecText, ready: (spec: LoadedSpec) => void): LoadedSpec;
}

export interface SpecText {
  /** As the docs folder names it (relative): what findings and hovers show. */
  file: string;
  /** Where it is: a newer text of the same file replaces an older one. */
  absolute: string;
  text: string;
  /** Names the text's content: the same file and hash give the same spec. */
  hash: string;
}

export const inProcessSpecLoader: SpecLoader = { load: ({ file, text }) => readSpec(file, text) };

export function loadingSpec(file: string): LoadedSpec {
  return { ok: false, file, problem: 'loading', message: 'still loading' };
}
