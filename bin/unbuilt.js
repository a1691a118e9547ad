// A bin whose bundle is not built (a clone installed with --ignore-scripts): one line that says what to run.
const path = require('node:path');

module.exports = function unbuilt(error, bundle) {
  if (error?.code !== 'MODULE_NOT_FOUND' || !String(error.message).includes(bundle)) throw error;
  const root = path.resolve(__dirname, '..');
  console.error(`docs-json-tools: ${bundle} is not built: run \`npm run build\` in ${root} (npm ci builds it)`);
  process.exit(2);
};
