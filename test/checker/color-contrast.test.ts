// The theme colors against the page backgrounds (issue 26, `mint a11y`): WCAG 2 ratios, the backgrounds, the findings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contrastPairs, contrastRatio, parseHexColor, siteBackgrounds } from '../../server/src/checker/rules/color-contrast/rule';
import { makeSourceFile, parseJson } from '../../server/src/checker';
import { checkRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';

const ratio = (a: string, b: string) => contrastRatio(parseHexColor(a)!, parseHexColor(b)!);
const site = (settings: Record<string, unknown>) => checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, navigation: { pages: ['a'] }, ...settings }, 'a.mdx': '' });
const rootOf = (json: unknown) => parseJson(makeSourceFile('/x/docs.json', JSON.stringify(json))).root;

test('WCAG 2 contrast ratios, as published: #777777 on white 4.48:1 (fails AA), #767676 4.54:1, black on white 21:1', () => {
  assert.equal(ratio('#777777', '#ffffff').toFixed(2), '4.48');
  assert.equal(ratio('#767676', '#FFFFFF').toFixed(2), '4.54');
  assert.equal(ratio('#000', '#fff'), 21);
  assert.equal(ratio('#fff', '#000'), 21, 'symmetric');
  assert.equal(ratio('#abc', '#aabbcc'), 1);
  // The figures `mint a11y` printed for corpus sites (@mintlify/cli 4.0.1552).
  assert.equal(ratio('#0891B2', '#ffffff').toFixed(2), '3.68');
  assert.equal(ratio('#29abe2', '#ffffff').toFixed(2), '2.62');
  assert.equal(parseHexColor('red'), undefined);
  assert.equal(parseHexColor('#12345678'), undefined);
});

test('backgrounds as `mint a11y` takes them: white and #09090b tinted 2% with colors.light, linden tints 3%, background.color wins', () => {
  const hexes = (json: unknown) => siteBackgrounds(rootOf(json)).map((b) => `${b.name} #${b.rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);
  assert.deepEqual(hexes({ theme: 'mint', colors: { primary: '#000' } }), ['light #ffffff', 'dark #0a0d0d'], 'colors.light defaults to #4ADE80');
  assert.deepEqual(hexes({ theme: 'maple', colors: { primary: '#000', light: '#ffffff' } }), ['light #ffffff', 'dark #0e0e10']);
  assert.deepEqual(hexes({ theme: 'linden', colors: { primary: '#0000ff', light: '#ffffff' } }), ['light #f7f7ff', 'dark #101012']);
  assert.deepEqual(hexes({ theme: 'mint', colors: { primary: '#000' }, background: { color: { light: '#fafafa', dark: '#111111' } } }), ['light #fafafa', 'dark #111111']);
});

test('flagged where WCAG AA fails: primary on light and light on dark under 4.5:1, dark on either under 3:1, anchors under 4.5:1', () => {
  const findings = site({
    colors: { primary: '#777777', light: '#333333', dark: '#555555' },
    navigation: { pages: ['a'], global: { anchors: [{ anchor: 'Blog', href: 'https://b.example.com', color: { light: '#bbbbbb', dark: '#0B7D62' } }] } },
  });
  assert.deepEqual(
    findings.map((f) => [f.code, f.text]),
    [
      ['color-contrast', '"#777777"'],
      ['color-contrast', '"#333333"'],
      ['color-contrast', '"#555555"'],
      ['color-contrast', '"#bbbbbb"'],
      ['color-contrast', '"#0B7D62"'],
    ],
  );
  assert.equal(findings[0].message, 'Low contrast: `colors.primary` #777777 has 4.48:1 against the light background #ffffff; WCAG AA needs 4.5:1 for text');
  assert.equal(findings[2].message, 'Low contrast: `colors.dark` #555555 has 2.65:1 against the dark background #0a0a0c; WCAG AA needs 3:1 for large text and interface parts');
  assert.match(findings[3].message, /^Low contrast: `navigation\.global\.anchors\[0\]\.color\.light` #bbbbbb has 1\.92:1 against the light background/);
  assert.equal(findings[0].severity, 'warning');
});

test('accepted: AA met (4.5:1, or 3:1 for colors.dark), a color that is no hex (another rule reports it), no colors.light/dark', () => {
  assert.deepEqual(site({ colors: { primary: '#767676', light: '#cccccc', dark: '#808080' } }), []);
  assert.deepEqual(site({ colors: { primary: '#0B7D62' } }), []);
  assert.deepEqual(site({ colors: { primary: '#000', light: '#000' }, background: { color: { dark: '#ffffff' } } }), [], 'a light dark background');
  assert.deepEqual(site({ colors: { primary: 'red' } }).map((f) => f.code), ['invalid-value']);
  assert.deepEqual(contrastPairs(rootOf({ colors: { primary: '#000' }, background: { color: { light: 'white' } } })).map((p) => p.label), [], 'no background to compare with');
});
