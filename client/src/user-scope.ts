// Issue 44: the service settings that decide where the API keys go (`docsJson.api.baseUrl`, `docsJson.api.form`)
// are read from the user's settings only. A workspace's `.vscode/settings.json` is a file of the repository: a
// trusted workspace could otherwise send the key stored for every workspace to a host the repository chose. This
// reads the user's value and ignores the workspace's (not `"scope": "machine"`: on a remote host VS Code reads such
// a setting from the remote machine's settings, not the user's). No `vscode` import: the decision is tested without
// an editor.

/** The parts of VS Code's `WorkspaceConfiguration.inspect()` read here. */
export interface InspectedSetting<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

/** The settings read from the user's settings only. */
export const USER_ONLY_SETTINGS: ReadonlySet<string> = new Set(['baseUrl', 'form']);

/**
 * The user's value, else the default: a workspace or folder value is never the answer. `ignored`: the workspace
 * value left aside when it differs from the answer (the user is told once).
 */
export function userScopeValue<T>(inspected: InspectedSetting<T> | undefined, fallback: T): { value: T; ignored?: T } {
  const value = inspected?.globalValue ?? inspected?.defaultValue ?? fallback;
  const planted = inspected?.workspaceFolderValue ?? inspected?.workspaceValue;
  return planted !== undefined && planted !== value ? { value, ignored: planted } : { value };
}

/** The host a base URL names, for a message (the value itself, cut and without control characters, when not a URL). */
export function hostOf(baseUrl: string): string {
  let host: string;
  try {
    host = new URL(baseUrl.trim()).host || baseUrl;
  } catch {
    host = baseUrl;
  }
  // Control and bidirectional characters would change what the message shows.
  const plain = host.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  return plain.length > 100 ? `${plain.slice(0, 100)}…` : plain;
}

/** What the user is told once when the workspace sets a setting that is read from the user's settings only. */
export function ignoredWorkspaceSettingMessage(name: string, ignored: unknown): string {
  const what = name === 'baseUrl' && typeof ignored === 'string' ? ` (host ${hostOf(ignored)})` : typeof ignored === 'string' ? ` ("${hostOf(ignored)}")` : '';
  return `docsJson.api.${name} in this workspace's settings${what} is ignored: the settings that decide where your API keys go are read from your user settings only. Set it there to use it.`;
}
