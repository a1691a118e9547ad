/** What `getConfiguration('docsJson').inspect('extraLanguageCodes')` reports, as far as the list's levels go. */
export interface InspectedCodes {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/**
 * The workspace folder's new `docsJson.extraLanguageCodes` with `code` added, or undefined when the folder already
 * accepts it. A folder's list replaces the lists of the levels above it, so a folder without one starts from the
 * list in effect there (the workspace's, else the user's): writing `[code]` alone would drop theirs.
 */
export function withAcceptedCode(inspected: InspectedCodes | undefined, code: string): string[] | undefined {
  const levels = [inspected?.workspaceFolderValue, inspected?.workspaceValue, inspected?.globalValue, inspected?.defaultValue];
  const current = levels.find((value) => value !== undefined);
  const codes = Array.isArray(current) ? current.filter((c): c is string => typeof c === 'string') : [];
  return codes.includes(code) ? undefined : [...codes, code];
}
