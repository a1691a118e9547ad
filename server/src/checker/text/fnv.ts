// FNV-1a over UTF-16 code units, one unit at a time: the file index hashes paths with it, the page-files rule
// fingerprints entries with it.
export const FNV_SEED = 0x811c9dc5 | 0;

export function fnvStep(hash: number, codeUnit: number): number {
  return Math.imul(hash ^ codeUnit, 0x01000193);
}
