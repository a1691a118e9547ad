import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { JString } from '../../server/src/checker';
import { createLanguageService } from '../../server/src/language';
import { corpusFixtures, materializeFixture, NO_CORPUS } from '../helpers/corpus';
import { tempRepo } from '../helpers/temp-repo';

/** A service with one docs folder checked, and docs.json open in the editor. */
function opened(root: string) {
  const service = createLanguageService();
  const [project] = service.addWorkspaceFolder(root);
  const uri = pathToFileURL(project.docsJsonPath).href;
  const text = fs.readFileSync(project.docsJsonPath, 'utf8');
  service.openDocument(uri, text);
  service.check(project);
  return { service, project, uri, text };
}

test('typing in strings: completion answers from the last model exactly as from a new one (every corpus site, seeded edits, string after string)', { skip: NO_CORPUS }, () => {
  let seed = 20261123;
  const random = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  let compared = 0;
  for (const name of corpusFixtures()) {
    const root = materializeFixture(name);
    // One editor types (its model stays the one of its first check); the other builds a model of every text.
    const typing = opened(root);
    const oracle = opened(root);
    let current = typing.text;
    for (let i = 0; i < 8; i++) {
      const strings = oracle.project.model().elements.map((e) => e.node).filter((n): n is JString => n.type === 'string' && n.file.path === oracle.project.docsJsonPath);
      if (!strings.length) break;
      const node = strings[random(strings.length)];
      const at = node.offset + 1 + random(node.length - 1);
      const removed = random(3) === 0 && at < node.offset + node.length - 1 ? 1 : 0;
      const typed = removed ? '' : 'abcdefghij/-_'.charAt(random(13));
      current = current.slice(0, at) + typed + current.slice(at + removed);
      typing.service.changeDocument(typing.uri, current);
      oracle.service.changeDocument(oracle.uri, current);
      const lines = current.slice(0, at + typed.length).split('\n');
      const position = { line: lines.length - 1, character: lines[lines.length - 1].length };
      assert.equal(typing.project.typedText()?.file.text, current, `${name}: edit ${i + 1} inside '${node.plain}' is typing in strings`);
      const fromLastModel = typing.service.complete(typing.project, typing.uri, position, { snippets: true });
      oracle.project.model();
      assert.equal(oracle.project.typedText(), undefined, 'a model of the text is made: completion takes the usual way');
      const fromNewModel = oracle.service.complete(oracle.project, oracle.uri, position, { snippets: true });
      assert.deepEqual(fromLastModel, fromNewModel, `${name}: typing '${typed}' at ${at} in '${node.plain}' (edit ${i + 1})`);
      compared++;
    }
  }
  assert.ok(compared >= 40, `compared ${compared} edits`);
});

test('typing in a string: edits that change more than one string are not string edits', () => {
  const root = tempRepo({ 'docs.json': { navigation: { pages: ['intro', 'guides/setup'] } }, 'intro.mdx': '', 'guides/setup.mdx': '' });
  const { service, project, uri, text } = opened(root);
  const cases: [string, string][] = [
    ['a quote typed', text.replace('"intro"', '"in"tro"')],
    ['a new entry', text.replace('"intro"', '"intro", "x"')],
    ['a line break in a string', text.replace('"intro"', '"in\ntro"')],
    ['an escape typed', text.replace('"intro"', '"in\\\\tro"')],
    ['outside strings', text.replace('"pages"', '"pages" ')],
    // A key is a string of the text but not a value of the model.
    ['a key renamed', text.replace('"pages"', '"page"')],
  ];
  for (const [what, edited] of cases) {
    service.changeDocument(uri, edited);
    assert.equal(project.typedText(), undefined, what);
  }
  const edited = text.replace('"guides/setup"', '"guides/set"');
  service.changeDocument(uri, edited);
  const typed = project.typedText();
  const at = typed?.stringAt(edited.indexOf('guides/set'));
  assert.equal(at?.node.plain, 'guides/setup', 'the string of the model');
  assert.equal(edited.slice(at!.offset, at!.offset + at!.length), '"guides/set"', 'where it stands now');
});

test('typing in a string: a file event since the last model means a new model', () => {
  const root = tempRepo({ 'docs.json': { navigation: { pages: ['intro'] } }, 'intro.mdx': '' });
  const { service, project, uri, text } = opened(root);
  service.changeDocument(uri, text.replace('"intro"', '"intr"'));
  assert.ok(project.typedText());
  fs.writeFileSync(`${root}/more.mdx`, '');
  service.fileEvents([{ uri: pathToFileURL(`${root}/more.mdx`).href, type: 'created' }]);
  assert.equal(project.typedText(), undefined);
});
