#!/usr/bin/env node
// The language server for any editor: `docs-json-language-server --stdio`.
try {
  require('../dist/server/server.js');
} catch (error) {
  require('./unbuilt.js')(error, 'dist/server/server.js');
}
