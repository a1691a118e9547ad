// Color swatches on the hex colors of docs.json, and how a picked color is written back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openSite } from './helpers';

test('document colors: hex values of colors, background.color and banner.color, 3 or 6 digits; nothing else', () => {
  const site = openSite(
    '{ "theme": "mint", "name": "N", "colors": { "primary": "#0D9373", "light": "#fff", "dark": "red" }, "background": { "color": { "dark": "#000000" } }, "banner": { "content": "x", "color": { "light": "#FF0000" } }, "description": "#123456", "navigation": { "pages": [] } }',
  );
  const colors = site.service.documentColors(site.project, site.uri)!;
  assert.deepEqual(colors.map((c) => c.range), [site.rangeOf('"#0D9373"'), site.rangeOf('"#fff"'), site.rangeOf('"#000000"'), site.rangeOf('"#FF0000"')]);
  assert.deepEqual(colors[0].color, { red: 13 / 255, green: 147 / 255, blue: 115 / 255, alpha: 1 });
  assert.deepEqual(colors[1].color, { red: 1, green: 1, blue: 1, alpha: 1 });
});

test('color presentation: #RRGGBB in quotes, no alpha (the platform refuses it)', () => {
  const site = openSite('{ "colors": { "primary": "#0D9373" }, "navigation": { "pages": [] } }');
  const range = site.rangeOf('"#0D9373"');
  const [presentation] = site.service.colorPresentations({ red: 1, green: 0.5, blue: 0, alpha: 0.4 }, range);
  assert.equal(presentation.label, '#FF8000');
  assert.deepEqual(presentation.textEdit, { range, newText: '"#FF8000"' });
});
