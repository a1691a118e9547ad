// The "did you mean" of a page's unknown `openapi:` operation, from a bounded set of candidates: every page's
// unknown operation compared with every operation of the specs was 5,000 pages × a 19k-operation spec, 20 s.
import { nearest } from '../text/nearest';
import type { LoadedSpec } from './openapi-spec';

type Spec = Extract<LoadedSpec, { ok: true }>;

/** Operations compared with one unknown operation, at most (beside those of its own path). */
export const MAX_COMPARED_OPERATIONS = 500;

interface OperationIndex {
  /** Keys by method, and by method and the path's first segment (`GET /users`). */
  byMethod: Map<string, string[]>;
  byFirstSegment: Map<string, string[]>;
  /** Keys by path: the same path under another method. */
  byPath: Map<string, string[]>;
}

/** Per parsed spec: a changed spec file is parsed into a new object, so an index never outlives its spec. */
const indexes = new WeakMap<Spec, OperationIndex>();

function indexOf(spec: Spec): OperationIndex {
  let index = indexes.get(spec);
  if (index) return index;
  index = { byMethod: new Map(), byFirstSegment: new Map(), byPath: new Map() };
  for (const [key, endpoint] of spec.endpoints) {
    const method = endpoint.method.toUpperCase();
    append(index.byMethod, method, key);
    append(index.byFirstSegment, `${method} ${firstSegment(endpoint.path)}`, key);
    append(index.byPath, endpoint.path, key);
  }
  indexes.set(spec, index);
  return index;
}

function append(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function firstSegment(path: string): string {
  const start = path.startsWith('/') ? 1 : 0;
  const end = path.indexOf('/', start);
  return path.slice(start, end < 0 ? path.length : end);
}

/**
 * The nearest operation to `METHOD path` among the same path under other methods and at most
 * MAX_COMPARED_OPERATIONS of the same method, those under the same first path segment first.
 */
export function suggestOperation(key: string, method: string, path: string, specs: Spec[]): string | undefined {
  const candidates: string[] = [];
  const upper = method.toUpperCase();
  for (const spec of specs) {
    const index = indexOf(spec);
    for (const other of index.byPath.get(path) ?? []) candidates.push(other);
  }
  let room = MAX_COMPARED_OPERATIONS;
  for (const lists of [specs.map((spec) => indexOf(spec).byFirstSegment.get(`${upper} ${firstSegment(path)}`)), specs.map((spec) => indexOf(spec).byMethod.get(upper))]) {
    for (const list of lists) {
      for (let i = 0; i < (list?.length ?? 0) && room > 0; i++, room--) candidates.push(list![i]);
    }
  }
  return nearest(key, candidates);
}
