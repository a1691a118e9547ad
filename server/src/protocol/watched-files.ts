// The files whose changes the service needs to hear of, as globs for the client's watchers and file operations.
export { isPageFile, PAGE_FILE_GLOB } from '../checker/workspace/page-files';

/** Pages, docs.json and its `$ref` parts, OpenAPI specs. */
export const WATCHED_FILES = '**/*.{md,mdx,json,yaml,yml}';

/**
 * A repository's HEAD and the refs it may name (a commit or a checkout moves one of them): git history is read
 * again (translation-outdated, killed-url's HEAD). A repository whose `.git` is a file (a worktree, a submodule)
 * keeps them elsewhere and is not watched: its HEAD is read again after a change of a page on disk.
 */
export const GIT_HEAD_GLOB = '**/.git/{HEAD,packed-refs,refs/heads/**}';

/** `.mintignore`, whose patterns decide which files are pages of the site. */
export const MINT_IGNORE_GLOB = '**/.mintignore';
