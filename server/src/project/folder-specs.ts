import { DocsModel, DocsWorkspace, LoadedSpec, openApiSources, propertyOf, valueOf } from '../checker';
import { PageSpecs } from '../checker/rules/front-matter-openapi/rule';

const SPEC_FILE = /\.(json|ya?ml)$/i;
/** A top-level `openapi` key, as JSON or YAML writes it: files without one are not read as specs. */
const OPENAPI_KEY = /(?:^|[{,\s])["']?openapi["']?\s*:/m;

/**
 * The OpenAPI specs a page's `openapi:` front matter is resolved against, as the platform picks them: every JSON or
 * YAML file of the docs folder with a top-level `openapi` key (`@mintlify/prebuild`'s `categorizeFilePaths`), and
 * the remote specs docs.json names (fetched by the platform, not here). Listed on first use (only pages with
 * `openapi:` front matter need them), again after a JSON or YAML file of the folder changed.
 */
export class FolderSpecs {
  private files?: string[];
  /** JSON and YAML files of the folder that are not specs we could read, by path and by name without extension. */
  private others?: Set<string>;

  constructor(private readonly workspace: DocsWorkspace) {}

  /** A file changed, appeared or went: the list is made again when next needed. */
  fileChanged(relative: string): boolean {
    if (!SPEC_FILE.test(relative)) return false;
    this.files = undefined;
    this.others = undefined;
    return true;
  }

  /** The local spec files (relative), in file-index order. */
  localFiles(): string[] {
    if (this.files) return this.files;
    const files: string[] = [];
    for (const file of this.workspace.files.all()) {
      if (!SPEC_FILE.test(file) || file === 'docs.json' || file.startsWith('node_modules/')) continue;
      const text = this.workspace.read(file);
      if (text !== undefined && OPENAPI_KEY.test(text)) files.push(file);
    }
    return (this.files = files);
  }

  specs(model: DocsModel | undefined): PageSpecs {
    const specs: Extract<LoadedSpec, { ok: true }>[] = [];
    let loading = false;
    for (const file of this.localFiles()) {
      const spec = this.workspace.spec(file);
      if (spec.ok) specs.push(spec);
      else if (spec.problem === 'loading') loading = true;
    }
    if (loading) return { status: 'loading' };
    return { status: 'ok', specs, remote: hasRemoteSpec(model), unreadable: (name) => this.otherFiles(specs).has(name.replace(/^\.?\/+/, '')) };
  }

  private otherFiles(specs: Extract<LoadedSpec, { ok: true }>[]): Set<string> {
    if (this.others) return this.others;
    const read = new Set(specs.map((spec) => spec.file));
    const others = new Set<string>();
    for (const file of this.workspace.files.all()) {
      if (!SPEC_FILE.test(file) || read.has(file)) continue;
      others.add(file);
      const base = file.slice(file.lastIndexOf('/') + 1);
      others.add(base);
      others.add(base.replace(SPEC_FILE, ''));
    }
    return (this.others = others);
  }
}

/** Whether docs.json names a remote spec (the platform fetches it; its operations are not known here). */
export function hasRemoteSpec(model: DocsModel | undefined): boolean {
  if (!model) return false;
  if (model.elements.some((element) => element.openapi.some((source) => source.remote))) return true;
  return openApiSources(propertyOf(valueOf(model.root, 'api'), 'openapi')).some((source) => source.remote);
}
