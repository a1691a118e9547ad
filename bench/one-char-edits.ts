import { DocsModel } from '../server/src/checker';
import { SeededRandom } from './seeded-random';

/**
 * `count` variants of docs.json, each with one character typed at the end of a different page entry of
 * the main file (as a user typing in a page path): every run checks a new text, as after a keystroke.
 */
export function oneCharEdits(model: DocsModel, count: number, random: SeededRandom): string[] {
  const text = model.file.text;
  const pages = model.elements.filter((e) => e.kind === 'page' && e.node.type === 'string' && e.node.file === model.file);
  if (pages.length === 0) {
    // No page entry to type into: type white space after the text instead.
    return Array.from({ length: count }, (_, i) => `${text}${i % 2 ? ' ' : '\n'}`);
  }
  return Array.from({ length: count }, () => {
    const node = random.pick(pages).node;
    const closingQuote = node.offset + node.length - 1;
    return text.slice(0, closingQuote) + 'x' + text.slice(closingQuote);
  });
}
