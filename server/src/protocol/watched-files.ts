// The files whose changes the service needs to hear of, as globs for the client's watchers and file operations.
export { isPageFile, PAGE_FILE_GLOB } from '../checker/workspace/page-files';

/** Pages, docs.json and its `$ref` parts, OpenAPI specs. */
export const WATCHED_FILES = '**/*.{md,mdx,json,yaml,yml}';

/** `.mintignore`, whose patterns decide which files are pages of the site. */
export const MINT_IGNORE_GLOB = '**/.mintignore';
