// Every quick fix is safe (issue 23): on every corpus site, examples/broken and seeded faults, each fix offered for a
// finding of docs.json, applied alone, removes it, adds no finding, keeps valid JSON valid and keeps the layout.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { SeededRandom } from '../../bench/seeded-random';
import { corpusFixtures, materializeFixture, NO_CORPUS } from '../helpers/corpus';
import { FixSafetyReport, FixSafetySite } from '../helpers/fix-safety';
import { mutate } from '../helpers/fuzz-mutations';
import { tempDir } from '../helpers/temp-dir';

const SEED = 23;
/** Seeded faults tried, and the findings tried in each (a fault may bring hundreds of findings alike). */
const FAULTS = 30;
const FINDINGS_PER_FAULT = 6;
/** Mutations that keep a docs.json worth fixing (huge strings and deep nesting are the fuzz tests' business). */
const FAULT_MUTATIONS = ['swap-type', 'rename-key', 'copy-subtree', 'hostile-path', 'inject-openapi', 'delete-token', 'duplicate-token', 'truncate'];

const EXAMPLES_BROKEN = path.resolve(__dirname, '../../examples/broken');
const FIXTURE_SITES = path.resolve(__dirname, '../corpus/sites');

function summary(report: FixSafetyReport): string {
  return report.failures.map((f) => `${f.site}: ${f.finding}\n  fix "${f.fix}": ${f.problem}`).join('\n');
}

test('every quick fix on examples/broken removes its finding and adds none', () => {
  const root = tempDir('fix-safety-broken-');
  fs.cpSync(EXAMPLES_BROKEN, root, { recursive: true });
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  new FixSafetySite('examples/broken', root).run(report);
  assert.ok(report.fixes >= 10, `only ${report.fixes} fixes tried`);
  assert.equal(summary(report), '');
});

test("every quick fix on the made-up sites' docs.json (issue 35: a menu item's root) removes its finding and adds none", () => {
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  for (const name of fs.readdirSync(FIXTURE_SITES)) {
    const root = tempDir(`fix-safety-${name}-`);
    fs.cpSync(path.join(FIXTURE_SITES, name), root, { recursive: true });
    new FixSafetySite(`made-up ${name}`, root).run(report);
  }
  assert.ok(report.fixes >= 1, `only ${report.fixes} fixes tried`);
  assert.equal(summary(report), '');
});

test('every quick fix on the corpus sites removes its finding and adds none', { skip: NO_CORPUS }, () => {
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  for (const name of corpusFixtures()) new FixSafetySite(name, materializeFixture(name)).run(report);
  assert.ok(report.fixes >= 1, `only ${report.fixes} fixes tried`);
  assert.equal(summary(report), '');
});

test(`every quick fix on ${FAULTS} seeded faults of the corpus (seed ${SEED}) removes its finding and adds none`, { skip: NO_CORPUS }, (t) => {
  const random = new SeededRandom(SEED);
  const sites = new Map<string, FixSafetySite>();
  const names = corpusFixtures();
  const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
  for (let i = 0; i < FAULTS; i++) {
    const name = random.pick(names);
    let site = sites.get(name);
    if (!site) sites.set(name, (site = new FixSafetySite(name, materializeFixture(name))));
    const original = fs.readFileSync(path.join(site.root, 'docs.json'), 'utf8');
    const fault = mutate(original, random, { siblingFiles: [] }, FAULT_MUTATIONS);
    site.setDocsJson(fault.text);
    const failures = report.failures.length;
    site.run(report, FINDINGS_PER_FAULT);
    for (const failure of report.failures.slice(failures)) failure.site = `${name} fault ${i} (${fault.applied.join(', ')})`;
    site.setDocsJson(original);
  }
  t.diagnostic(`${report.findings} findings, ${report.fixes} fixes`);
  assert.ok(report.fixes >= FAULTS, `only ${report.fixes} fixes tried`);
  assert.equal(summary(report), '');
});
