// The icon names and font families of completion and of the icon check (scripts/name-lists.mjs writes them at build
// time), read from their file on the first use; a missing or unreadable file gives none (and no icon is flagged).
import path = require('node:path');
import { existsSync, readFileSync } from 'node:fs';
import { MeasureCounter, NearestIndex } from '../text/nearest-index';

export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';
export type NameList = IconLibrary | 'fonts' | 'devicon' | 'lucideRenamed';

export const ICON_LIBRARIES: readonly IconLibrary[] = ['fontawesome', 'lucide', 'tabler'];

export class NameLists {
  private lists: Partial<Record<NameList, string>> | undefined;
  private readonly split = new Map<NameList, string[]>();
  private readonly sorted = new Map<NameList, readonly string[]>();
  private renames?: ReadonlyMap<string, string>;
  private readonly indexes = new Map<IconLibrary, NearestIndex>();

  constructor(
    private readonly file: string | undefined,
    private readonly counter?: MeasureCounter,
  ) {}

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

  /** Binary search of the sorted list (the build sorts them): no set of 5,000 names built per list. */
  has(list: NameList, name: string): boolean {
    let sorted = this.sorted.get(list);
    if (!sorted) {
      const names = this.names(list);
      sorted = names.every((n, i) => i === 0 || names[i - 1] < n) ? names : [...names].sort();
      this.sorted.set(list, sorted);
    }
    let low = 0;
    let high = sorted.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = sorted[middle];
      if (at === name) return true;
      if (at < name) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  /** The new name of a Lucide icon renamed since (its old name still served as an alias). */
  lucideRenamed(name: string): string | undefined {
    this.renames ??= new Map(this.names('lucideRenamed').map((line) => line.split(' ') as [string, string]));
    return this.renames.get(name);
  }

  /** The names a library's suggestions are taken from (Lucide's old names too), indexed once. */
  suggestions(library: IconLibrary): NearestIndex {
    let index = this.indexes.get(library);
    if (!index) {
      const names = library === 'lucide' ? [...this.names('lucide'), ...this.names('lucideRenamed').map((line) => line.slice(0, line.indexOf(' ')))] : this.names(library);
      this.indexes.set(library, (index = new NearestIndex(names, this.counter)));
    }
    return index;
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

const shared = new Map<string, NameLists>();

/** One reader per lists file for the whole process: every service and project asks the same, read on first use. */
export function sharedNameLists(file: string | undefined): NameLists {
  if (file === undefined) return new NameLists(undefined);
  let lists = shared.get(file);
  if (!lists) shared.set(file, (lists = new NameLists(file)));
  return lists;
}

/** The lists' file beside a bundle (dist/server, or dist/cli's sibling), or the build's when running from source. */
export function nameListsFile(): string | undefined {
  const candidates = [path.join(__dirname, 'name-lists.json'), path.join(__dirname, '..', 'server', 'name-lists.json'), path.join(__dirname, '..', '..', '..', '..', 'dist', 'server', 'name-lists.json')];
  return candidates.find((file) => existsSync(file));
}
