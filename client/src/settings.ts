import * as vscode from 'vscode';
import { assertSecureForKeys, parseBaseUrl } from '../../api/src';
import { settingsTarget, SettingsFlow } from './settings-target';
import { ignoredWorkspaceSettingMessage, USER_ONLY_SETTINGS, userScopeValue } from './user-scope';

/** The service settings of the `docsJson.api` section. Keys are never settings: they live in SecretStorage. */
export interface ApiSettings {
  baseUrl: string;
  projectId: string;
  siteDomain: string;
  retryAttempts: number;
  /** `auto` (published on the platform's own host, SPEC's elsewhere), `spec` or `published`. */
  form: string;
}

/** The settings a command may need that a person types: asked for in turn when missing (see `ensureSettings`). */
export type AskedSetting = 'baseUrl' | 'projectId' | 'siteDomain';

export function apiSettings(): ApiSettings {
  const config = vscode.workspace.getConfiguration('docsJson.api');
  return {
    baseUrl: userSetting(config, 'baseUrl', '').trim(),
    projectId: config.get<string>('projectId', '').trim(),
    siteDomain: config.get<string>('siteDomain', '').trim(),
    retryAttempts: config.get<number>('retryAttempts', 4),
    form: userSetting(config, 'form', 'auto'),
  };
}

/** Workspace values already told about (once per value in a session). */
const told = new Set<string>();

/** A setting read from the user's settings only (see user-scope.ts); a workspace value is ignored, and said so once. */
function userSetting(config: vscode.WorkspaceConfiguration, name: string, fallback: string): string {
  const { value, ignored } = userScopeValue(config.inspect<string>(name), fallback);
  if (ignored !== undefined && !told.has(`${name}\0${String(ignored)}`)) {
    told.add(`${name}\0${String(ignored)}`);
    void vscode.window.showWarningMessage(ignoredWorkspaceSettingMessage(name, ignored));
  }
  return typeof value === 'string' ? value : fallback;
}

const SETTING_TITLES: Record<AskedSetting, string> = {
  baseUrl: 'base URL of the documentation service',
  projectId: 'project id',
  siteDomain: 'documentation site domain',
};

const SETTING_HINTS: Record<AskedSetting, { placeholder: string; prompt: string }> = {
  baseUrl: { placeholder: 'https://api.example.com', prompt: 'The REST API of the documentation service (https://…; plain http:// only to this machine). Your API keys are sent there.' },
  projectId: { placeholder: 'my-project', prompt: 'The project that Trigger Update and the agent jobs act on, as the service names it.' },
  siteDomain: { placeholder: 'docs.example.com', prompt: 'The domain of the documentation site that the assistant and search are asked about.' },
};

/** Why a typed value cannot serve as the setting; undefined when it can. */
export function settingProblem(name: AskedSetting, value: string): string | undefined {
  const text = value.trim();
  if (text === '') return `Type the ${SETTING_TITLES[name]}, or press Escape.`;
  if (name !== 'baseUrl') return /\s/.test(text) ? `The ${SETTING_TITLES[name]} has no spaces.` : undefined;
  try {
    assertSecureForKeys(parseBaseUrl(text));
    return undefined;
  } catch (error) {
    return error instanceof Error ? `${error.message[0].toUpperCase()}${error.message.slice(1)}.` : String(error);
  }
}

/** A setting prompt on screen, announced so that tests in the extension host can answer it like a person. */
export interface SettingPrompt {
  name: AskedSetting;
  input: vscode.InputBox;
}

const prompted = new vscode.EventEmitter<SettingPrompt>();
/** Fires when a setting is asked for. */
export const onDidPromptForSetting = prompted.event;

/**
 * Asks for one setting in an input box (showing the value it has, if any) and writes it where the writer says
 * (see `settingsTarget`; one question per `flow`). Undefined when dismissed.
 */
export async function askSetting(name: AskedSetting, reason: string, flow: SettingsFlow, step?: { step: number; totalSteps: number }): Promise<string | undefined> {
  const value = await typeSetting(name, reason, step);
  if (value === undefined || value === apiSettings()[name]) return value;
  // Where the keys go is the user's choice alone: never written to (or read from) the workspace's settings.
  const target = USER_ONLY_SETTINGS.has(name) ? vscode.ConfigurationTarget.Global : await settingsTarget('docsJson.api', name, flow);
  if (target === undefined) return undefined;
  try {
    await vscode.workspace.getConfiguration('docsJson.api').update(name, value, target);
    return value;
  } catch (error) {
    void vscode.window.showErrorMessage(`The ${SETTING_TITLES[name]} could not be written to the settings: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

function typeSetting(name: AskedSetting, reason: string, step?: { step: number; totalSteps: number }): Promise<string | undefined> {
  return new Promise((resolve) => {
    const input = vscode.window.createInputBox();
    input.title = `Docs: ${SETTING_TITLES[name][0].toUpperCase()}${SETTING_TITLES[name].slice(1)}`;
    input.prompt = `${reason} ${SETTING_HINTS[name].prompt}`.trim();
    input.placeholder = SETTING_HINTS[name].placeholder;
    input.value = apiSettings()[name];
    input.ignoreFocusOut = true;
    if (step) Object.assign(input, step);
    let accepted: string | undefined;
    input.onDidChangeValue((value) => (input.validationMessage = value.trim() === '' ? undefined : settingProblem(name, value)));
    input.onDidAccept(() => {
      const problem = settingProblem(name, input.value);
      input.validationMessage = problem;
      if (problem) return;
      accepted = input.value.trim();
      input.hide();
    });
    input.onDidHide(() => {
      input.dispose();
      resolve(accepted);
    });
    input.show();
    prompted.fire({ name, input });
  });
}

/**
 * The named settings, asking for each missing one in turn (and writing it) so that the command goes on once they
 * are given: the setup no longer fails three times, once per setting. Undefined when the user dismissed a prompt.
 */
export async function ensureSettings(operation: string, ...names: AskedSetting[]): Promise<ApiSettings | undefined> {
  const missing = names.filter((name) => apiSettings()[name] === '');
  const flow: SettingsFlow = {};
  for (const [index, name] of missing.entries()) {
    const value = await askSetting(name, `${operation} needs the ${SETTING_TITLES[name]}.`, flow, missing.length > 1 ? { step: index + 1, totalSteps: missing.length } : undefined);
    if (value === undefined) return undefined;
  }
  return apiSettings();
}
