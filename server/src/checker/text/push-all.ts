/**
 * `into.push(...items)` without the spread: a spread puts every item on the stack, and a list a repository makes
 * unbounded (150k images in one page, a 900 kB banner of links) overflowed it (issue 34; the lint forbids spreads
 * into calls).
 */
export function pushAll<T>(into: T[], items: Iterable<T>): T[] {
  for (const item of items) into.push(item);
  return into;
}
