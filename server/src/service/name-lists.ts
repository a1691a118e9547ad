// The icon names and font families completion offers (scripts/name-lists.mjs writes them at build time), read
// from their file on the first completion that needs them; a missing or unreadable file offers none.
import { readFileSync } from 'node:fs';

export type NameList = 'fontawesome' | 'lucide' | 'tabler' | 'fonts';

export const ICON_LIBRARIES: readonly NameList[] = ['fontawesome', 'lucide', 'tabler'];

export class NameLists {
  private lists: Partial<Record<NameList, string>> | undefined;
  private readonly split = new Map<NameList, string[]>();

  constructor(private readonly file: string | undefined) {}

  names(list: NameList): string[] {
    let names = this.split.get(list);
    if (!names) {
      this.lists ??= this.read();
      const text = this.lists[list];
      names = typeof text === 'string' && text ? text.split('\n') : [];
      this.split.set(list, names);
    }
    return names;
  }

  private read(): Partial<Record<NameList, string>> {
    if (this.file === undefined) return {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<Record<NameList, string>>) : {};
    } catch {
      return {};
    }
  }
}
