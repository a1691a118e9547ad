// Front matter of pages (issue 26): read with positions, YAML the platform refuses, documented keys' types and values.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { test } from 'node:test';
import * as jsYaml from 'js-yaml';
import * as yaml from 'yaml';
import { makeSourceFile } from '../../server/src/checker';
import { readFrontMatterEntries } from '../../server/src/checker/pages/front-matter';
import { checkFrontMatter } from '../../server/src/checker/rules/front-matter/rule';
import { openSite } from '../language-service/helpers';

/** The findings of a page's front matter, as `code line:col 'flagged text'`. */
function findings(page: string): string[] {
  const file = makeSourceFile('/docs/page.mdx', page);
  const frontMatter = readFrontMatterEntries(page);
  if (!frontMatter) return [];
  return checkFrontMatter(() => file, frontMatter).map((d) => {
    const at = file.lines.positionAt(d.offset);
    return `${d.code} ${at.line}:${at.character} '${page.slice(d.offset, d.offset + d.length)}'`;
  });
}

const page = (...lines: string[]) => ['---', ...lines, '---', '', '# Body'].join('\n');

test('documented keys of the right types are accepted; unknown keys are the site’s own metadata', () => {
  assert.deepEqual(
    findings(
      page(
        'title: "Quickstart"',
        "description: 'It''s quick'",
        'sidebarTitle: Start',
        'icon: rocket',
        'iconType: duotone',
        'tag: NEW',
        'hidden: false',
        'noindex: true',
        'mode: wide',
        'url: https://example.com',
        'api: "GET https://api.example.com/users/{id}"',
        'openapi: post /rerank',
        'keywords: ["setup", start]',
        'og:title: Something',
        'rss: true',
        'custom: { any: [1, 2] }',
        'title2: 404',
        '# a comment',
      ),
    ),
    [],
  );
  // A title written as a number shows as written; an empty value is no value.
  assert.deepEqual(findings(page('title: 404', 'description:', 'mode:')), []);
  assert.deepEqual(findings('no front matter\n---\ntitle: [\n---\n'), []);
});

test('wrong types and values are flagged on the value, with the nearest allowed value', () => {
  assert.deepEqual(
    findings(
      page(
        'title: true',
        'sidebarTitle: [a, b]',
        'hidden: "yes"',
        'noindex: 1',
        'mode: wde',
        'iconType: bold',
        'keywords: setup',
        'api: "/users"',
        'tag:',
        '  text: New',
      ),
    ),
    [
      "front-matter-value 1:7 'true'",
      "front-matter-value 2:14 '[a, b]'",
      `front-matter-value 3:8 '"yes"'`,
      "front-matter-value 4:9 '1'",
      "front-matter-value 5:6 'wde'",
      "front-matter-value 6:10 'bold'",
      "front-matter-value 7:10 'setup'",
      `front-matter-value 8:5 '"/users"'`,
      "front-matter-value 10:2 'text: New'",
    ],
  );
  const file = makeSourceFile('/p.mdx', page('mode: wde'));
  const [d] = checkFrontMatter(() => file, readFrontMatterEntries(file.text)!);
  assert.equal(d.severity, 'warning');
  assert.equal(d.message, "`mode`: expected one of 'default', 'wide', 'custom', 'frame', 'center', got the string 'wde'. Did you mean 'wide'?");
  assert.equal(d.data?.suggestion, 'wide');
});

test('a boolean written as the string "true" works as meant and is accepted; "false" as a string is flagged', () => {
  // Three live Portkey pages write `noindex: "true"`.
  assert.deepEqual(findings(page('noindex: "true"', 'hidden: "false"')), [`front-matter-value 2:8 '"false"'`]);
});

test('YAML the platform refuses is an error at its position; YAML only the strict parser refuses is read as the platform reads it', () => {
  const unclosed = findings(page('title: "Unclosed', 'description: x'));
  assert.equal(unclosed.length, 1);
  assert.match(unclosed[0], /^front-matter-syntax /);
  assert.deepEqual(findings(page('title: a', 'title: b')).map((f) => f.split(' ')[0]), ['front-matter-syntax']);
  assert.deepEqual(findings(page('title: [a', 'mode: wide')).map((f) => f.split(' ')[0]), ['front-matter-syntax']);
  // A quoted value over lines at the key's indentation: `yaml` refuses it, the platform's js-yaml reads it (polar).
  const lenient = page('title: "Handle webhooks"', 'description: "How to parse them', 'on Polar"', 'mode: wde');
  assert.deepEqual(findings(lenient), ["front-matter-value 4:6 'wde'"]);
  const file = makeSourceFile('/p.mdx', page('title: "Unclosed', 'description: x'));
  const [d] = checkFrontMatter(() => file, readFrontMatterEntries(file.text)!);
  assert.equal(d.severity, 'error');
  assert.match(d.message, /^Front matter is not valid YAML: /);
});

test('a front matter that is not a map is flagged; an empty one is not', () => {
  assert.deepEqual(findings(page('- a', '- b')), ["front-matter-syntax 1:0 '- a\n- b'"]);
  assert.deepEqual(findings('---\n---\n# x'), []);
  assert.deepEqual(findings(page('# only a comment')), []);
});

test('the line reader and the yaml library read the same values at the same places', () => {
  const lines = ['title: "A \\"quoted\\" title"', "description: 'single'' quote'", 'icon: plain text here # comment', 'hidden: True', 'tag: ~', 'og:title: x', '"og:image": "/images/og.png"', "'twitter:card':  summary"];
  const text = page(...lines);
  const quick = readFrontMatterEntries(text)!.entries;
  // The same block with a line the line reader does not read (a block list) goes through the yaml library.
  const slow = readFrontMatterEntries(page(...lines, 'keywords:', '  - a'))!.entries.slice(0, -1);
  assert.deepEqual(quick, slow);
  assert.deepEqual(
    quick.map((e) => e.value),
    Object.values(yaml.parse(lines.join('\n'))),
  );
});

test('a quoted value over lines is read by the line reader, folded as the platform (js-yaml) folds it', () => {
  const blocks = [
    ['description: "How to parse them', 'on Polar"', 'mode: wide'],
    ['description: "Indented', '  continuation  ', '  here"'],
    ['description: "Blank lines', '', '   ', '', 'between"'],
    ['description: "Closing quote on the next line', '"'],
    ['description: "Trailing blanks   ', '   kept at the end  "', 'title: x'],
    ['description: "  leading blanks kept', 'b" # a comment after it'],
    ['description: "Tabs\t', '\tfolded"'],
    ['title: T', 'description: "A [link](https://example.com/a#b) and: colons,', "it's fine\""],
  ];
  for (const lines of blocks) {
    for (const eol of ['\n', '\r\n']) {
      const text = page(...lines).replace(/\n/g, eol);
      const read = readFrontMatterEntries(text)!;
      const body = text.slice(read.bodyStart, read.bodyEnd);
      const platform = jsYaml.safeLoad(body.trim()) as Record<string, unknown>;
      assert.deepEqual(Object.fromEntries(read.entries.map((e) => [e.key, e.value])), platform, JSON.stringify(text));
      assert.equal(read.error, undefined);
      // The value's place ends at its closing quote: the line reader's, not the YAML libraries' (the lenient reader
      // ends it at the key's line).
      const description = read.entries.find((e) => e.key === 'description')!;
      assert.ok(text.slice(description.valueStart, description.valueEnd).startsWith('"'));
      assert.ok(text.slice(description.valueStart, description.valueEnd).endsWith('"'), JSON.stringify(text.slice(description.valueStart, description.valueEnd)));
    }
  }
  // What the line reader leaves to the libraries: an escape, a document marker, text after the closing quote.
  for (const lines of [['description: "a \\', 'b"'], ['description: "a', '... b"'], ['description: "a', 'b" x']]) {
    const text = page(...lines);
    const read = readFrontMatterEntries(text)!;
    let platform: unknown;
    try {
      platform = jsYaml.safeLoad(text.slice(read.bodyStart, read.bodyEnd).trim());
    } catch {
      platform = undefined;
    }
    if (platform === undefined) assert.ok(read.error, JSON.stringify(text));
    else assert.deepEqual(Object.fromEntries(read.entries.map((e) => [e.key, e.value])), platform);
  }
});

test('through the language service: front matter findings are page findings, and their severity is configurable', () => {
  const site = openSite('{ "navigation": { "pages": ["a"] } }', { files: { 'a.mdx': page('mode: wde') }, settings: { severity: { 'front-matter-value': 'error' } } });
  const byFile = site.service.checkPages(site.project).byFile;
  const found = byFile.get(path.join(site.root, 'a.mdx'))!;
  assert.deepEqual(
    found.map((d) => [d.code, d.severity]),
    [['front-matter-value', 1]],
  );
});
