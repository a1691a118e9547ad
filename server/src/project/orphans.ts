import { FileIndex, isConventionallyNotAPage, isPageFile } from '../checker';
import { ReachedPages } from './reached-pages';

export { ORPHAN_CODE } from './project-settings';

/** Which files (relative) belong to a docs folder nested in this one, with a docs.json of its own. */
export type OwnedElsewhere = (relative: string) => boolean;

/** Page files (relative paths) under the docs folder that no navigation entry reaches. */
export function orphanPages(index: FileIndex, reached: ReachedPages, ownedElsewhere: OwnedElsewhere): string[] {
  const orphans: string[] = [];
  for (const file of index.all()) if (isUnreachedPage(reached, file, ownedElsewhere)) orphans.push(file);
  return orphans;
}

/** Whether a file (relative path) is a page file of the index that no navigation entry reaches. */
export function isOrphanPage(index: FileIndex, reached: ReachedPages, file: string, ownedElsewhere: OwnedElsewhere): boolean {
  return index.has(file) && isUnreachedPage(reached, file, ownedElsewhere);
}

function isUnreachedPage(reached: ReachedPages, file: string, ownedElsewhere: OwnedElsewhere): boolean {
  return isPageFile(file) && !isConventionallyNotAPage(file) && !reached.hasFile(file) && !ownedElsewhere(file);
}
