// Issue 16, items 1 and 7: the one redactor and the one escaping of printed text, form by form.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPrintable, escapeControls, oneLine, wholeWords } from '../../api/src/printable';
import { createRedactor } from '../../api/src/redact';

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

  it('prose stays readable: a bearer key, bearer tokens, svc_…', () => {
    for (const prose of ['Every request carries a bearer key.', 'bearer tokens expire', 'needs svc_… or svc_dsc_…']) assert.equal(redact(prose), prose);
    assert.equal(redact('Authorization: Bearer abc.def'), 'Authorization: Bearer [redacted]');
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

  it('a streamed text is passed on by whole words, so a key cut in two is redacted', () => {
    const printable = createPrintable([KEY]);
    const printed: string[] = [];
    const words = wholeWords((text) => printed.push(printable(text)));
    for (const piece of ['the key ', KEY.slice(0, 12), KEY.slice(12), ' is here']) words.write(piece);
    words.end();
    assert.equal(printed.join(''), 'the key [redacted] is here');
  });
});
