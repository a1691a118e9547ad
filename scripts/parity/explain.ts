// Every known class of difference between the platform's verdicts and ours, with why. A difference no class
// explains is new: the harness reports it, and `--check` fails on it.

export interface Difference {
  section: 'corpus pages' | 'page mutations' | 'imports' | 'corpus configs' | 'config mutations';
  /** `miss`: the platform refuses or warns, we say nothing; `extra`: the reverse. */
  kind: 'miss' | 'extra';
  file: string;
  what: string;
  platform: string;
  ours: string;
  /** Set when our parse skipped the page for its shape (mdx-skipped.ts). */
  skippedShape?: boolean;
  /** Imports only: the kinds of warning each side gives on the page (`default`, `export`, `unresolved`, ...). */
  platformKinds?: string[];
  ourKinds?: string[];
  /** Configs only: the codes of our new errors the comparison counts, and of those of the rules that read the folder (left out of it). */
  ourCodes?: string[];
  folderCodes?: string[];
}

/** The platform's kinds the page has and ours does not, when ours has none the platform lacks. */
function onlyMissing(d: Difference): string[] | undefined {
  if (d.kind !== 'miss' || !d.platformKinds || !d.ourKinds) return undefined;
  if (d.ourKinds.some((k) => !d.platformKinds!.includes(k))) return undefined;
  return d.platformKinds.filter((k) => !d.ourKinds!.includes(k));
}

const CONFIG_SECTIONS: Difference['section'][] = ['corpus configs', 'config mutations'];

/** Configs: every code of our new errors the comparison counts is `code`. */
function onlyOurs(d: Difference, code: string): boolean {
  return CONFIG_SECTIONS.includes(d.section) && d.kind === 'extra' && !!d.ourCodes?.length && d.ourCodes.every((c) => c === code);
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
  {
    id: 'renamed-import-mutates-the-snippet',
    reason:
      "A platform bug, order-dependent: its build parses each snippet once and shares the tree across every page; `findExport` (@mintlify/common, resolveImport/findExport.js) renames the declaration in that shared tree when a page imports `{ Beta as B }`, so every later page's import of `Beta` (renamed or not) fails with \"Could not find export Beta in snippet\". The first page that imports it resolves, so which pages fail depends on the build's order; the snippet does export the name, and our check does not flag it. Explained when every \"Could not find export X\" of the page names an `X` the page imports as `{ X as … }` and that is all we miss.",
    matches: (d) => {
      const missing = onlyMissing(d);
      if (!missing || missing.join() !== 'export') return false;
      const names = [...d.platform.matchAll(/Could not find export (\w+) in snippet/g)].map((m) => m[1]);
      return names.length > 0 && names.every((name) => new RegExp(`\\{\\s*${name}\\s+as\\s`).test(d.what));
    },
  },
  {
    id: 'two-default-exports-collide',
    reason:
      'The build inlines a default-imported snippet and reinserts the snippet\'s own exports into the page; when a page default-imports two snippets that each `export default` something different, the two `default` declarations collide and the build warns `export-collision` ("the first one is kept"). Not yet a check of ours (a candidate code of the snippet-imports rule); explained when that warning is all we miss and the page has two default imports.',
    matches: (d) => {
      const missing = onlyMissing(d);
      if (!missing || missing.join() !== 'export-collision') return false;
      return (d.what.match(/import \w+(?:,\s*\{[^}]*\})? from /g) ?? []).length >= 2;
    },
  },
  {
    id: 'spec-one-child-type',
    reason:
      'SPEC.md, navigation rule 11: "Each navigation element contains only one type of child element at each level" (not a tab holding both anchors and groups). The validator takes an element that holds both `pages` and `groups` (a live corpus site, browserbase__stagehand, writes it; the platform renders both); SPEC is explicit, and SPEC wins: ours is `mixed-children`, an error. Explained when that is every error of ours the validator does not share.',
    matches: (d) => onlyOurs(d, 'mixed-children'),
  },
  {
    id: 'a-folder-rule-catches-it',
    reason:
      "The validator refuses a value our comparison counts nothing on, but one of our rules that read the docs folder does flag it as an error (`missing-openapi` on an empty `api.openapi`, which the validator refuses for its length: we say the file '' is not in the folder). Those rules are left out of the comparison, as the validator does not read the folder and a path it takes may still name nothing; here they give the same verdict. Explained when we count nothing and the folder's rules give a new error.",
    matches: (d) => CONFIG_SECTIONS.includes(d.section) && d.kind === 'miss' && !d.ourCodes?.length && !!d.folderCodes?.length,
  },
];

export function classify(difference: Difference): DifferenceClass | undefined {
  return CLASSES.find((c) => c.matches(difference));
}
