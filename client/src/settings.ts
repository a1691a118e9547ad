import * as vscode from 'vscode';

/** The service settings of the `docsJson.api` section. Keys are never settings: they live in SecretStorage. */
export interface ApiSettings {
  baseUrl: string;
  projectId: string;
  siteDomain: string;
  retryAttempts: number;
}

export function apiSettings(): ApiSettings {
  const config = vscode.workspace.getConfiguration('docsJson.api');
  return {
    baseUrl: config.get<string>('baseUrl', '').trim(),
    projectId: config.get<string>('projectId', '').trim(),
    siteDomain: config.get<string>('siteDomain', '').trim(),
    retryAttempts: config.get<number>('retryAttempts', 4),
  };
}

const SETTING_TITLES: Record<keyof ApiSettings, string> = {
  baseUrl: 'base URL of the documentation service',
  projectId: 'project id',
  siteDomain: 'documentation site domain',
  retryAttempts: 'retry attempts',
};

/**
 * The named settings, or undefined after telling the user which one is missing (with a button to set it).
 * A command that needs them stops there instead of failing on the request; it does not wait for the button.
 */
export function requireSettings<K extends keyof ApiSettings>(operation: string, ...names: K[]): ApiSettings | undefined {
  const settings = apiSettings();
  const missing = names.find((name) => settings[name] === '');
  if (missing === undefined) return settings;
  void vscode.window.showWarningMessage(`${operation} needs the ${SETTING_TITLES[missing]}: set docsJson.api.${missing}.`, 'Open Settings').then((choice) => {
    if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', `docsJson.api.${missing}`);
  });
  return undefined;
}
