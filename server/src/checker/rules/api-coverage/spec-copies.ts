// Two copies of one spec (the same file name in two folders, as a site keeps one per language or product) whose
// operations differ: one copy was updated and the other was not. Copies named under two different versions are
// meant to differ, and two specs that share less than half their operations are two APIs, not copies.
import { Diagnostic, diagnostic, shown } from '../../diagnostics';
import { Spec, SpecUse } from './spec-scope';

const NAMED = 5;

function baseName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

export function checkSpecCopies(uses: Map<string, SpecUse>, loaded: Map<string, Spec>, report: (d: Diagnostic) => void): void {
  const byName = new Map<string, SpecUse[]>();
  for (const use of uses.values()) {
    if (!loaded.has(use.file)) continue;
    const name = baseName(use.file);
    const list = byName.get(name);
    if (list) list.push(use);
    else byName.set(name, [use]);
  }
  for (const copies of byName.values()) {
    for (let later = 1; later < copies.length; later++) {
      for (let first = 0; first < later; first++) {
        const a = copies[first];
        const b = copies[later];
        if (a.version && b.version && a.version !== b.version) continue;
        const found = difference(loaded.get(a.file)!, loaded.get(b.file)!);
        if (!found) continue;
        report(diagnostic('spec-copies-differ', b.source.node, `${b.file} and ${a.file} are copies of one spec, but their operations differ: ${found}`));
        break;
      }
    }
  }
}

/** What one copy has and the other lacks, in words; undefined when the operations are the same or mostly not shared. */
function difference(a: Spec, b: Spec): string | undefined {
  const onlyA = [...a.endpoints.keys()].filter((key) => !b.endpoints.has(key));
  const onlyB = [...b.endpoints.keys()].filter((key) => !a.endpoints.has(key));
  if (!onlyA.length && !onlyB.length) return undefined;
  const shared = a.endpoints.size - onlyA.length;
  if (shared * 2 < Math.min(a.endpoints.size, b.endpoints.size)) return undefined;
  const list = (keys: string[]) => keys.slice(0, NAMED).map(shown).join(', ') + (keys.length > NAMED ? `, and ${keys.length - NAMED} more` : '');
  const parts: string[] = [];
  if (onlyB.length) parts.push(`only ${b.file} has ${list(onlyB)}`);
  if (onlyA.length) parts.push(`only ${a.file} has ${list(onlyA)}`);
  return parts.join('; ');
}
