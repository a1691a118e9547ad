// Every rule has a page (docs/rules/<code>.md, generated from server/src/checker/rules/<rule>/<code>.md), and its
// examples say the truth: the flagged site gives the rule, the accepted one does not, through the whole check as
// `docs-json check --check-mdx` runs it (docs.json and every page), and the editor's orphan finding.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { RULES } from '../../server/src/checker';
import { ORPHAN_CODE } from '../../server/src/project/project-settings';
import { createLanguageService } from '../../server/src/language';
import { siteFindings } from '../helpers/site-findings';
import { tempRepo } from '../helpers/temp-repo';

const ROOT = path.resolve(__dirname, '../..');

interface RuleDoc {
  code: string;
  summary: string;
  checkedBy?: string;
  flagged: Record<string, string>;
  accepted: Record<string, string>;
}

interface RuleDocsModule {
  ruleDocs(root: string): RuleDoc[];
  readRuleDoc(root: string, code: string): RuleDoc;
  exampleFiles(markdown: string): Record<string, string>;
  EXAMPLE_DOCS_JSON: string;
  RULE_PAGES: string;
  RULES_FOLDER: string;
  ruleDocSource(code: string): string;
}

const load = (): Promise<RuleDocsModule> => import(pathToFileURL(path.join(ROOT, 'scripts/generate-rule-docs.mjs')).href);

/** The codes the check of an example site reports, and the orphan finding when a page is one. */
function codesOf(files: Record<string, string>, docsJson: string): Set<string> {
  const root = tempRepo({ 'docs.json': docsJson, ...files });
  const codes = new Set(siteFindings(root).map((line) => line.split(' ')[1]));
  const service = createLanguageService();
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  service.check(project);
  for (const diagnostics of service.orphanHints(project).values()) for (const d of diagnostics) codes.add(String(d.code));
  service.dispose();
  return codes;
}

test('rule pages: every code of RULES (and the orphan finding) has a source and a generated page, and no page is left for a code that is gone', async () => {
  const { RULE_PAGES, RULES_FOLDER, ruleDocSource } = await load();
  const codes = [...Object.keys(RULES), ORPHAN_CODE].sort();
  const named = (folder: string) => fs.readdirSync(path.join(ROOT, folder)).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort();
  // Each source in its rule's folder, and no other page in any rule's folder.
  for (const code of codes) assert.ok(fs.existsSync(path.join(ROOT, ruleDocSource(code))), ruleDocSource(code));
  const sources = fs.readdirSync(path.join(ROOT, RULES_FOLDER), { withFileTypes: true }).filter((e) => e.isDirectory()).flatMap((e) => named(`${RULES_FOLDER}/${e.name}`));
  assert.deepEqual(sources.sort(), codes);
  assert.deepEqual(named(RULE_PAGES), codes);
});

test("rule pages: each rule's flagged example gives the rule, and its accepted example does not", async () => {
  const { ruleDocs, EXAMPLE_DOCS_JSON } = await load();
  const wrong: string[] = [];
  for (const doc of ruleDocs(ROOT)) {
    assert.ok(Object.keys(doc.flagged).length > 0 && Object.keys(doc.accepted).length > 0, `${doc.code}: an example flagged and one accepted`);
    assert.ok(doc.summary.length <= 120, `${doc.code}: a summary of one line`);
    if (doc.checkedBy) {
      // Examples that need the network: the named test runs them against a loopback server.
      const test = path.join(ROOT, doc.checkedBy);
      assert.ok(fs.existsSync(test) && fs.readFileSync(test, 'utf8').includes(doc.code), `${doc.code}: ${doc.checkedBy} tests it`);
      continue;
    }
    if (!codesOf(doc.flagged, EXAMPLE_DOCS_JSON).has(doc.code)) wrong.push(`${doc.code}: the flagged example is not flagged`);
    if (codesOf(doc.accepted, EXAMPLE_DOCS_JSON).has(doc.code)) wrong.push(`${doc.code}: the accepted example is flagged`);
  }
  assert.deepEqual(wrong, []);
});

test('rule pages: an example is read from the fenced blocks that name a file, and a source without its sections is refused', async () => {
  const { exampleFiles, readRuleDoc } = await load();
  assert.deepEqual(exampleFiles('Text\n\n```json docs.json\n{}\n```\n\n```mdx guides/a.mdx\n## Title\n```\n\n```json\n{ "no": "file" }\n```\n'), {
    'docs.json': '{}\n',
    'guides/a.mdx': '## Title\n',
  });
  const root = tempRepo({ 'server/src/checker/rules/redirects/redirect-loop.md': '---\nsummary: One line.\n---\n\n## What it checks\n\nA thing.\n\n## Fix\n\nDo.\n' });
  assert.throws(() => readRuleDoc(root, 'redirect-loop'), /a rule's page has What it checks, Why, Flagged, Accepted, Fix/);
});
