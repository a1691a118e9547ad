// Every known class of difference between the platform's verdicts and ours, with why. A difference no class
// explains is new: the harness reports it, and `--check` fails on it.

export interface Difference {
  section: 'corpus pages' | 'page mutations' | 'imports' | 'configs';
  /** `miss`: the platform refuses or warns, we say nothing; `extra`: the reverse. */
  kind: 'miss' | 'extra';
  file: string;
  what: string;
  platform: string;
  ours: string;
  /** Set when our parse skipped the page for its shape (mdx-skipped.ts). */
  skippedShape?: boolean;
}

export interface DifferenceClass {
  id: string;
  reason: string;
  matches(difference: Difference): boolean;
}

export const CLASSES: DifferenceClass[] = [
  {
    id: 'parse-limit',
    reason:
      'Our check does not parse a page of a shape micromark is super-linear on (mdx-skipped.ts: over 300 kB, 2,000 emphasis or link delimiters in a block, 400 characters of nesting, 20,000 `|`); it says so with `mdx-parse-limit` (a warning) instead of a verdict.',
    matches: (d) => d.skippedShape === true,
  },
  {
    id: 'import-path-without-extension-of-missing-file',
    reason:
      'An import of a path that names no file: the build warns "Could not find file"; ours is `missing-snippet` (an error), counted as the same verdict. Listed only when the two disagree on the kind of warning.',
    matches: () => false,
  },
];

export function classify(difference: Difference): DifferenceClass | undefined {
  return CLASSES.find((c) => c.matches(difference));
}
