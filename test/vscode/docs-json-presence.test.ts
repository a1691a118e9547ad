// Issue 32: the Docs view and the commands show only where a docs.json is. The client keeps the context key
// `docsJson.hasDocsJson` (read by the manifest's `when` clauses) in step with the workspace's docs.json files.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocsJsonPresence, HAS_DOCS_JSON } from '../../client/src/navigation/docs-json-presence';

/** A workspace search whose answers the test releases one by one, and the context keys set, in order. */
function fakeWorkspace() {
  const pending: { resolve: (files: string[]) => void; reject: (error: Error) => void }[] = [];
  const contexts: [string, boolean][] = [];
  const find = () => new Promise<string[]>((resolve, reject) => pending.push({ resolve, reject }));
  const setContext = async (key: string, value: boolean) => {
    contexts.push([key, value]);
  };
  return { pending, contexts, presence: new DocsJsonPresence(find, setContext) };
}

test('the key is false in a workspace without docs.json, true once one is created, false again once it is deleted', async () => {
  const { pending, contexts, presence } = fakeWorkspace();
  const first = presence.list();
  assert.equal(presence.list(), first, 'one search until something changes');
  pending.shift()!.resolve([]);
  assert.deepEqual(await first, []);
  assert.deepEqual(contexts, [[HAS_DOCS_JSON, false]]);

  presence.forget(); // docs.json created
  const second = presence.list();
  pending.shift()!.resolve(['/site/docs.json']);
  assert.deepEqual(await second, ['/site/docs.json']);
  presence.forget(); // docs.json deleted
  const third = presence.list();
  pending.shift()!.resolve([]);
  await third;
  assert.deepEqual(contexts, [[HAS_DOCS_JSON, false], [HAS_DOCS_JSON, true], [HAS_DOCS_JSON, false]]);
});

test('a search overtaken by a later one sets nothing: the answer of the last search decides', async () => {
  const { pending, contexts, presence } = fakeWorkspace();
  const stale = presence.list();
  presence.forget(); // a docs.json appears while the first search runs
  const fresh = presence.list();
  const [slow, quick] = pending;
  quick.resolve(['/site/docs.json']);
  await fresh;
  slow.resolve([]);
  await stale;
  assert.deepEqual(contexts, [[HAS_DOCS_JSON, true]]);
});

test('a failed search is not kept: the next list() searches again', async () => {
  const { pending, contexts, presence } = fakeWorkspace();
  const failed = presence.list();
  pending.shift()!.reject(new Error('search cancelled'));
  await assert.rejects(failed, /search cancelled/);
  const retried = presence.list();
  assert.notEqual(retried, failed);
  pending.shift()!.resolve(['/docs.json']);
  assert.deepEqual(await retried, ['/docs.json']);
  assert.deepEqual(contexts, [[HAS_DOCS_JSON, true]]);
});

test("at a start the key is this workspace's last answer until the first search ends, which is then kept", async () => {
  const kept = new Map<string, unknown>([[HAS_DOCS_JSON, true]]);
  const memory = { get: (key: string) => kept.get(key), update: async (key: string, value: boolean) => void kept.set(key, value) };
  const contexts: [string, boolean][] = [];
  let answer!: (files: string[]) => void;
  const presence = new DocsJsonPresence(
    () => new Promise<string[]>((resolve) => (answer = resolve)),
    async (key, value) => void contexts.push([key, value]),
    memory,
  );
  assert.deepEqual(contexts, [[HAS_DOCS_JSON, true]], 'set before any search');
  const files = presence.list();
  answer([]);
  await files;
  assert.deepEqual(contexts, [[HAS_DOCS_JSON, true], [HAS_DOCS_JSON, false]]);
  assert.equal(kept.get(HAS_DOCS_JSON), false);
  // A workspace never searched before: nothing set until the search ends.
  const fresh: [string, boolean][] = [];
  new DocsJsonPresence(() => new Promise<string[]>(() => undefined), async (key, value) => void fresh.push([key, value]), { get: () => undefined, update: async () => undefined });
  assert.deepEqual(fresh, []);
});
