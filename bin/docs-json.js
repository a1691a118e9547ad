#!/usr/bin/env node
try {
  require('../dist/cli/start.js');
} catch (error) {
  require('./unbuilt.js')(error, 'dist/cli/start.js');
}
