// The pages the MDX parser is not run on (`mdxParseSkipped`): a page with no `<`, `{` nor `import`/`export` line gets
// no error without the parser, so it must get none from it either: checked on every corpus page and on seeded
// mutations of corpus pages that keep them skipped. And what the verdicts keep while pages wait for a worker.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { SeededRandom } from '../../bench/seeded-random';
import { fullParseError } from '../../server/src/checker/pages/mdx-parse';
import { mdxParseSkipped } from '../../server/src/checker/pages/mdx-skipped';
import { MdxVerdicts } from '../../server/src/project/mdx-verdicts';
import { corpusPageTexts, NO_CORPUS_PAGES } from '../helpers/corpus';

test('skipped corpus pages (no `<`, `{`, import or export): the platform parser finds no error either', { skip: NO_CORPUS_PAGES }, () => {
  const texts = corpusPageTexts();
  assert.ok(texts.length > 2000, `${texts.length} corpus pages`);
  const skipped = texts.filter((text) => mdxParseSkipped(text) && !/[<{]/.test(text));
  assert.ok(skipped.length >= 20, `${skipped.length} skipped pages`);
  for (const text of skipped) assert.equal(fullParseError(text), undefined, text.slice(0, 200));
});

/** Markdown's own syntax, in every place a mutation may put it: none of it starts MDX. */
const MARKDOWN = ['}', ']', '[', '(', ')', '*', '_', '`', '```', '~~~', '$', '$$', '|', '-', '#', '>', '!', '&', '&#', '\\', ':', '\n', '\n\n', '    ', '\t', '---\n', '+', '1.', '=', '"', "'", '/', '*/', 'importx', ' export', '\r'];

/** A corpus page made skippable (`<`, `{` and import/export lines changed), then given markdown syntax at random places. */
function mutated(text: string, random: SeededRandom): string {
  let out = text.replace(/</g, '(').replace(/\{/g, '[').replace(/^(import|export)\b/gm, '$1x');
  for (let n = random.int(1, 12); n > 0; n--) {
    const at = random.int(0, out.length);
    out = out.slice(0, at) + MARKDOWN[random.int(0, MARKDOWN.length - 1)] + out.slice(at);
  }
  return out;
}

test('seeded mutations of corpus pages without `<`, `{`, import or export: skipped, and the parser agrees (no error)', { skip: NO_CORPUS_PAGES }, () => {
  const texts = corpusPageTexts().filter((text) => text.length < 20_000);
  const random = new SeededRandom(33);
  let checked = 0;
  for (let i = 0; i < 300; i++) {
    const text = mutated(texts[random.int(0, texts.length - 1)], random);
    if (/^(?:import|export)\b/m.test(text)) continue; // a mutation made such a line again
    assert.ok(mdxParseSkipped(text));
    assert.equal(fullParseError(text), undefined, text.slice(0, 300));
    checked++;
  }
  assert.ok(checked > 250, `${checked} mutations checked`);
});

test('a skipped page is answered at once: nothing queued, no parse (the 100k bench repo: 126,339 such pages)', async () => {
  const verdicts = new MdxVerdicts();
  const parsed: string[] = [];
  verdicts.parseNow = (text) => {
    parsed.push(text);
    return {};
  };
  verdicts.onChanged = () => undefined;
  for (let i = 0; i < 1000; i++) assert.equal(verdicts.errorOf(`p${i}.mdx`, `---\ntitle: p${i}\n---\n\nText *${i}* with [a link](/x).\n`), undefined);
  assert.equal(await verdicts.whenSettled(), false);
  verdicts.flush();
  assert.deepEqual(parsed, []);
  // A page that had an error, now without MDX: no error at once, and its old text no longer waits.
  assert.equal(verdicts.errorOf('q.mdx', 'a {a b}\n'), undefined);
  assert.equal(verdicts.errorOf('q.mdx', 'a fixed\n'), undefined);
  verdicts.flush();
  assert.deepEqual(parsed, []);
});

test('queued pages keep their names only: the text parsed is read again when the parse starts', () => {
  const verdicts = new MdxVerdicts();
  const disk = new Map<string, string>();
  let reads = 0;
  verdicts.read = (page) => {
    reads++;
    return disk.get(page);
  };
  const parsed: string[] = [];
  verdicts.parseNow = (text) => {
    parsed.push(text);
    return text.includes('{a b}') ? { error: { offset: text.indexOf('{') + 2, length: 1, message: 'bad' } } : {};
  };
  const told: string[] = [];
  verdicts.onChanged = (page) => told.push(page);
  disk.set('a.mdx', 'one {a b}\n');
  disk.set('b.mdx', 'two <b/>\n');
  disk.set('gone.mdx', 'three <c/>\n');
  for (const [page, text] of disk) assert.equal(verdicts.errorOf(page, text), undefined);
  assert.equal(reads, 0);
  // Changed on disk while waiting, and removed: the current text is parsed, the removed page is not.
  disk.set('b.mdx', 'two again <b/>\n');
  disk.delete('gone.mdx');
  verdicts.flush();
  assert.deepEqual(parsed, ['one {a b}\n', 'two again <b/>\n']);
  assert.deepEqual(told, ['a.mdx']);
  assert.equal(verdicts.errorOf('a.mdx', 'one {a b}\n')?.offset, 6);
  assert.equal(verdicts.errorOf('b.mdx', 'two again <b/>\n'), undefined);
  assert.deepEqual(parsed, ['one {a b}\n', 'two again <b/>\n']);
});
