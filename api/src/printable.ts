// What may reach a terminal, a CI log or an editor's output: text that came from a file or the service is escaped
// so that it cannot move the cursor, write the clipboard (OSC 52), hide a line (\r) or start a CI command.
import { createRedactor } from './redact';

// C0 controls but tab and newline, DEL, the C1 controls (U+009B is a one-character CSI on some terminals); every
// Unicode space but U+0020 (GitHub's runner trims them all before it looks for `::`; U+2028/9 end a line in some
// viewers) and every format character (bidirectional overrides and isolates, zero-width characters, U+FEFF,
// tag characters): none may hide text, reorder it, or start a CI command unseen.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\p{Cf}]/gu;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
// GitHub Actions reads `::command::` where a line starts (after blanks); Azure Pipelines `##vso[` and `##[` anywhere.
const LINE_COMMAND = /^([ \t]*):(?=:)/gm;
const ANYWHERE_COMMAND = /#(?=#(?:vso)?\[)/g;

/** `\u001b`-style, as JSON writes it (a character beyond U+FFFF as its two UTF-16 halves), so JSON output parses the same. */
function escapeChar(char: string): string {
  return SHORT[char] ?? [...Array(char.length).keys()].map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
}

/** Control characters written out as `\u001b`-style escapes; newlines and tabs kept (`\r\n` becomes `\n`). */
export function escapeControls(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(CONTROL, escapeChar);
}

/** A value that must stay on its line (a file name, a message, a status): newlines written as `\n` too. */
export function oneLine(text: string): string {
  return text.replace(/[\n\t]/g, escapeChar).replace(CONTROL, escapeChar);
}

/** CI workflow commands turned inert: the first `:` of a line starting with `::`, and `#` of `##[`, as `\u003a`/`\u0023`. */
export function inertCommands(text: string, atLineStart: boolean): string {
  const lines = text.replace(ANYWHERE_COMMAND, '\\u0023');
  if (atLineStart) return lines.replace(LINE_COMMAND, '$1\\u003a');
  // The first line continues one already started: only the lines after a newline start anew.
  const newline = lines.indexOf('\n');
  return newline < 0 ? lines : lines.slice(0, newline + 1) + lines.slice(newline + 1).replace(LINE_COMMAND, '$1\\u003a');
}

/**
 * Everything printed goes through this: keys (every form) redacted, control characters escaped, CI commands inert.
 * With `commands`, the text is lines made by `githubCommand` and their leading `::` is kept.
 */
export function createPrintable(keys: ReadonlyArray<string | undefined>): (text: string, atLineStart?: boolean, commands?: boolean) => string {
  const redact = createRedactor(keys);
  return (text, atLineStart = true, commands = false) => {
    const escaped = escapeControls(redact(text));
    return commands ? escaped.replace(ANYWHERE_COMMAND, '\\u0023') : inertCommands(escaped, atLineStart);
  };
}

/**
 * One GitHub Actions workflow command line, `::name key=value,…::message`, with GitHub's escapes: `%`, `\r` and
 * `\n` as `%25`, `%0D`, `%0A` in the message, `:` and `,` also (`%3A`, `%2C`) in values, so that no value ends
 * the line or the command. The other control characters and Unicode spaces are escaped when it is printed
 * (createPrintable with `commands`), so no value can start a command of its own.
 */
export function githubCommand(name: string, properties: Record<string, string | number>, message: string): string {
  const data = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const value = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const props = Object.entries(properties).map(([key, v]) => `${key}=${value(String(v))}`);
  return `::${name}${props.length ? ` ${props.join(',')}` : ''}::${data(message)}\n`;
}

const KEY_CHAR = /[A-Za-z0-9._~+/=%\\-]/;
const HOLD_LIMIT = 64 * 1024;

/**
 * For text that arrives in pieces (a streamed answer): passes on whole words only, holding back a trailing run of
 * characters a key or its encodings are made of, so a key split across two pieces is still seen whole.
 */
export function wholeWords(write: (text: string) => void): { write(text: string): void; end(): void } {
  let held = '';
  return {
    write(text) {
      // Only the new text is searched for the word's start: the held text is all word (200,000 one-character
      // pieces of one word cost 107 s of CPU when each piece searched the held text again).
      let cut = text.length;
      while (cut > 0 && text.length - cut <= HOLD_LIMIT && KEY_CHAR.test(text[cut - 1])) cut--;
      if (cut === 0) held += text;
      else {
        write(held + text.slice(0, cut));
        held = text.slice(cut);
      }
      if (held.length > HOLD_LIMIT) {
        write(held);
        held = '';
      }
    },
    end() {
      if (held) write(held);
      held = '';
    },
  };
}
