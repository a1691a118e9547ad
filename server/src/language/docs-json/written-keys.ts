// What the text of an object holds around the cursor while a key is typed: the parser's recovery ends an object
// at the first error (a half-typed key), so the keys written after it, and what follows the cursor, are read
// from the text with jsonc-parser's scanner.
import { createScanner, SyntaxKind } from 'jsonc-parser';

/** Keys written in the object that opens at `open` (its `{`), at its own level, other than the key at `skip`. */
export function keysWrittenIn(text: string, open: number, skip?: number): Set<string> {
  const keys = new Set<string>();
  const scanner = createScanner(text, true);
  scanner.setPosition(open);
  let depth = 0;
  let pending: { value: string; offset: number } | undefined;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) depth++;
    else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
      if (--depth === 0) break;
    } else if (depth === 1 && kind === SyntaxKind.StringLiteral) {
      pending = { value: scanner.getTokenValue(), offset: scanner.getTokenOffset() };
      continue;
    } else if (depth === 1 && kind === SyntaxKind.ColonToken && pending && pending.offset !== skip) keys.add(pending.value);
    if (kind !== SyntaxKind.Trivia && kind !== SyntaxKind.LineBreakTrivia) pending = undefined;
  }
  return keys;
}

/** Whether the first token from `offset` on starts another entry (a key or a value), so that an inserted one needs a comma after it. */
export function entryFollows(text: string, offset: number): boolean {
  const scanner = createScanner(text, true);
  scanner.setPosition(offset);
  let kind = scanner.scan();
  while (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) kind = scanner.scan();
  return kind === SyntaxKind.StringLiteral || kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken;
}
