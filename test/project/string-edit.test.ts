import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { JString } from '../../server/src/checker';
import { createLanguageService } from '../../server/src/service/language-service';
import { corpusFixtures, materializeFixture } from '../helpers/corpus';
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

test('typing in a string: completion answers from the last model exactly as from a new one (every corpus site, seeded edits)', () => {
  let seed = 20261123;
  const random = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  let compared = 0;
  for (const name of corpusFixtures()) {
    const { service, project, uri, text } = opened(materializeFixture(name));
    const strings = project.model().elements.map((e) => e.node).filter((n): n is JString => n.type === 'string' && n.file.path === project.docsJsonPath);
    for (let i = 0; i < 8 && strings.length; i++) {
      const node = strings[random(strings.length)];
      const at = node.offset + 1 + random(node.length - 1);
      const removed = random(3) === 0 && at < node.offset + node.length - 1 ? 1 : 0;
      const typed = removed ? '' : 'abcdefghij/-_'.charAt(random(13));
      const edited = text.slice(0, at) + typed + text.slice(at + removed);
      service.changeDocument(uri, edited);
      const lines = edited.slice(0, at + typed.length).split('\n');
      const position = { line: lines.length - 1, character: lines[lines.length - 1].length };
      assert.ok(project.stringEdit(), `${name}: an edit inside '${node.plain}' is a string edit`);
      const fromLastModel = service.complete(project, uri, position, { snippets: true });
      project.model(); // a model of the edited text: the string edit is gone, completion takes the usual way
      assert.equal(project.stringEdit(), undefined);
      const fromNewModel = service.complete(project, uri, position, { snippets: true });
      assert.deepEqual(fromLastModel, fromNewModel, `${name}: typing '${typed}' at ${at} in '${node.plain}'`);
      service.changeDocument(uri, text);
      service.check(project);
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
    assert.equal(project.stringEdit(), undefined, what);
  }
  service.changeDocument(uri, text.replace('"guides/setup"', '"guides/set"'));
  const edit = project.stringEdit();
  assert.equal(edit?.node.plain, 'guides/setup');
  assert.equal(edit?.delta, -2);
});

test('typing in a string: a file event since the last model means a new model', () => {
  const root = tempRepo({ 'docs.json': { navigation: { pages: ['intro'] } }, 'intro.mdx': '' });
  const { service, project, uri, text } = opened(root);
  service.changeDocument(uri, text.replace('"intro"', '"intr"'));
  assert.ok(project.stringEdit());
  fs.writeFileSync(`${root}/more.mdx`, '');
  service.fileEvents([{ uri: pathToFileURL(`${root}/more.mdx`).href, type: 'created' }]);
  assert.equal(project.stringEdit(), undefined);
});
