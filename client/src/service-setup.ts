import * as vscode from 'vscode';
import { KeyKind } from '../../api/src';
import { KEY_TITLES, keyProblem, KeyStore } from './keys';
import { ServiceConnector } from './service';
import { apiSettings, askSetting } from './settings';
import { SettingsFlow } from './settings-target';

const STEPS = 4;

/**
 * Docs: Set Up Service: the base URL, the project id, the admin key and the assistant key, asked in turn (each
 * showing what is set), each key through the one key flow (`KeyStore.obtain`). Escape on a key that is stored keeps
 * it; Escape on the assistant key skips it (Ask Assistant and Search ask for it then). True once the settings and
 * the admin key are set.
 */
export async function setUpService(keys: KeyStore, service: ServiceConnector): Promise<boolean> {
  const flow: SettingsFlow = {};
  const baseUrl = await askSetting('baseUrl', '', flow, { step: 1, totalSteps: STEPS });
  if (baseUrl === undefined) return false;
  const projectId = await askSetting('projectId', '', flow, { step: 2, totalSteps: STEPS });
  if (projectId === undefined) return false;
  const uses: Record<KeyKind, string> = {
    admin: 'Trigger Update, Show Update Status and the agent jobs use it.',
    assistant: 'Ask Assistant and Search Documentation use it: press Escape to skip it.',
  };
  for (const [index, kind] of (['admin', 'assistant'] as const).entries()) {
    const stored = await keys.get(kind);
    const reason = stored ? `An ${KEY_TITLES[kind]} is stored: paste another to replace it, or press Escape to keep it.` : uses[kind];
    const key = await keys.obtain(kind, reason, service.keyCheck(kind, baseUrl), { step: { step: 3 + index, totalSteps: STEPS } });
    if (!key && !stored && kind === 'admin') return false;
  }
  void vscode.window.showInformationMessage(`The documentation service is set up: project '${projectId}' at ${baseUrl}.`);
  return true;
}

/**
 * Docs: Set Admin / Assistant API Key: the key given (a test, a command link) or typed, tried against the service
 * as every key is (see `ServiceConnector.keyCheck`), then stored. False when it is refused or the prompt dismissed.
 */
export async function setKey(keys: KeyStore, service: ServiceConnector, kind: KeyKind, given?: string): Promise<boolean> {
  const check = service.keyCheck(kind, apiSettings().baseUrl);
  if (given === undefined) {
    if (!(await keys.obtain(kind, `It is kept in VS Code's secret storage, never in settings.`, check))) return false;
  } else {
    const problem = keyProblem(kind, given);
    const verdict = problem ? { refused: problem } : await check?.(given);
    if (verdict && 'refused' in verdict) {
      void vscode.window.showErrorMessage(`The ${KEY_TITLES[kind]} is not stored: ${verdict.refused}`);
      return false;
    }
    if (verdict) void vscode.window.showWarningMessage(`The ${KEY_TITLES[kind]} is kept unchecked: ${verdict.unreachable}.`);
    await keys.store(kind, given);
  }
  void vscode.window.showInformationMessage(`The ${KEY_TITLES[kind]} is stored.`);
  return true;
}
