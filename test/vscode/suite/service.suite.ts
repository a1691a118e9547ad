import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import * as vscode from 'vscode';
import type { AgentJob } from '../../../api/src';
import type { KeyPrompt } from '../../../client/src/keys';
import type { SearchOutcome } from '../../../client/src/search/search-command';
import type { PublishChoice } from '../../../client/src/update/confirm-update';
import type { UpdateOutcome } from '../../../client/src/update/update-commands';
import { currentGitBranch } from '../../../client/src/update/git-branch';
import type { PreviewOutcome } from '../../../client/src/update/preview-command';
import { LocalService, SERVICE_KEYS, startService } from '../../service/service';
import { api, config, waitFor } from './helpers';

/** The next value `event` fires. */
function next<T>(event: vscode.Event<T>): Promise<T> {
  return new Promise((resolve) => {
    const subscription = event((value) => {
      subscription.dispose();
      resolve(value);
    });
  });
}

async function nextPrompt(): Promise<KeyPrompt> {
  return next((await api()).onDidPromptForKey);
}

/** The next confirmation Trigger Update shows. */
async function nextConfirmation(): Promise<vscode.QuickPick<PublishChoice>> {
  return next((await api()).onDidAskToPublish);
}

/** Runs `body` with the workspace's project id set to `projectId` (undefined: none), then back to the fixture's. */
async function withProjectId(projectId: string | undefined, body: () => Promise<void>): Promise<void> {
  const settings = vscode.workspace.getConfiguration('docsJson.api');
  await settings.update('projectId', projectId, vscode.ConfigurationTarget.Workspace);
  try {
    await body();
  } finally {
    await settings.update('projectId', 'acme-docs', vscode.ConfigurationTarget.Workspace);
  }
}

/** Answers a confirmation as a person does: the item chosen, then Enter. */
async function answer(pick: vscode.QuickPick<PublishChoice>, publish: boolean): Promise<void> {
  pick.activeItems = pick.items.filter((item) => item.publish === publish);
  // The extension host sends a pick's changes on its next turn: the accept must follow them to the workbench.
  await delay(100);
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
}

/** Runs Trigger Update and answers its confirmation: the outcome, and what it asked. */
async function triggerUpdate(publish: boolean): Promise<{ result: UpdateOutcome; question: vscode.QuickPick<PublishChoice> }> {
  const asked = nextConfirmation();
  const running = vscode.commands.executeCommand<UpdateOutcome>('docsJson.triggerUpdate');
  const question = await asked;
  await answer(question, publish);
  return { result: await running, question };
}

test('Trigger Update asks first: the project, the open errors, and that the service deploys the branch; Enter alone starts nothing', async () => {
  const { updateStatus } = await api();
  assert.equal(await vscode.commands.executeCommand('docsJson.setAdminKey', config.keys.admin), true);
  const before = updateStatus.text;
  const asked = nextConfirmation();
  const running = vscode.commands.executeCommand<UpdateOutcome>('docsJson.triggerUpdate');
  const question = await asked;
  assert.equal(question.title, "Publish project 'acme-docs' to production?");
  assert.match(question.placeholder ?? '', /^\d+ errors are open in the Problems panel\./);
  const publish = question.items.find((item) => item.publish);
  assert.match(publish?.detail ?? '', /builds the site from the repository's branch, not from this editor/);
  assert.equal(question.activeItems[0]?.publish, false, 'Cancel is where Enter lands');
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  assert.equal((await running).outcome, 'cancelled');
  assert.equal(updateStatus.text, before, 'nothing started');
});

test('an update that fails shows as failed in the status bar', async () => {
  const { updateStatus } = await api();
  await withProjectId('acme-broken', async () => {
    const { result } = await triggerUpdate(true);
    assert.equal(result.outcome, 'failure');
    assert.equal(updateStatus.text, '$(error) Docs: update failed');
  });
});

test('an update the service refuses did not start: the status bar says so, not "could not be followed"', async () => {
  const { updateStatus } = await api();
  await withProjectId('ghost-project', async () => {
    const { result } = await triggerUpdate(true);
    assert.equal(result.outcome, 'error');
    assert.equal(updateStatus.text, '$(warning) Docs: update did not start');
  });
});

test('Trigger Update against the local service ends in success, shown in the status bar', async () => {
  const { updateStatus } = await api();
  const { result } = await triggerUpdate(true);
  assert.equal(result.outcome, 'success');
  assert.ok(result.outcome === 'success' && result.status.logs.length > 0);
  assert.equal(updateStatus.text, '$(check) Docs: update succeeded');
  assert.equal(updateStatus.visible, true);
});

/** The workspace's .vscode/settings.json as it is on disk. */
function workspaceSettingsFile(): string {
  return readFileSync(join(config.workspace, '.vscode', 'settings.json'), 'utf8');
}

/** Runs Trigger Update with no project id set, types `acme-docs` and answers where to keep it with `target`. */
async function typeProjectIdInto(target: vscode.ConfigurationTarget): Promise<void> {
  const { onDidPromptForSetting, onDidAskSettingsTarget } = await api();
  const prompt = next(onDidPromptForSetting);
  const where = next(onDidAskSettingsTarget);
  const confirmation = nextConfirmation();
  const running = vscode.commands.executeCommand<UpdateOutcome>('docsJson.triggerUpdate');
  const asked = await prompt;
  assert.equal(asked.name, 'projectId');
  asked.input.value = 'acme-docs';
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  const pick = await where;
  assert.equal(pick.activeItems[0]?.target, vscode.ConfigurationTarget.Global, 'the user settings are where Enter lands');
  assert.match(pick.items.find((item) => item.target === vscode.ConfigurationTarget.Workspace)?.detail ?? '', /commits/);
  pick.activeItems = pick.items.filter((item) => item.target === target);
  await delay(100);
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  await answer(await confirmation, true);
  assert.equal((await running).outcome, 'success');
}

test('a missing project id is asked for, kept in the user settings unless the writer chooses the workspace, and the update goes on', async () => {
  const settings = () => vscode.workspace.getConfiguration('docsJson.api');
  try {
    await withProjectId(undefined, async () => {
      await typeProjectIdInto(vscode.ConfigurationTarget.Global);
      const held = settings().inspect('projectId');
      assert.deepEqual([held?.globalValue, held?.workspaceValue], ['acme-docs', undefined]);
      assert.doesNotMatch(workspaceSettingsFile(), /projectId/, "the repository's settings file is not written");
    });
    await settings().update('projectId', undefined, vscode.ConfigurationTarget.Global);
    await withProjectId(undefined, async () => {
      await typeProjectIdInto(vscode.ConfigurationTarget.Workspace);
      assert.equal(settings().inspect('projectId')?.globalValue, undefined);
      await waitFor('the workspace settings file to hold the project id', () => /"docsJson\.api\.projectId": "acme-docs"/.test(workspaceSettingsFile()));
    });
  } finally {
    await settings().update('projectId', undefined, vscode.ConfigurationTarget.Global);
  }
});

test('Set Up Service asks the base URL, the project id, the admin key and the assistant key in turn; a key the service refuses is not stored', async () => {
  const { onDidPromptForSetting, onDidPromptForKey } = await api();
  await vscode.commands.executeCommand('docsJson.clearAdminKey');
  const baseUrl = next(onDidPromptForSetting);
  const running = vscode.commands.executeCommand<boolean>('docsJson.setUpService');
  const first = await baseUrl;
  assert.deepEqual([first.name, first.input.step, first.input.totalSteps, first.input.value], ['baseUrl', 1, 4, config.serviceUrl]);
  const projectId = next(onDidPromptForSetting);
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  const second = await projectId;
  assert.deepEqual([second.name, second.input.value], ['projectId', 'acme-docs']);
  const keyPrompt = next(onDidPromptForKey);
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  const key = await keyPrompt;
  assert.ok(key.step === 'key');
  assert.equal(key.input.step, 3);
  // Well formed, but unknown to the service: refused there, the box stays open.
  key.input.value = 'svc_not_a_real_key_0000';
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  await waitFor('the service to refuse the key', () => /401/.test(String(key.input.validationMessage ?? '')));
  const assistantPrompt = next(onDidPromptForKey);
  key.input.value = config.keys.admin;
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  // The same flow asks the assistant key; Escape skips it.
  const assistant = await assistantPrompt;
  assert.ok(assistant.step === 'key');
  assert.deepEqual([assistant.kind, assistant.input.step, assistant.input.totalSteps], ['assistant', 4, 4]);
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  assert.equal(await running, true);
  assert.equal(await vscode.commands.executeCommand('docsJson.setAdminKey', 'svc_not_a_real_key_0000'), false, 'a refused key is not stored by the command either');
});

test('a missing assistant key is asked for (with its prefix), checked, stored, and the question answered', async () => {
  await vscode.commands.executeCommand('docsJson.clearAssistantKey');
  const keyPrompt = nextPrompt();
  const asked = vscode.commands.executeCommand<{ answer: string } | undefined>('docsJson.askAssistant', 'How do I authenticate requests?');
  const prompt = await keyPrompt;
  assert.ok(prompt.step === 'key');
  assert.equal(prompt.kind, 'assistant');
  assert.match(prompt.input.prompt ?? '', /svc_dsc_/);
  assert.equal(prompt.input.password, true);

  // The admin key is refused while typing: an assistant key starts with svc_dsc_.
  prompt.input.value = config.keys.admin;
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  await waitFor('the prefix warning', () => /svc_dsc_/.test(String(prompt.input.validationMessage ?? '')));

  const storePrompt = nextPrompt();
  prompt.input.value = config.keys.assistant;
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  const offer = await storePrompt;
  assert.ok(offer.step === 'store');
  assert.match(offer.pick.items[0].label, /Store/);
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');

  const answer = await asked;
  assert.ok(answer && answer.answer.length > 0, 'the assistant answered');
  assert.match(answer.answer, /key/i);

  // Stored: the next question is answered without a prompt.
  let promptedAgain = false;
  const watch = (await api()).onDidPromptForKey(() => (promptedAgain = true));
  const again = await vscode.commands.executeCommand<{ answer: string } | undefined>('docsJson.askAssistant', 'What is Acme?');
  watch.dispose();
  assert.equal(promptedAgain, false);
  assert.ok(again && again.answer.length > 0);
});

/** Runs `body` with the base URL set to a service of its own, whose requests it sees; the keys are put back after. */
async function withOwnService(body: (service: LocalService) => Promise<void>): Promise<void> {
  const service = await startService();
  const settings = vscode.workspace.getConfiguration('docsJson.api');
  try {
    await settings.update('baseUrl', service.url, vscode.ConfigurationTarget.Global);
    await body(service);
  } finally {
    await settings.update('baseUrl', config.serviceUrl, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('docsJson.setAdminKey', config.keys.admin);
    await vscode.commands.executeCommand('docsJson.setAssistantKey', config.keys.assistant);
    await service.close();
  }
}

test('Escape on a key prompt, or on the offer to store the key, ends the command and sends nothing', async () => {
  await withOwnService(async (service) => {
    await vscode.commands.executeCommand('docsJson.clearAssistantKey');
    let prompt = nextPrompt();
    let asked = vscode.commands.executeCommand<unknown>('docsJson.askAssistant', 'How do I authenticate requests?');
    assert.equal((await prompt).step, 'key');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await asked, undefined);

    prompt = nextPrompt();
    asked = vscode.commands.executeCommand<unknown>('docsJson.askAssistant', 'How do I authenticate requests?');
    const key = await prompt;
    assert.ok(key.step === 'key');
    const offer = nextPrompt();
    key.input.value = config.keys.assistant;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.equal((await offer).step, 'store');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await asked, undefined);
    assert.equal(service.requests.length, 0, 'no question was sent');

    // An admin key is tried first (one status read); Escape on the offer then starts no update.
    await vscode.commands.executeCommand('docsJson.clearAdminKey');
    prompt = nextPrompt();
    const update = vscode.commands.executeCommand<UpdateOutcome>('docsJson.triggerUpdate');
    const adminKey = await prompt;
    assert.ok(adminKey.step === 'key');
    const adminOffer = nextPrompt();
    adminKey.input.value = config.keys.admin;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.equal((await adminOffer).step, 'store');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal((await update).outcome, 'cancelled');
    assert.deepEqual(service.requests.map((request) => `${request.method} ${request.path}`), ['GET /v1/project/update-status/docs-json-key-check']);
  });
});

test('offline, an admin key can be kept unchecked: the box warns, a second Enter keeps it', async () => {
  const closed = await startService();
  await closed.close();
  const settings = vscode.workspace.getConfiguration('docsJson.api');
  try {
    await settings.update('baseUrl', closed.url, vscode.ConfigurationTarget.Global);
    // Subscribed before the command runs: Set Admin API Key shows its box at once.
    const prompt = next((await api()).onDidPromptForKey);
    const setting = vscode.commands.executeCommand<boolean>('docsJson.setAdminKey');
    const key = await prompt;
    assert.ok(key.step === 'key');
    key.input.value = config.keys.admin;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const warning = await waitFor('the warning that the service is not reached', () => {
      const message = key.input.validationMessage;
      return typeof message === 'object' && /could not be reached/.test(message.message) && message;
    });
    assert.equal(warning.severity, vscode.InputBoxValidationSeverity.Warning);
    let kept: boolean | undefined;
    void setting.then((value) => (kept = value));
    // The box is enabled again on the extension host's next turn: Enter until it is taken.
    await waitFor('the second Enter to keep the key', async () => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await delay(100);
      return kept !== undefined;
    });
    assert.equal(kept, true);
  } finally {
    await settings.update('baseUrl', config.serviceUrl, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('docsJson.setAdminKey', config.keys.admin);
  }
});

test('Show Update Status without an id lists the updates this editor started, newest first, and reads the one chosen', async () => {
  const { onDidListUpdates, updateStatus } = await api();
  const { result } = await triggerUpdate(true);
  assert.ok(result.outcome === 'success');
  const listed = next(onDidListUpdates);
  const shown = vscode.commands.executeCommand<{ _id: string; status: string } | undefined>('docsJson.showUpdateStatus');
  const pick = await listed;
  assert.equal(pick.items[0].id, updateStatus.statusId, 'the last update first');
  assert.ok(pick.items.filter((item) => item.id).length >= 2, 'the updates of the tests before are listed too');
  assert.equal(pick.items.at(-1)?.id, undefined, 'and a row to type another id');
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  const status = await shown;
  assert.deepEqual([status?._id, status?.status], [updateStatus.statusId, 'success']);
});

/** Runs Search Documentation for `query` and accepts the first result once the results are in (accepting an empty list does nothing). */
async function searchAndOpenFirst(query: string): Promise<SearchOutcome> {
  const searched = vscode.commands.executeCommand<SearchOutcome>('docsJson.searchDocs', query);
  let outcome: SearchOutcome | 'pending' = 'pending';
  void searched.then((value) => (outcome = value));
  await waitFor('a search result to be accepted', async () => {
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    return outcome !== 'pending';
  });
  return searched;
}

test('Search Documentation opens the local page file of a result', async () => {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const result = await searchAndOpenFirst('authenticate');
  assert.ok(result, 'a result was opened');
  assert.equal(result.local, true);
  assert.ok(result.opened.path.endsWith('/guides/authentication.mdx'), result.opened.toString());
  assert.ok(vscode.window.activeTextEditor?.document.uri.path.endsWith('/guides/authentication.mdx'));
});

test('agent jobs: create, follow up while active, read the status until done, refused follow-up after', async () => {
  const created = await vscode.commands.executeCommand<AgentJob | undefined>('docsJson.agentJob.create', 'Add a page about rate limits');
  assert.ok(created, 'a job was created');
  assert.equal(created.status, 'active');
  const followed = await vscode.commands.executeCommand<AgentJob | undefined>('docsJson.agentJob.followUp', created.id, 'Link it from the quickstart');
  assert.equal(followed?.id, created.id);
  const done = await waitFor('the job to complete', async () => {
    const job = await vscode.commands.executeCommand<AgentJob | undefined>('docsJson.agentJob.status', created.id);
    return job?.status === 'completed' && job;
  });
  assert.match(String(done.prLink), /^https:\/\//);
  const refused = await vscode.commands.executeCommand<AgentJob | undefined>('docsJson.agentJob.followUp', created.id, 'One more thing');
  assert.equal(refused, undefined);
});

/** Runs `body` with the extension pointed at the published local service (docsJson.api.form = published) and mint_ keys stored. */
async function withPublishedService(body: (service: LocalService) => Promise<void>): Promise<void> {
  const service = await startService({ api: 'published', updateTiming: { queuedMs: 200, inProgressMs: 600 }, assistantChunkDelayMs: 5 });
  const settings = vscode.workspace.getConfiguration('docsJson.api');
  try {
    await settings.update('baseUrl', service.url, vscode.ConfigurationTarget.Global);
    await settings.update('form', 'published', vscode.ConfigurationTarget.Global);
    // Each key is tried against the published service before it is stored (a 404 { error } for the key check's update).
    assert.equal(await vscode.commands.executeCommand('docsJson.setAdminKey', SERVICE_KEYS.mintIndex), false, 'an index key is no admin key');
    assert.equal(await vscode.commands.executeCommand('docsJson.setAdminKey', SERVICE_KEYS.mintAdmin), true);
    assert.equal(await vscode.commands.executeCommand('docsJson.setAssistantKey', SERVICE_KEYS.mintAssistant), true);
    await body(service);
  } finally {
    await settings.update('baseUrl', config.serviceUrl, vscode.ConfigurationTarget.Global);
    await settings.update('form', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('docsJson.setAdminKey', config.keys.admin);
    await vscode.commands.executeCommand('docsJson.setAssistantKey', config.keys.assistant);
    await service.close();
  }
}

test('the published form with mint_ keys: Deploy a Preview offers the checked-out branch, follows the deployment and opens the site', async () => {
  const { preview } = await api();
  const opened: string[] = [];
  preview.openUrl = async (url) => {
    opened.push(url.toString());
    return true;
  };
  await withPublishedService(async (service) => {
    const asked = next(preview.onDidAskBranch);
    const running = vscode.commands.executeCommand<PreviewOutcome>('docsJson.deployPreview');
    const input = await asked;
    assert.equal(input.value, (await currentGitBranch(config.workspace)) ?? '', 'the branch checked out in the workspace, if any');
    input.value = 'feature/FAQ page';
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await waitFor('a branch with a space to be refused', () => /no spaces/.test(String(input.validationMessage ?? '')));
    input.value = 'feature/faq';
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = await running;
    assert.equal(result.outcome, 'success');
    assert.equal(result.previewUrl, 'https://acme-docs-feature-faq.preview.docs.test');
    assert.deepEqual(opened, ['https://acme-docs-feature-faq.preview.docs.test/']);
    assert.ok(result.outcome === 'success' && result.status.logs.at(-1) === 'Deployed to https://acme-docs-feature-faq.preview.docs.test');
    const paths = service.requests.map((request) => `${request.method} ${request.path} ${request.status}`);
    assert.ok(paths.includes('POST /v1/project/preview/acme-docs 202'), paths.join('\n'));
    assert.ok(paths.some((line) => /^GET \/v1\/project\/update-status\/upd_\d+_acme-docs 200$/.test(line)));
  });
});

test('the published form with mint_ keys: the assistant, search and agent jobs reach the discovery and main servers', async () => {
  await withPublishedService(async (service) => {
    const answer = await vscode.commands.executeCommand<{ answer: string } | undefined>('docsJson.askAssistant', 'How do I authenticate requests?');
    assert.match(String(answer?.answer), /Authentication \(\/guides\/authentication\)/);
    assert.ok((await searchAndOpenFirst('authenticate'))?.opened.path.endsWith('/guides/authentication.mdx'));
    const job = await vscode.commands.executeCommand<AgentJob | undefined>('docsJson.agentJob.create', 'Add a page about previews');
    assert.equal(job?.status, 'active');
    const paths = service.requests.map((request) => `${request.method} ${request.path} ${request.status}`);
    for (const line of ['POST /discovery/v2/assistant/docs.acme.test/message 200', 'POST /discovery/v1/search/docs.acme.test 200', 'POST /v2/agent/acme-docs/job 201']) {
      assert.ok(paths.includes(line), `${line} in:\n${paths.join('\n')}`);
    }
  });
});
