// An editor's text is kept well formed (issue 34), by the engine's own test since issue 52 (a regular expression ran
// over the whole of docs.json on every keystroke).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OpenTexts } from '../../server/src/project/open-texts';

test('open texts: a lone surrogate becomes U+FFFD, one code unit for one; pairs and other text are kept', () => {
  const texts = new OpenTexts(() => undefined);
  const cases: [string, string][] = [
    ['{"a": "x\uD83Dy"}', '{"a": "x\uFFFDy"}'], // a high surrogate alone
    ['\uDE00 start', '\uFFFD start'], // a low surrogate alone at the start
    ['end \uD83D', 'end \uFFFD'], // a high surrogate at the end
    ['\uDE00\uD83D', '\uFFFD\uFFFD'], // low then high: no pair
    ['pair \uD83D\uDE00 kept', 'pair \uD83D\uDE00 kept'],
    ['日本語 and plain', '日本語 and plain'],
    ['plain ascii', 'plain ascii'],
  ];
  for (const [written, kept] of cases) {
    texts.set('/docs/docs.json', written);
    const read = texts.readText('/docs/docs.json');
    assert.equal(read, kept, JSON.stringify(written));
    assert.equal(read!.length, written.length);
  }
});
