#!/usr/bin/env node
require('../dist/cli/main.js').runFromProcess();
