import { LoadedSpec } from './openapi-spec';

type Spec = Extract<LoadedSpec, { ok: true }>;

/** The specs a page's `openapi:` is resolved against (see `FolderSpecs`). */
export type PageSpecs =
  | {
      status: 'ok';
      specs: Spec[];
      /** docs.json names a remote spec. */
      remote: boolean;
      /** Whether a spec name (`v1-openapi`, `api/v1.json`) names a JSON or YAML file we could not read as a spec. */
      unreadable: (name: string) => boolean;
    }
  | { status: 'loading' };
