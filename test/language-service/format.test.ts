// Formatting docs.json with the editor's indentation: the whole file, or a selection.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FormattingOptions, Range } from 'vscode-languageserver-types';
import { openSite, Site } from './helpers';

const UGLY = '{"navigation":{"pages":[ "intro",\n"guides/setup"   ]},\n  "name":"Acme"}';

function formatted(site: Site, options: FormattingOptions, range?: Range): string {
  const edits = site.service.format(site.project, site.uri, options, range);
  assert.ok(edits, 'edits');
  return site.apply({ changes: { [site.uri]: edits } })['docs.json'] ?? site.text;
}

test('the whole file is indented as the editor asks: spaces of its tab size, or tabs with a final newline', () => {
  const site = openSite(UGLY);
  assert.equal(formatted(site, { tabSize: 4, insertSpaces: true }), '{\n    "navigation": {\n        "pages": [\n            "intro",\n            "guides/setup"\n        ]\n    },\n    "name": "Acme"\n}');
  assert.equal(formatted(site, { tabSize: 2, insertSpaces: false, insertFinalNewline: true }), '{\n\t"navigation": {\n\t\t"pages": [\n\t\t\t"intro",\n\t\t\t"guides/setup"\n\t\t]\n\t},\n\t"name": "Acme"\n}\n');
});

test('a selection is formatted alone, the rest of the file left as it is', () => {
  const site = openSite(UGLY);
  const secondLine = { start: { line: 1, character: 0 }, end: { line: 1, character: 20 } };
  assert.equal(formatted(site, { tabSize: 2, insertSpaces: true }, secondLine), '{"navigation":{"pages":[ "intro",\n"guides/setup"\n]\n},\n  "name":"Acme"}');
});

test('a formatted file needs no edit; CRLF line ends are kept', () => {
  const site = openSite('{\r\n  "navigation": {\r\n    "pages": []\r\n  }\r\n}');
  assert.deepEqual(site.service.format(site.project, site.uri, { tabSize: 2, insertSpaces: true }), []);
  site.change('{"navigation":\r\n{"pages":[]}}');
  assert.equal(formatted(site, { tabSize: 2, insertSpaces: true, insertFinalNewline: true }), '{\r\n  "navigation": {\r\n    "pages": []\r\n  }\r\n}\r\n');
});

test('a JSON file that is not part of the docs.json model is not formatted', () => {
  const site = openSite('{ "navigation": { "pages": [] } }', { files: { 'other.json': '{"a":1}' } });
  assert.equal(site.service.format(site.project, site.uriOf('other.json'), { tabSize: 2, insertSpaces: true }), null);
});
