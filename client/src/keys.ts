import * as vscode from 'vscode';
import { describeKey, KEY_PREFIX_HINT, KeyKind, keyKindOf } from '../../api/src';

const SECRET_IDS: Record<KeyKind, string> = { admin: 'docsJson.adminKey', assistant: 'docsJson.assistantKey' };

export const KEY_TITLES: Record<KeyKind, string> = { admin: 'admin API key', assistant: 'assistant API key' };

interface StoreChoice extends vscode.QuickPickItem {
  store: boolean;
}

/** The service's answer about a key: undefined when it takes it; refused (never kept); or not reached (kept only if the writer says so). */
export type KeyVerdict = { refused: string } | { unreachable: string } | undefined;

/** Asks the service whether it takes a key. */
export type KeyCheck = (key: string) => Promise<KeyVerdict>;

/** Step numbers of a prompt that is one of several (Set Up Service). */
export interface Step {
  step: number;
  totalSteps: number;
}

/** A key prompt on screen, announced so that tests in the extension host can answer it like a person. */
export type KeyPrompt =
  | { kind: KeyKind; step: 'key'; input: vscode.InputBox }
  | { kind: KeyKind; step: 'store'; pick: vscode.QuickPick<StoreChoice> };

/** Why a pasted text cannot serve as the `kind` key; undefined when it can (or while it is empty). */
export function keyProblem(kind: KeyKind, text: string): string | undefined {
  const key = text.trim();
  if (key === '') return undefined;
  if (/\s/.test(key)) return 'A key has no spaces.';
  const actual = keyKindOf(key);
  if (actual === kind) return undefined;
  if (actual) return `This is ${describeKey(key)}; an ${KEY_TITLES[kind]} starts with ${KEY_PREFIX_HINT[kind]}.`;
  return `An ${KEY_TITLES[kind]} starts with ${KEY_PREFIX_HINT[kind]}.`;
}

/** The two API keys, kept in VS Code's SecretStorage (never in settings), and the prompts that ask for them. */
export class KeyStore implements vscode.Disposable {
  private readonly prompted = new vscode.EventEmitter<KeyPrompt>();
  /** Fires when a key prompt is shown. */
  readonly onDidPrompt = this.prompted.event;

  constructor(private readonly secrets: vscode.SecretStorage) {}

  dispose(): void {
    this.prompted.dispose();
  }

  async get(kind: KeyKind): Promise<string | undefined> {
    return (await this.secrets.get(SECRET_IDS[kind])) || undefined;
  }

  async store(kind: KeyKind, key: string): Promise<void> {
    const problem = keyProblem(kind, key) ?? (key.trim() === '' ? `The ${KEY_TITLES[kind]} is empty.` : undefined);
    if (problem) throw new Error(problem);
    await this.secrets.store(SECRET_IDS[kind], key.trim());
  }

  async clear(kind: KeyKind): Promise<void> {
    await this.secrets.delete(SECRET_IDS[kind]);
  }

  /**
   * The stored key, or one the user types now for `operation` (then offered to be stored).
   * Undefined when the user dismisses a prompt (Escape): the command ends quietly and sends nothing.
   */
  async require(kind: KeyKind, operation: string, check?: KeyCheck): Promise<string | undefined> {
    return (await this.get(kind)) ?? this.obtain(kind, `${operation} needs an ${KEY_TITLES[kind]}, and none is stored yet.`, check, { offerStore: true });
  }

  /**
   * The one way a key comes in, for both kinds: typed and checked (`ask`), then stored, or with `offerStore` stored
   * only if the user says so. Undefined when a prompt is dismissed.
   */
  async obtain(kind: KeyKind, reason: string, check: KeyCheck | undefined, how: { offerStore?: boolean; step?: Step } = {}): Promise<string | undefined> {
    const key = await this.ask(kind, reason, check, how.step);
    if (!key) return undefined;
    const store = how.offerStore ? await this.offerToStore(kind) : true;
    if (store === undefined) return undefined;
    if (store) await this.store(kind, key);
    return key;
  }

  /** True: store it; false: use it this time only; undefined: dismissed, the command ends. */
  private offerToStore(kind: KeyKind): Promise<boolean | undefined> {
    return new Promise((resolve) => {
      const pick = vscode.window.createQuickPick<StoreChoice>();
      pick.title = `Store the ${KEY_TITLES[kind]}?`;
      pick.placeholder = `A stored key is used by the next commands; "Docs: Clear ${titleCase(KEY_TITLES[kind])}" removes it.`;
      pick.items = [
        { label: "$(lock) Store it in VS Code's secret storage", store: true },
        { label: '$(circle-slash) Use it this time only', store: false },
      ];
      pick.ignoreFocusOut = true;
      let store: boolean | undefined;
      pick.onDidAccept(() => {
        store = (pick.selectedItems[0] ?? pick.activeItems[0])?.store;
        pick.hide();
      });
      pick.onDidHide(() => {
        pick.dispose();
        resolve(store);
      });
      pick.show();
      this.prompted.fire({ kind, step: 'store', pick });
    });
  }

  /**
   * Asks for a key in a password box that checks its prefix while typing and, given `check`, asks the service
   * whether it takes the key before the box closes: a refused key is never kept. When the service cannot be reached,
   * a second Enter keeps the key unchecked (with a warning). Escape closes the box and sends nothing more.
   */
  private ask(kind: KeyKind, reason: string, check?: KeyCheck, step?: Step): Promise<string | undefined> {
    return new Promise((resolve) => {
      const input = vscode.window.createInputBox();
      input.title = `Docs: ${titleCase(KEY_TITLES[kind])}`;
      input.prompt = `${reason} Paste the ${KEY_TITLES[kind]}: it starts with ${KEY_PREFIX_HINT[kind]}.`;
      input.placeholder = KEY_PREFIX_HINT[kind];
      input.password = true;
      input.ignoreFocusOut = true;
      if (step) Object.assign(input, step);
      let accepted: string | undefined;
      let closed = false;
      /** The key the service could not be asked about, and why: Enter on it again keeps it. */
      let unreached: { key: string; reason: string } | undefined;
      input.onDidChangeValue((value) => (input.validationMessage = keyProblem(kind, value)));
      input.onDidAccept(async () => {
        const value = input.value.trim();
        const problem = keyProblem(kind, value) ?? (value === '' ? `Paste the ${KEY_TITLES[kind]}, or press Escape.` : undefined);
        input.validationMessage = problem;
        if (problem || input.busy) return;
        if (unreached?.key === value) {
          void vscode.window.showWarningMessage(`The ${KEY_TITLES[kind]} is kept unchecked: ${unreached.reason}. A command that uses it will say if the service refuses it.`);
        } else if (check) {
          input.busy = true;
          input.enabled = false;
          input.validationMessage = undefined;
          const verdict = await check(value);
          if (closed) return;
          input.busy = false;
          input.enabled = true;
          if (verdict && 'refused' in verdict) {
            input.validationMessage = verdict.refused;
            return;
          }
          if (verdict) {
            unreached = { key: value, reason: verdict.unreachable };
            input.validationMessage = {
              message: `The service could not be reached (${verdict.unreachable}). Press Enter again to keep the key unchecked, or Escape.`,
              severity: vscode.InputBoxValidationSeverity.Warning,
            };
            return;
          }
        }
        accepted = value;
        input.hide();
      });
      input.onDidHide(() => {
        closed = true;
        input.dispose();
        resolve(accepted);
      });
      input.show();
      this.prompted.fire({ kind, step: 'key', input });
    });
  }
}

/** `admin API key` → `Admin API Key`, as the commands' titles write it (package.json). */
function titleCase(text: string): string {
  return text.replace(/\b[a-z]/g, (first) => first.toUpperCase());
}
