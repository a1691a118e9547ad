// The language server itself, bundled as dist/server/server-main.js; dist/server/server.js (server.ts) starts it.
import { startDocsLanguageServer } from './lsp/docs-language-server';
import { connectToClient } from './lsp/transport';

const connection = connectToClient();
startDocsLanguageServer(connection);
connection.listen();
