// Each local spec the site uses, validated as the platform validates it: its problems on the spec file itself.
import { diagnostic } from '../../diagnostics';
import { makeSourceFile } from '../../json/json-tree';
import { resolveDocsPath, toAbsolute } from '../../workspace/docs-paths';
import { FileIndex } from '../../workspace/file-index';
import { writtenOpenApiSources } from '../openapi-files/rule';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';

export function checkOpenApiSchemas({ model, workspace, report }: RuleContext): void {
  if (!workspace.specValidator) return;
  const specs = new Set<string>();
  for (const source of writtenOpenApiSources(model)) {
    const resolved = source.remote ? undefined : resolveDocsPath(source.location);
    // Unreadable: invalid-openapi, on docs.json.
    if (resolved?.inside && workspace.spec(resolved.relative).ok) specs.add(resolved.relative);
  }
  if (!specs.size || mayUseOverlays(model.sources.map((file) => file.text), workspace.files)) return;
  for (const relative of specs) {
    const { validation, file } = workspace.specValidation(relative);
    if (validation.state === 'skipped') {
      const start = { file: makeSourceFile(toAbsolute(workspace.root, relative), ''), offset: 0, length: 0 };
      report({ ...diagnostic('openapi-schema', start, `This spec was ${validation.note}: the platform may still refuse it`), severity: 'info' });
    } else if (validation.state === 'done' && file) {
      for (const problem of validation.problems) report(diagnostic('openapi-schema', { file, offset: problem.offset, length: problem.length }, problem.message));
    }
  }
}

/**
 * The platform validates a spec after applying its OpenAPI overlays (named in docs.json under `overlays`, or found
 * as files holding an overlay document), which we do not apply: a site that may use them gets no finding rather
 * than a false one. Judged by names (an overlay file is named for what it is), not by reading every data file.
 */
function mayUseOverlays(docsJson: string[], files: FileIndex): boolean {
  if (docsJson.some((text) => text.includes('"overlays"'))) return true;
  return hasOverlayFile(files);
}

/** Per version of the file index: a pass over every name at each check was 10-35 ms of a keystroke at 20k files. */
const overlayFiles = new WeakMap<FileIndex, { version: number; found: boolean }>();

function hasOverlayFile(files: FileIndex): boolean {
  const known = overlayFiles.get(files);
  if (known?.version === files.version) return known.found;
  let found = false;
  for (const file of files.all()) {
    if (/overlay[^/]*\.(?:json|ya?ml)$/i.test(file)) {
      found = true;
      break;
    }
  }
  overlayFiles.set(files, { version: files.version, found });
  return found;
}

export const rule: RuleModule = {
  folder: 'openapi-schema',
  codes: { 'openapi-schema': 'error' },
  check: checkOpenApiSchemas,
};
