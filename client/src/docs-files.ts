import * as vscode from 'vscode';
import { pageFileCandidates, resolveDocsPath } from '../../server/src/protocol';

const EXCLUDE = '{**/node_modules/**,**/.git/**}';

/** Every docs.json of the workspace (on disk: virtual workspaces have none we can check). */
export async function findDocsJsonFiles(): Promise<vscode.Uri[]> {
  const found = await vscode.workspace.findFiles('**/docs.json', EXCLUDE, 50);
  return found.filter((uri) => uri.scheme === 'file').sort((a, b) => a.path.length - b.path.length || a.path.localeCompare(b.path));
}

/**
 * The local page file of a site URL path (`/guides/auth#keys` → `<docs root>/guides/auth.mdx`),
 * looked up beside each docs.json; undefined when no such file exists or the path leaves the docs folder.
 */
export async function localPageFor(urlPath: string, docsJsonFiles: vscode.Uri[]): Promise<vscode.Uri | undefined> {
  let written = urlPath.replace(/[?#].*$/, '');
  try {
    written = decodeURIComponent(written);
  } catch {
    // keep it as written
  }
  if (/^https?:\/\//i.test(written)) {
    try {
      written = new URL(written).pathname;
    } catch {
      return undefined;
    }
  }
  const resolved = resolveDocsPath(written);
  if (!resolved.inside) return undefined;
  for (const docsJson of docsJsonFiles) {
    const root = vscode.Uri.joinPath(docsJson, '..');
    for (const candidate of pageFileCandidates(resolved.relative)) {
      const uri = vscode.Uri.joinPath(root, ...candidate.split('/'));
      try {
        const stat = await vscode.workspace.fs.stat(uri);
        if (stat.type & vscode.FileType.File) return uri;
      } catch {
        // not there
      }
    }
  }
  return undefined;
}
