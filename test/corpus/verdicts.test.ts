// Every finding `docs-json check` gives on the corpus sites (../shared/corpus with empty pages, ../shared/corpus-pages
// with their text), each with a reviewed verdict in verdicts/<site>.txt (`pages-<site>.txt` for the sites with page
// text): `finding | true`, or `finding | debatable | why`. No finding may be `false`, and none may go unreviewed.
// After the CLI's findings come the editor's orphan findings (`docsJson.orphan`: a page no navigation entry reaches).
// The made-up sites of sites/ (`fixture-<name>.txt`) hold each case of issue 23 once flagged and once accepted: an
// ignored folder, a site served under a sub-path, the link forms; and each cause of issue 35 (`platform-ids`: ids and
// pages as the platform makes them). Where a verdict differs from the platform's CLI, platform-differences.md says why.
import { strict as assert } from 'node:assert';
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

const sites: [string, () => string][] = [
  ...corpusFixtures().map((name): [string, () => string] => [`${name}.txt`, () => materializeFixture(name)]),
  ...corpusPageSites().map((name): [string, () => string] => [`pages-${name}.txt`, () => materializePagesSite(name)]),
  ...fs.readdirSync(FIXTURE_SITES).map((name): [string, () => string] => [`fixture-${name}.txt`, () => path.join(FIXTURE_SITES, name)]),
];

test('the verdicts are one per corpus site, and each is a known word, with a reason where debatable', () => {
  // Without ../shared only the made-up sites are checked (the corpus suites say so where they are skipped).
  const expected = fs.readdirSync(VERDICTS).filter((file) => (!NO_CORPUS || file.startsWith('fixture-')) && (!NO_CORPUS_PAGES || !file.startsWith('pages-')));
  assert.deepEqual(expected.sort(), sites.map(([file]) => file).sort());
  for (const [file] of sites) {
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
