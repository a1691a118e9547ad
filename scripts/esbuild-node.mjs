// What every Node bundle of ours shares (dist/ by scripts/build.mjs, shipped/ by scripts/build-shipped.mjs).
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  // jsonc-parser's UMD build hides its requires from the bundler; its ESM build does not.
  mainFields: ['module', 'main'],
};
