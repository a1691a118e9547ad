/**
 * The environment of a writer's shell for a program a test starts: without the npm_* variables of an `npm test`
 * around the test (npm's user agent, lifecycle and package variables change what a nested npm does).
 */
export function writerEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
}
