// `docs-json check` reports unknown icons (issue 36) by default, in docs.json and in pages, as the editor does (the
// official MDX extension has no CLI: CI gets them from us only), and `--severity`-free runs stay quiet on known names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRepo as check } from '../helpers/cli-check';

const site = (groupIcon: string, cardIcon: string, library?: string) => ({
  'docs.json': { ...(library ? { icons: { library } } : {}), navigation: { groups: [{ group: 'Start', icon: groupIcon, pages: ['index'] }] } },
  'index.mdx': `# Home\n\n<Card title="SDK" icon="${cardIcon}">Python</Card>\n`,
});

test('check: unknown icons of docs.json and of a page are warnings, with the nearest name', () => {
  const { status, stdout } = check(site('rockett', 'python', 'lucide'), '--no-check-mdx');
  assert.equal(status, 0, stdout);
  assert.match(stdout, /docs\.json:\d+:\d+\s+warning\s+unknown-icon\s+'rockett' is not a Lucide icon .*did you mean 'rocket'\?/);
  assert.match(stdout, /index\.mdx:3:\d+\s+warning\s+unknown-icon\s+'python' is not a Lucide icon/);
});

test('check: known names of the site library give no icon finding', () => {
  assert.doesNotMatch(check(site('rocket', 'python'), '--no-check-mdx').stdout, /unknown-icon/);
  assert.doesNotMatch(check(site('rocket', 'code', 'lucide'), '--no-check-mdx').stdout, /unknown-icon/);
});
