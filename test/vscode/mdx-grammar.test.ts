// The .mdx grammar the extension contributes (media/mdx.tmLanguage.json), tokenized by vscode-textmate and
// Oniguruma as VS Code does: the scopes themes colour for headings, links, JSX tags and front matter.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, IGrammar, parseRawGrammar, Registry } from 'vscode-textmate';

const root = resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const contribution = manifest.contributes.grammars.find((grammar: { language: string }) => grammar.language === 'mdx');

async function loadGrammar(): Promise<IGrammar> {
  const wasm = readFileSync(join(root, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner: (sources) => new oniguruma.OnigScanner(sources), createOnigString: (text) => new oniguruma.OnigString(text) }),
    // The grammars it embeds (source.yaml, source.tsx) are VS Code's own: absent here, the fallback patterns show.
    loadGrammar: async (scopeName) => (scopeName === contribution.scopeName ? parseRawGrammar(readFileSync(join(root, contribution.path), 'utf8'), contribution.path) : null),
  });
  const grammar = await registry.loadGrammar(contribution.scopeName);
  assert.ok(grammar, 'the grammar loads');
  return grammar;
}

interface Token {
  text: string;
  scopes: string[];
}

/** Every token of every line of `page`, with its scopes. */
function tokenize(grammar: IGrammar, page: string): Token[][] {
  let state = INITIAL;
  return page.split('\n').map((line) => {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    return result.tokens.map((token) => ({ text: line.slice(token.startIndex, token.endIndex), scopes: token.scopes }));
  });
}

/** The scopes of the first token of line `line` whose text is `text`. */
function scopesOf(lines: Token[][], line: number, text: string): string[] {
  const token = lines[line].find((candidate) => candidate.text === text);
  assert.ok(token, `"${text}" is one token of line ${line}: ${JSON.stringify(lines[line].map((t) => t.text))}`);
  return token.scopes;
}

const PAGE = [
  '---', // 0
  'title: "Quickstart"', // 1
  '---', // 2
  "import { Banner } from '/snippets/banner.mdx';", // 3
  '', // 4
  '## Install the CLI', // 5
  'Read [the guide](/guides/setup "Setup") or <https://example.com>.', // 6
  '<Card title="Setup" icon="rocket" href="/setup">', // 7
  '  Some **bold** text and `code`.', // 8
  '</Card>', // 9
  '<img src="/a.png" alt="" />', // 10
  '```bash', // 11
  '# not a heading <Card>', // 12
  '```', // 13
  '{/* a comment */}', // 14
  '# The end', // 15
].join('\n');

test('the .mdx grammar: front matter, headings, links, JSX tags and attributes, code that stays code', async () => {
  const lines = tokenize(await loadGrammar(), PAGE);
  assert.ok(scopesOf(lines, 0, '---').includes('punctuation.definition.tag.begin.frontmatter.mdx'));
  assert.ok(scopesOf(lines, 1, 'title').includes('meta.embedded.block.frontmatter.mdx'));
  assert.ok(scopesOf(lines, 1, 'title').includes('entity.name.tag.yaml'));
  assert.ok(scopesOf(lines, 3, 'import').includes('meta.embedded.block.esm.mdx'));

  assert.ok(scopesOf(lines, 5, '##').includes('punctuation.definition.heading.mdx'));
  assert.ok(scopesOf(lines, 5, 'Install the CLI').includes('entity.name.section.mdx'));
  assert.ok(scopesOf(lines, 15, 'The end').includes('markup.heading.mdx'), 'a heading after the front matter and a code block');

  assert.ok(scopesOf(lines, 6, 'the guide').includes('string.other.link.title.mdx'));
  assert.ok(scopesOf(lines, 6, '/guides/setup').includes('markup.underline.link.mdx'));
  assert.ok(scopesOf(lines, 6, 'https://example.com').includes('markup.underline.link.mdx'));
  assert.ok(!lines[6].some((token) => token.scopes.includes('entity.name.tag.mdx')), 'an autolink is no tag');

  assert.ok(scopesOf(lines, 7, 'Card').includes('support.class.component.mdx'));
  assert.ok(scopesOf(lines, 7, 'title').includes('entity.other.attribute-name.mdx'));
  assert.ok(scopesOf(lines, 7, 'Setup').includes('string.quoted.double.mdx'));
  assert.ok(scopesOf(lines, 8, 'bold').includes('markup.bold.mdx'));
  assert.ok(scopesOf(lines, 8, 'code').includes('markup.inline.raw.mdx'));
  assert.ok(scopesOf(lines, 9, 'Card').includes('entity.name.tag.mdx'));
  assert.ok(scopesOf(lines, 9, '</').includes('meta.tag.end.mdx'));
  assert.ok(scopesOf(lines, 10, 'img').includes('entity.name.tag.mdx'));
  assert.ok(!scopesOf(lines, 10, 'img').includes('support.class.component.mdx'), 'an HTML tag is no component');
  assert.ok(scopesOf(lines, 10, '/>').includes('punctuation.definition.tag.end.mdx'));

  assert.ok(lines[12].every((token) => token.scopes.includes('markup.fenced_code.block.mdx')));
  assert.ok(!lines[12].some((token) => token.scopes.some((scope) => /heading|entity\.name\.tag/.test(scope))), 'a code block stays code');
  assert.ok(scopesOf(lines, 14, '{/*').includes('comment.block.mdx'));
});

test('the .mdx grammar: a page without front matter, and a line with --- later, is no front matter', async () => {
  const lines = tokenize(await loadGrammar(), 'Intro\n\n---\ntitle: no\n');
  assert.ok(!lines.flat().some((token) => token.scopes.includes('meta.embedded.block.frontmatter.mdx')));
});

test('the .mdx language configuration pairs brackets and quotes, and comments as MDX does', () => {
  const mdx = manifest.contributes.languages.find((language: { id: string }) => language.id === 'mdx');
  const configuration = JSON.parse(readFileSync(join(root, mdx.configuration), 'utf8'));
  assert.deepEqual(configuration.comments, { blockComment: ['{/*', '*/}'] });
  assert.deepEqual(configuration.brackets, [['{', '}'], ['[', ']'], ['(', ')']]);
  const pairs = configuration.autoClosingPairs.map((pair: { open: string; close: string }) => `${pair.open}${pair.close}`);
  for (const pair of ['{}', '[]', '()', '""', "''", '``']) assert.ok(pairs.includes(pair), pair);
});
