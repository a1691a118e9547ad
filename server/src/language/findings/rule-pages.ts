import fs = require('node:fs');
import path = require('node:path');
import { pathToFileURL } from 'node:url';

// Each rule's page (docs/rules/<code>.md, generated) ships in the npm package and the .vsix, beside dist/. There is
// no public site for the pages yet, so a diagnostic links the installed file: a file: URI, which VS Code opens
// as a Markdown file and SARIF consumers show as the rule's help link.

/** Where the pages are: the nearest `docs/rules` above this code (dist/server/ or dist/cli/ in a bundle, server/src/language/findings/ in source). */
function findRulePages(from: string): string | undefined {
  let dir = from;
  for (let up = 0; up <= 4; up++, dir = path.dirname(dir)) {
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

/** A rule's texts from its page: what SARIF's rule carries (shortDescription, fullDescription, help). */
export interface RuleTexts {
  /** The one-line summary. */
  summary: string;
  /** *What it checks*, Markdown. */
  checks: string;
  /** *Why* and *Fix*, Markdown. */
  why: string;
  fix: string;
}

const texts = new Map<string, RuleTexts | undefined>();

/** The texts of a rule's installed page (docs/rules/<code>.md); undefined when no page ships. */
export function ruleTexts(code: string): RuleTexts | undefined {
  if (!texts.has(code)) {
    const href = ruleDescription(code)?.href;
    let page: string | undefined;
    try {
      page = href === undefined ? undefined : fs.readFileSync(new URL(href), 'utf8');
    } catch {
      page = undefined;
    }
    texts.set(code, page === undefined ? undefined : parseRulePage(page));
  }
  return texts.get(code);
}

/** A generated page: `# code`, the summary, the default severity, then `## What it checks`, `## Why`, …, `## Fix`. */
export function parseRulePage(page: string): RuleTexts | undefined {
  const sections = new Map<string, string>();
  const parts = page.split(/^## /m);
  for (const part of parts.slice(1)) {
    const newline = part.indexOf('\n');
    sections.set(part.slice(0, newline).trim(), part.slice(newline + 1).trim());
  }
  const head = parts[0].split('\n').filter((line) => line.trim() !== '' && !line.startsWith('<!--') && !line.startsWith('# ') && !line.startsWith('Default severity'));
  const summary = head[0]?.trim();
  const checks = sections.get('What it checks');
  if (!summary || !checks) return undefined;
  return { summary, checks, why: sections.get('Why') ?? '', fix: sections.get('Fix') ?? '' };
}
