// Every quick fix of an unknown icon (issue 36) is safe: on a made-up site per icon library, with icons in docs.json
// (a name, an icon object, navbar and anchors) and in pages (attributes and front matter), each fix applied alone
// removes its finding, adds none anywhere, and changes a page only inside the finding.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FixSafetyReport, FixSafetySite } from '../helpers/fix-safety';
import { tempRepo } from '../helpers/temp-repo';

const PAGE = [
  '---',
  'title: Guide',
  'icon: "fa-house"',
  '---',
  '',
  '<Card title="A" icon="bolt-lightningg">A</Card>',
  "<Icon icon={'flagg'} />",
  '<Step title="B" icon="Rockett">B</Step>',
  '',
].join('\n');

function iconSite(library: string | undefined): string {
  return tempRepo({
    'docs.json': {
      ...(library ? { icons: { library } } : {}),
      navbar: { links: [{ label: 'Blog', href: 'https://example.com', icon: 'rockett' }] },
      navigation: {
        anchors: [{ anchor: 'Guides', icon: { name: 'flagg', library: library ?? 'fontawesome' }, groups: [{ group: 'Start', icon: 'bookk', pages: ['guide'] }] }],
      },
    },
    'guide.mdx': PAGE,
  });
}

for (const library of [undefined, 'lucide', 'tabler']) {
  test(`every quick fix of an unknown icon is safe (${library ?? 'Font Awesome by default'})`, () => {
    const report: FixSafetyReport = { findings: 0, fixes: 0, failures: [] };
    new FixSafetySite(`icons ${library ?? 'default'}`, iconSite(library), undefined, true).run(report, Infinity, (_file, d) => d.code === 'unknown-icon');
    assert.deepEqual(report.failures, []);
    assert.ok(report.findings >= 6, `only ${report.findings} icon findings`);
    assert.ok(report.fixes >= 5, `only ${report.fixes} fixes tried`);
  });
}
