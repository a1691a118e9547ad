// SARIF rules carry their page's text (issue 47): shortDescription (the summary), fullDescription (what it checks)
// and help (why, fix), which code scanning shows beside an alert; helpUri only where the pages are public (the
// config's rulePagesUrl, or the release's repository in package.json's homepage), never a file: URI of the machine
// that ran the check.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { RULES } from '../../server/src/checker';
import { makeDocsRepo } from '../helpers/docs-repo';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin', 'docs-json.js');

interface SarifRule {
  id: string;
  helpUri?: string;
  shortDescription?: { text: string };
  fullDescription?: { text: string };
  help?: { text: string; markdown: string };
}

function rules(root: string): SarifRule[] {
  const result = spawnSync(process.execPath, [BIN, 'check', root, '--format', 'sarif', '--no-check-mdx'], { encoding: 'utf8' });
  assert.equal(result.status, 1, result.stderr);
  return JSON.parse(result.stdout).runs[0].tool.driver.rules;
}

const site = () => makeDocsRepo({ 'docs.json': { navigation: { pages: ['gone'] } } });

test('every rule has its page\'s summary, what it checks, and why and the fix; no helpUri without a public URL', () => {
  const found = rules(site());
  assert.deepEqual(found.map((r) => r.id), Object.keys(RULES));
  for (const rule of found) {
    assert.equal(rule.helpUri, undefined, `${rule.id}: no file: URI`);
    assert.ok(rule.shortDescription!.text.length > 10 && !rule.shortDescription!.text.includes('\n'), rule.id);
    assert.ok(rule.fullDescription!.text.length > rule.shortDescription!.text.length / 2, rule.id);
    assert.match(rule.help!.markdown, /\*\*Fix\.\*\* /, rule.id);
    // Links to the package's other pages resolve nowhere in a report: their text stays, their target goes.
    assert.doesNotMatch(rule.help!.markdown, /\]\((?!https:)/, rule.id);
    assert.doesNotMatch(rule.help!.text, /\]\(|\*\*/, rule.id);
  }
  const summary = fs.readFileSync(path.join(REPO, 'server/src/checker/rules/page-links/broken-link.md'), 'utf8').match(/^summary: (.+)$/m)![1];
  assert.equal(found.find((r) => r.id === 'broken-link')!.shortDescription!.text, summary);
});

test('the config\'s rulePagesUrl gives each rule a public helpUri, {code} standing for the rule', () => {
  const root = site();
  fs.writeFileSync(path.join(root, 'docs-json.config.json'), JSON.stringify({ rulePagesUrl: 'https://docs.example.com/lint/{code}.html' }));
  const found = rules(root);
  for (const rule of found) assert.equal(rule.helpUri, `https://docs.example.com/lint/${rule.id}.html`);
});
