import { DocsModel, NavElement } from '../server/src/checker';
import { SeededRandom } from './seeded-random';

export interface CompletionPoint {
  kind: 'page' | 'endpoint';
  /** Offset in docs.json: inside an entry's string, as when the user edits it. */
  offset: number;
}

/**
 * Where a user asks for completion: inside `count` page entries and `count` endpoint entries of the main
 * file, at a random place in the string (empty prefix included). Seeded, so every run asks the same.
 */
export function completionPoints(model: DocsModel, count: number, random: SeededRandom): Record<CompletionPoint['kind'], CompletionPoint[]> {
  const pick = (kind: CompletionPoint['kind']) => {
    const entries = model.elements.filter((e: NavElement) => e.kind === kind && e.node.type === 'string' && e.node.file === model.file);
    if (entries.length === 0) return [];
    return Array.from({ length: count }, () => {
      const node = random.pick(entries).node;
      return { kind, offset: node.offset + 1 + random.int(0, node.length - 2) };
    });
  };
  return { page: pick('page'), endpoint: pick('endpoint') };
}
