import * as vscode from 'vscode';
import { KEY_TITLES, KeyStore } from './keys';
import { ServiceConnector } from './service';
import { askSetting } from './settings';

const STEPS = 3;

/**
 * Docs: Set Up Service: the base URL, the project id and the admin key, asked in turn (each showing what is set),
 * the key tried against that service before it is stored. True once all three are set.
 */
export async function setUpService(keys: KeyStore, service: ServiceConnector): Promise<boolean> {
  const baseUrl = await askSetting('baseUrl', '', { step: 1, totalSteps: STEPS });
  if (baseUrl === undefined) return false;
  const projectId = await askSetting('projectId', '', { step: 2, totalSteps: STEPS });
  if (projectId === undefined) return false;
  const stored = await keys.get('admin');
  const reason = stored
    ? `An ${KEY_TITLES.admin} is stored: paste another to replace it, or press Escape to keep it.`
    : 'Trigger Update, Show Update Status and the agent jobs use it.';
  const key = await keys.ask('admin', reason, service.keyCheck('admin', baseUrl), { step: 3, totalSteps: STEPS });
  if (key) await keys.store('admin', key);
  else if (!stored) return false;
  void vscode.window.showInformationMessage(`The documentation service is set up: project '${projectId}' at ${baseUrl}.`);
  return true;
}
