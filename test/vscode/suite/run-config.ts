import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by vscode.test.ts beside the bundled suites: where to report, and the local service to call. */
export interface RunConfig {
  resultsFile: string;
  workspace: string;
  serviceUrl: string;
  keys: { admin: string; assistant: string };
  /** The VS Code profile's data folder: the extension hosts' logs are under its `logs`. */
  userDataDir: string;
  /** A docs folder of 10,000 pages (docs.json and `big/`) swapped into the workspace before the window reloads. */
  largeSite: string;
  /** The pages `largeSite`'s docs.json lists without a file: what its check reports. */
  largeSiteMissingPage: string;
  /** Whether the host script (scripts/vscode-host.mjs) answers `DOCS_VSCODE_VIEW_PROGRESS`: not on desktop VS Code. */
  viewProgressProbe: boolean;
  /** Save a picture of the workbench (Docs view and Problems panel) here before the end. */
  screenshot?: string;
  /** Only these suites (index.ts's names), and no window reload: the smoke run of the installed .vsix. */
  suites?: string[];
  /** The id of the stand-in MDX extension installed beside ours (mdx.suite.ts expects its grammar and configuration). */
  mdxNeighbour?: string;
  /** Instead of the suites: the README's pictures of a corpus site (the workspace), saved in a folder. */
  screenshots?: ScreenshotsConfig;
}

export interface ScreenshotsConfig {
  folder: string;
  /** A page entry of the site's docs.json with no page file: its quick-fix menu is pictured. */
  missingPage: string;
}

export const CONFIG_FILE = 'run-config.json';

export function readRunConfig(): RunConfig {
  return JSON.parse(readFileSync(join(__dirname, CONFIG_FILE), 'utf8')) as RunConfig;
}

/** The one test of last.suite.ts: with isolation 'none' a run's stream ends only when the process would exit. */
export const LAST_TEST = 'the suites ran to their end';
