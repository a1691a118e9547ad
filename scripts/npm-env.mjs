/**
 * The environment without what npm gives the scripts it runs (npm_config_user_agent, npm_lifecycle_*, npm_package_*…),
 * for an npm started from one of them: under `npm test`, code-server's install read the outer npm's user agent
 * (Node 20) and failed.
 */
export function withoutNpmVariables(env = process.env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
}
