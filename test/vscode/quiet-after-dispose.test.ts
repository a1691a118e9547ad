import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { quietAfterDispose } from '../../client/src/quiet-after-dispose';

/** As VS Code's output channels: writing after `dispose` throws. */
class Channel {
  readonly name = 'docs.json Language Server';
  lines: string[] = [];
  closed = false;
  info(line: string): void {
    if (this.closed) throw new Error('Channel has been closed');
    this.lines.push(line);
  }
  dispose(): void {
    this.closed = true;
  }
}

test('an output channel takes lines until it is disposed, and ignores them after', () => {
  const channel = new Channel();
  const quiet = quietAfterDispose(channel);
  quiet.info('Server started');
  assert.equal(quiet.name, 'docs.json Language Server');
  quiet.dispose();
  assert.doesNotThrow(() => quiet.info('Server process exited successfully'));
  assert.deepEqual(channel.lines, ['Server started']);
  assert.equal(channel.closed, true);
  quiet.dispose();
  assert.throws(() => channel.info('written to the channel itself'), /Channel has been closed/, 'the fake behaves as VS Code does');
});
