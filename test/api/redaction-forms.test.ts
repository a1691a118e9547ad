// Issue 16, items 1 and 7: the one redactor and the one escaping of printed text, form by form.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPrintable, escapeControls, oneLine, wholeWords } from '../../api/src/printable';
import { createRedactor } from '../../api/src/redact';
import { countWork } from '../helpers/work-count';

const KEY = 'svc_dsc_forms_Test+Key/42=x';

describe('redaction: every form a key is echoed in', () => {
  const redact = createRedactor([KEY]);
  const forms: Record<string, string> = {
    'as is': KEY,
    'percent-encoded': encodeURIComponent(KEY),
    'percent-encoded, lower-case hex': encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
    'every character percent-encoded': [...Buffer.from(KEY)].map((b) => `%${b.toString(16).toUpperCase()}`).join(''),
    'JSON with escaped slashes': JSON.stringify(KEY).slice(1, -1).replace(/\//g, '\\/'),
    'JSON \\u escapes': [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    'the part after the prefix': KEY.slice('svc_dsc_'.length),
    base64: Buffer.from(KEY).toString('base64'),
    'base64url, unpadded': Buffer.from(KEY).toString('base64url'),
    'base64 inside a longer text (offset 1)': Buffer.from(`:${KEY}`).toString('base64'),
    'base64 inside a longer text (offset 2)': Buffer.from(`u:${KEY}!`).toString('base64'),
    // Issue 22, low items: the echoes that still passed.
    'upper-cased': KEY.toUpperCase(),
    'percent-encoded twice': encodeURIComponent(encodeURIComponent(KEY)),
    'HTML decimal references': [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join(''),
    'HTML hex references, no semicolons': [...KEY].map((c) => `&#X${c.charCodeAt(0).toString(16)}`).join(''),
    'HTML named references': KEY.replace('+', '&plus;').replace('/', '&sol;').replace('=', '&equals;').replaceAll('_', '&lowbar;'),
    'base64 of UTF-16LE': Buffer.from(KEY, 'utf16le').toString('base64'),
    'base64 of UTF-16LE inside a longer text': Buffer.from(`-EncodedCommand ${KEY}`, 'utf16le').toString('base64'),
    'base64 of UTF-16BE': Buffer.from(Buffer.from(KEY, 'utf16le')).swap16().toString('base64'),
  };
  for (const [name, form] of Object.entries(forms)) {
    it(name, () => {
      const text = `before ${form} after`;
      const redacted = redact(text);
      assert.match(redacted, /\[redacted\]/);
      assert.ok(!redacted.includes(form), redacted);
      assert.ok(!redacted.includes(KEY.slice(8, 20)), redacted);
    });
  }

  it('a run of 16 of its characters (half a key) is hidden with whatever of the key follows it', () => {
    for (let start = 0; start + 16 <= KEY.length; start++) {
      for (const end of [start + 16, KEY.length]) {
        const redacted = redact(`<${KEY.slice(start, end)}>`);
        assert.equal(redacted, '<[redacted]>', `characters ${start} to ${end}`);
      }
    }
    assert.equal(redact(KEY.slice(0, 15)), KEY.slice(0, 15), '15 characters are no key');
  });

  it('words that share the prefix are no key: file names and plain words print as written', () => {
    const names = ['svc_billing_overview.mdx', 'svc_billing_v2.mdx', 'svc_zzzzzzzz', 'see svc_dsc_guides/setup'];
    for (const name of names) assert.equal(redact(name), name);
    assert.equal(redact('other key svc_9f8e7d6c5b4a'), 'other key svc_[redacted]');
  });

  it('prose stays readable: a bearer key, bearer tokens, svc_…', () => {
    for (const prose of ['Every request carries a bearer key.', 'bearer tokens expire', 'needs svc_… or svc_dsc_…']) assert.equal(redact(prose), prose);
    assert.equal(redact('Authorization: Bearer abc.def'), 'Authorization: Bearer [redacted]');
  });
});

describe("redaction: the platform's naming (mint_, mint_dsc_, mint_us_) as SPEC's", () => {
  const keys = ['mint_forms_Admin+Key/42=x', 'mint_dsc_forms_Assist+Key/42=x', 'mint_us_forms_Index+Key/42=x'];
  const redact = createRedactor(keys);
  for (const key of keys) {
    it(`${key.slice(0, key.indexOf('_forms'))}_…: as is, after its prefix, percent-encoded, base64 and half a key`, () => {
      const secret = key.slice(key.indexOf('forms'));
      const forms = [key, secret, encodeURIComponent(key), Buffer.from(key).toString('base64'), Buffer.from(`u:${key}`).toString('base64url'), key.toUpperCase(), key.slice(3, 19)];
      for (const form of forms) {
        const redacted = redact(`before ${form} after`);
        assert.match(redacted, /^before .*\[redacted\].* after$/, form);
        assert.ok(!redacted.includes(secret.slice(0, 12)), redacted);
      }
    });
  }

  it('any mint_ key shaped word is hidden; mint in prose, file names and inside a word stays', () => {
    const other = createRedactor([]);
    assert.equal(other('key mint_9f8e7d6c5b4a and mint_dsc_1a2b3c4d5e'), 'key mint_[redacted] and mint_[redacted]');
    for (const text of ['mint_… or mint_dsc_…', 'peppermint_tea_2024x', 'mint_config_v2.json', 'the mint_json file']) assert.equal(other(text), text);
  });
});

describe('printed text: control characters and CI commands', () => {
  it('escapes C0, DEL and C1 controls but newlines and tabs; \\r\\n is a newline', () => {
    assert.equal(escapeControls('a\x1b]52;c;ZQ==\x07b\r\nc\td\u009be\x7f'), 'a\\u001b]52;c;ZQ==\\u0007b\nc\td\\u009be\\u007f');
    assert.equal(escapeControls('over\rwrite'), 'over\\rwrite');
  });

  it('oneLine keeps a value on its line', () => {
    assert.equal(oneLine('a\n::error::x\r\n\tb'), 'a\\n::error::x\\r\\n\\tb');
  });

  it('lines starting with :: and ##[ / ##vso[ anywhere are made inert; a write continuing a line is not at its start', () => {
    const printable = createPrintable([]);
    assert.equal(printable('::error::x\n  ::warning::y\nok ::z\n'), '\\u003a:error::x\n  \\u003a:warning::y\nok ::z\n');
    assert.equal(printable('see ##vso[task.x]1 and ##[error]'), 'see \\u0023#vso[task.x]1 and \\u0023#[error]');
    assert.equal(printable('::continued\n::new', false), '::continued\n\\u003a:new');
  });

  it('Unicode spaces, line and paragraph separators, bidirectional and zero-width characters are escaped (issue 22, item 10)', () => {
    const printable = createPrintable([]);
    const spaces = ['\u00a0', '\u1680', '\u2000', '\u2007', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000'];
    for (const space of spaces) assert.equal(printable(`${space}::error::x\n`), `\\u${space.charCodeAt(0).toString(16).padStart(4, '0')}::error::x\n`);
    assert.equal(printable('a\u202eb\u2066c\u200bd\u200de\ufefff\u00adg'), 'a\\u202eb\\u2066c\\u200bd\\u200de\\ufefff\\u00adg');
    assert.equal(printable('tag\u{e0041}'), 'tag\\udb40\\udc41', 'a character beyond U+FFFF as JSON writes it');
    assert.equal(printable('plain text, é 日本 …'), 'plain text, é 日本 …');
    const json = JSON.stringify({ name: '\u3000::error::x \u202e \u{e0041}' });
    assert.deepEqual(JSON.parse(printable(json)), JSON.parse(json), 'JSON output parses to the same strings');
  });

  // Issue 22, low items: each piece searched the whole held word again; 25,000 pieces took 22 s on the test machine.
  it('20,000 one-character pieces of one word are passed on in linear work (counted, not timed)', () => {
    const printable = createPrintable([KEY]);
    let printed = '';
    const { work } = countWork(() => {
      printed = '';
      const words = wholeWords((text) => (printed += printable(text)));
      for (let i = 0; i < 20_000; i++) words.write(i % 5_000 === 4_999 ? ' ' : 'a');
      words.end();
    });
    assert.equal(printed, `${'a'.repeat(4_999)} `.repeat(4));
    // About 23 steps a piece, printing included; searching the held word again for each piece is thousands a piece.
    assert.ok(work < 100 * 20_000, `${work} steps for 20,000 pieces`);
  });

  it('a streamed text is passed on by whole words, so a key cut in two is redacted', () => {
    const printable = createPrintable([KEY]);
    const printed: string[] = [];
    const words = wholeWords((text) => printed.push(printable(text)));
    for (const piece of ['the key ', KEY.slice(0, 12), KEY.slice(12), ' is here']) words.write(piece);
    words.end();
    assert.equal(printed.join(''), 'the key [redacted] is here');
  });
});
