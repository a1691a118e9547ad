import {
  Connection,
  createConnection,
  IPCMessageReader,
  IPCMessageWriter,
  MessageReader,
  MessageType,
  MessageWriter,
  ProposedFeatures,
  ShowMessageNotification,
  StreamMessageWriter,
} from 'vscode-languageserver/node';
import { megabytes } from '../language';
import { FrameReader, MAX_MESSAGE_BYTES, UnreadableStreamError } from './frame-reader';
import { LifecycleGate } from './lifecycle-gate';
import { inputFirst } from './input-first';

/**
 * The server's connection to its client: stdio (`--stdio`) or node IPC (`--node-ipc`, as VS Code starts it),
 * behind the lifecycle gate. Over stdio, frames are read within a size limit, and the end of stdin ends the
 * process (exit code 0 after `shutdown`, 1 otherwise), whether or not the client process still lives.
 */
export function connectToClient(argv = process.argv): Connection {
  let reader: MessageReader;
  let writer: MessageWriter;
  let frames: FrameReader | undefined;
  if (argv.includes('--node-ipc')) {
    reader = new IPCMessageReader(process);
    writer = new IPCMessageWriter(process);
  } else {
    frames = new FrameReader(process.stdin);
    reader = frames;
    writer = new StreamMessageWriter(process.stdout);
  }
  const gate = new LifecycleGate(reader, writer, () => inputFirst.received());
  const end = (why: string) => {
    process.stderr.write(`docs.json server: ${why}; exiting\n`);
    process.exit(gate.shutDown ? 0 : 1);
  };
  reader.onError((error) => {
    if (error instanceof UnreadableStreamError) end(error.message);
    else process.stderr.write(`docs.json server: ${error.message}\n`);
  });
  reader.onClose(() => end('the client closed the connection'));
  const connection = createConnection(ProposedFeatures.all, gate, writer);
  frames?.onSkipped((bytes) => {
    const message = `docs.json: a message of ${megabytes(bytes)} from the editor was ignored: messages are limited to ${megabytes(MAX_MESSAGE_BYTES)} (a document that large is not checked).`;
    connection.console.error(message);
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Error, message });
  });
  return connection;
}
