// The pass over every page takes its turns after the client's messages (issue 52: a keystroke's didChange and the
// completion after it are handled on two turns, and a page slice ran before each of them).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DataCallback, Message, MessageReader, MessageWriter } from 'vscode-languageserver/node';
import { InputFirst } from '../../server/src/lsp/input-first';
import { LifecycleGate } from '../../server/src/lsp/lifecycle-gate';

/** A fake event loop: each scheduled callback is one turn, run in order. */
function turns() {
  const queue: (() => void)[] = [];
  return {
    schedule: (run: () => void) => void queue.push(run),
    /** Runs the turns queued so far (those they queue run on the next call). */
    turn: () => queue.splice(0).forEach((run) => run()),
    get size() {
      return queue.length;
    },
  };
}

test('input first: with no message waiting, a step runs on the next turn', () => {
  const loop = turns();
  const first = new InputFirst(loop.schedule);
  const ran: string[] = [];
  first.later(() => ran.push('slice'));
  assert.deepEqual(ran, []);
  loop.turn();
  assert.deepEqual(ran, ['slice']);
});

test('input first: a step waits one more turn per message received, so a didChange and its completion go before the next slice', () => {
  const loop = turns();
  const first = new InputFirst(loop.schedule);
  const ran: string[] = [];
  first.later(() => ran.push('slice'));
  // The connection handles one message per turn: the didChange on this turn, the completion on the next.
  first.received();
  first.received();
  loop.schedule(() => {
    ran.push('didChange');
    loop.schedule(() => ran.push('completion'));
  });
  loop.turn();
  loop.turn();
  loop.turn();
  assert.deepEqual(ran, ['didChange', 'completion', 'slice']);
  assert.equal(loop.size, 0);
});

test('input first: however many messages came, a step waits a bounded number of turns', () => {
  const loop = turns();
  const first = new InputFirst(loop.schedule);
  for (let i = 0; i < 10_000; i++) first.received();
  let ran = false;
  first.later(() => (ran = true));
  let turnsTaken = 0;
  while (!ran) {
    loop.turn();
    turnsTaken++;
  }
  assert.ok(turnsTaken <= 17, `${turnsTaken} turns`);
  // The count is spent: the next step runs at once.
  let next = false;
  first.later(() => (next = true));
  loop.turn();
  assert.ok(next);
});

test('input first: the lifecycle gate tells of each message it passes on, not of those it refuses', () => {
  let listener: DataCallback | undefined;
  const reader = { listen: (callback: DataCallback) => ((listener = callback), { dispose: () => undefined }) } as unknown as MessageReader;
  const written: Message[] = [];
  const writer = { write: async (message: Message) => void written.push(message) } as unknown as MessageWriter;
  let admitted = 0;
  const passed: Message[] = [];
  new LifecycleGate(reader, writer, () => admitted++).listen((message) => passed.push(message));
  listener!({ jsonrpc: '2.0', id: 1, method: 'textDocument/completion' } as Message); // before initialize: refused
  assert.equal(admitted, 0);
  listener!({ jsonrpc: '2.0', id: 2, method: 'initialize', params: {} } as Message);
  listener!({ jsonrpc: '2.0', method: 'textDocument/didChange', params: {} } as Message);
  assert.equal(admitted, 2);
  assert.equal(passed.length, 2);
  assert.equal(written.length, 1, 'the early request was answered with an error');
});
