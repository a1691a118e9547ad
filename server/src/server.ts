// The language server's entry: `node dist/server/server.js --stdio` (or `--node-ipc`, as VS Code starts it).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { DocsServer } from './lsp/docs-server';
import { registerRequests } from './lsp/requests';

const connection = createConnection(ProposedFeatures.all);
registerRequests(connection, new DocsServer(connection));
connection.listen();
