// The `source` of every diagnostic the server publishes, shared with the VS Code client and the CLI through
// the protocol module (index.ts). Neutral: the findings of pages are published under it too (as `docs.json`, the Problems
// panel labelled a page's broken link `docs.json(broken-link)`, as if docs.json held it).
export const DIAGNOSTIC_SOURCE = 'docs';
