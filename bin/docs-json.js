#!/usr/bin/env node
require('../dist/cli/start.js');
