#!/usr/bin/env node
// The language server for any editor: `docs-json-language-server --stdio`.
require('../dist/server/server.js');
