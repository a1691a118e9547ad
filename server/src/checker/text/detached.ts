/**
 * A copy of `s` that owns its characters. V8 keeps a string cut from a longer one (`slice`, a parser's value)
 * as a view that holds the whole longer string alive: a cache key cut from docs.json kept every version of
 * the file ever checked (9 MB each on a 100k-entry file).
 */
export function detached(s: string): string {
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}
