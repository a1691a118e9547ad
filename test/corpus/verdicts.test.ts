// Every finding `docs-json check` gives on the corpus sites (../shared/corpus with empty pages, ../shared/corpus-pages
// with their text), each with a reviewed verdict in verdicts/<site>.txt (`pages-<site>.txt` for the sites with page
// text): `finding | true`, or `finding | debatable | why`. No finding may be `false`, and none may go unreviewed.
// After the CLI's findings come the editor's orphan findings (`docsJson.orphan`: a page no navigation entry reaches).
// The made-up sites of sites/ (`fixture-<name>.txt`) hold each case of issue 23 once flagged and once accepted: an
// ignored folder, a site served under a sub-path, the link forms; and each cause of issue 35 (`platform-ids`: ids and
// pages as the platform makes them). Where a verdict differs from the platform's CLI, platform-differences.md says why.
// The multilingual sites fetched whole with their git history (`fetched-<site>.txt`, issue 51): only the findings of
// translation-structure and translation-outdated, which need the pages' text and their commits; see FETCHED_SITES.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { corpusFixtures, corpusPageSites, materializeFixture, materializePagesSite, NO_CORPUS, NO_CORPUS_PAGES } from '../helpers/corpus';
import { orphanFindings, siteFindings } from '../helpers/site-findings';

const VERDICTS = path.join(__dirname, 'verdicts');
export const FIXTURE_SITES = path.join(__dirname, 'sites');
const WORDS = new Set(['true', 'debatable', 'false']);

interface Verdict {
  finding: string;
  verdict: string;
  reason?: string;
}

function readVerdicts(file: string): Verdict[] {
  return fs
    .readFileSync(path.join(VERDICTS, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [finding, verdict, reason] = line.split(' | ');
      return { finding, verdict, reason };
    });
}

/**
 * The fetched multilingual sites and the commit their verdicts are of. Not in ../shared (the corpus has their
 * docs.json and empty pages): DOCS_JSON_FETCHED_SITES names a folder holding a clone of each (`<owner>__<name>`,
 * e.g. `git clone https://github.com/langgenius/dify-docs langgenius__dify-docs && git -C … checkout 9d8344e72dff…`).
 * Unset, their tests are skipped and say so; set, a missing clone or one at another commit fails.
 */
const FETCHED: Record<string, string> = {
  'box__box-mintlify': '9d5533162121b36067bd167d218cb0bad209f6be',
  'langgenius__dify-docs': '9d8344e72dffb71993ba9874ec762bb5d456ad0f',
};
const FETCHED_SITES = process.env.DOCS_JSON_FETCHED_SITES;
const FETCHED_CODES = new Set(['translation-structure', 'translation-outdated']);

const sites: [string, () => string][] = [
  ...corpusFixtures().map((name): [string, () => string] => [`${name}.txt`, () => materializeFixture(name)]),
  ...corpusPageSites().map((name): [string, () => string] => [`pages-${name}.txt`, () => materializePagesSite(name)]),
  ...fs.readdirSync(FIXTURE_SITES).map((name): [string, () => string] => [`fixture-${name}.txt`, () => path.join(FIXTURE_SITES, name)]),
];

test('the verdicts are one per corpus site, and each is a known word, with a reason where debatable', () => {
  // Without ../shared only the made-up sites are checked (the corpus suites say so where they are skipped).
  const files = fs.readdirSync(VERDICTS);
  const expected = files.filter((file) => !file.startsWith('fetched-') && (!NO_CORPUS || file.startsWith('fixture-')) && (!NO_CORPUS_PAGES || !file.startsWith('pages-')));
  assert.deepEqual(expected.sort(), sites.map(([file]) => file).sort());
  // The fetched sites' verdicts are read whether or not their clones are here.
  const fetched = Object.keys(FETCHED).map((name) => `fetched-${name}.txt`);
  assert.deepEqual(files.filter((file) => file.startsWith('fetched-')).sort(), fetched);
  for (const file of [...sites.map(([file]) => file), ...fetched]) {
    for (const { finding, verdict, reason } of readVerdicts(file)) {
      assert.ok(WORDS.has(verdict), `${file}: '${verdict}' is no verdict (${finding})`);
      if (verdict === 'debatable') assert.ok(reason, `${file}: a debatable finding says why (${finding})`);
    }
  }
});

for (const [file, materialize] of sites) {
  test(`corpus verdicts ${file}: every finding is reviewed, none is false`, () => {
    const verdicts = readVerdicts(file);
    const root = materialize();
    // The CLI's findings, then the editor's orphan findings (docsJson.orphan, which the CLI does not list).
    const findings = [...siteFindings(root), ...orphanFindings(root)];
    assert.deepEqual(findings, verdicts.map((v) => v.finding), 'the findings are the reviewed ones, in the order the CLI lists them, then the orphans');
    assert.deepEqual(verdicts.filter((v) => v.verdict === 'false').map((v) => v.finding), []);
  });
}

for (const [name, commit] of Object.entries(FETCHED)) {
  const file = `fetched-${name}.txt`;
  const skip = FETCHED_SITES ? false : `DOCS_JSON_FETCHED_SITES not set: ${file} (issue 51's translation findings) not checked`;
  test(`corpus verdicts ${file}: every translation finding is reviewed, none is false`, { skip }, () => {
    const root = path.join(FETCHED_SITES!, name);
    assert.ok(fs.existsSync(path.join(root, 'docs.json')), `${root}: no clone of ${name} (its docs.json) in DOCS_JSON_FETCHED_SITES`);
    const head = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    assert.equal(head, commit, `${root} is at ${head}; the verdicts are of ${commit} (git checkout ${commit})`);
    const verdicts = readVerdicts(file);
    const findings = siteFindings(root).filter((line) => FETCHED_CODES.has(line.split(' ')[1]));
    assert.deepEqual(findings, verdicts.map((v) => v.finding), 'the translation findings are the reviewed ones, in the order the CLI lists them');
    assert.deepEqual(verdicts.filter((v) => v.verdict === 'false').map((v) => v.finding), []);
  });
}
