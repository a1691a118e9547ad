// Modal dialogs are answered by the host script (scripts/vscode-host.mjs), which sees the workbench page: the
// extension host cannot click them. Not on desktop VS Code (`config.viewProgressProbe` is false there).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { config } from './helpers';

let asked = 0;

/** Waits for the next modal dialog, clicks `button`, and gives its text. */
export async function answerDialog(button: string): Promise<string> {
  const file = join(config.userDataDir, `dialog-${asked++}.json`);
  console.log(`DOCS_VSCODE_DIALOG ${file} ${button}`);
  for (let i = 0; i < 400 && !existsSync(file); i++) await delay(100);
  if (!existsSync(file)) throw new Error('the host script did not answer DOCS_VSCODE_DIALOG');
  const seen = JSON.parse(readFileSync(file, 'utf8')) as { text?: string; error?: string };
  if (seen.error !== undefined) throw new Error(`no dialog answered: ${seen.error}`);
  return seen.text ?? '';
}

/** Why a test that needs a dialog answered cannot run here (desktop VS Code), else false. */
export const NO_DIALOGS = !config.viewProgressProbe && 'desktop VS Code: only the host script (scripts/vscode-host.mjs) can answer a modal dialog';
