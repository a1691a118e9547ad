// `docsJson.components` (issue 36): `auto` checks components unless the official MDX extension is installed (the
// client says so in its initialization options), `on` always, `off` never; `off` skips the check, not only hides it.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { normalizeSettings } from '../../server/src/lsp/settings';
import { DEFAULT_SETTINGS } from '../../server/src/project/project-settings';
import { openSite } from './helpers';

test('the setting as the server reads it: auto is off beside the official extension, on and off as written', () => {
  assert.equal(normalizeSettings({}).components, 'auto');
  assert.equal(normalizeSettings({}, true).components, 'off');
  assert.equal(normalizeSettings({ components: 'on' }, true).components, 'on');
  assert.equal(normalizeSettings({ components: 'off' }).components, 'off');
  assert.equal(normalizeSettings({ components: 'sometimes' }).components, 'auto', 'a malformed value falls back to the default');
});

test('components off: the component rules are not run; auto and on run them', () => {
  const page = '---\ntitle: A\n---\n\n<Carrd title="A" />\n<Card titel="B" />\n<Badge color="purplee">x</Badge>\n<Tabs>\n<Tab>x</Tab>\n</Tabs>\n';
  const site = openSite('{ "navigation": { "pages": ["a"] } }', { files: { 'a.mdx': page } });
  const made = () => site.project.pageLinks.check('a.mdx', site.project.model()).map((d) => d.code).sort();
  const all = ['invalid-prop-value', 'missing-prop', 'unknown-component', 'unknown-prop'];
  assert.deepEqual(made(), all);
  site.service.configure(site.project, { ...DEFAULT_SETTINGS, components: 'off' });
  assert.deepEqual(made(), []);
  site.service.configure(site.project, { ...DEFAULT_SETTINGS, components: 'on' });
  assert.deepEqual(made(), all);
});
