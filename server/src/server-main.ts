// The language server itself, bundled as dist/server/server-main.js; dist/server/server.js (server.ts) starts it.
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { startDocsLanguageServer } from './lsp/docs-language-server';

function connect() {
  if (!process.argv.includes('--stdio')) return createConnection(ProposedFeatures.all);
  const reader = new StreamMessageReader(process.stdin);
  // After a frame header without a usable Content-Length the reader cannot find the next header: end the session
  // (a client restarts the server) rather than keep running deaf. A body that is not JSON leaves the stream in step.
  reader.onError((error) => {
    if (!/Content-Length/.test(error.message)) return;
    process.stderr.write(`docs.json server: unreadable message from the client (${error.message}); exiting\n`);
    process.exit(1);
  });
  return createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(process.stdout));
}

const connection = connect();
startDocsLanguageServer(connection);
connection.listen();
