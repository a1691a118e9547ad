// Commands a quick fix may carry for the client to run, where no text edit can make the fix (a setting of the
// editor). A client names those it runs in `initializationOptions.commands`; shared with the VS Code client and the CLI through
// the protocol module (index.ts).

/** Arguments `[code, docsFolderUri]`: adds `code` to `docsJson.extraLanguageCodes` of the folder's workspace folder. */
export const ACCEPT_LANGUAGE_CODE_COMMAND = 'docsJson.acceptLanguageCode';

/** Arguments `[query]`: VS Code's own command, opening the Settings editor at the search `query` (`docsJson.severity`). */
export const OPEN_SETTINGS_COMMAND = 'workbench.action.openSettings';
