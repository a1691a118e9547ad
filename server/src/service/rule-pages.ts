import fs = require('node:fs');
import path = require('node:path');
import { pathToFileURL } from 'node:url';

// Each rule's page (docs/rules/<code>.md, generated) ships in the npm package and the .vsix, beside dist/. There is
// no public site for the pages yet, so a diagnostic links the installed file: a file: URI, which VS Code opens
// as a Markdown file and SARIF consumers show as the rule's help link.

/** Where the pages are: the nearest `docs/rules` above this code (dist/server/ or dist/cli/ in a bundle, server/src/service/ in source). */
function findRulePages(from: string): string | undefined {
  let dir = from;
  for (let up = 0; up <= 3; up++, dir = path.dirname(dir)) {
    const pages = path.join(dir, 'docs', 'rules');
    // A page every install has: a folder without it is someone else's docs/rules.
    if (fs.existsSync(path.join(pages, 'json-syntax.md'))) return pages;
  }
  return undefined;
}

let rulePages: string | null | undefined;
const links = new Map<string, { href: string } | undefined>();

/** `{ href }` of a rule's page (one object per code, shared by its diagnostics); undefined when no page ships. */
export function ruleDescription(code: string): { href: string } | undefined {
  if (rulePages === undefined) rulePages = findRulePages(__dirname) ?? null;
  if (rulePages === null) return undefined;
  if (!links.has(code)) {
    const page = path.join(rulePages, `${code}.md`);
    links.set(code, fs.existsSync(page) ? { href: pathToFileURL(page).href } : undefined);
  }
  return links.get(code);
}
