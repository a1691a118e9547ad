import path = require('node:path');
import url = require('node:url');
import { Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { githubCommand, oneLine } from '../../api/src';
import { RULES, ruleTexts, Severity, severityName, SUPPRESSIONS_FILE } from '../../server/src/language';
import { rebasedPath } from './repository-root';

/** A diagnostic as the CLI prints it: file relative to the docs folder, lines and columns 1-based. */
export interface CliDiagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
  /** Counted in the suppressions file: listed apart, does not fail the check. */
  suppressed?: true;
  /** The places in other files the finding refers to (a translation's source line): SARIF's relatedLocations. */
  related?: CliRelated[];
}

/** A related place: its file relative as `file` is, its line 1-based. */
export interface CliRelated {
  file: string;
  line: number;
  message: string;
}

/**
 * A check's diagnostics by absolute file path, as the CLI prints them: by file (relative to root), then position;
 * with `only`, of those files (relative) alone. The map is emptied as it is read: each file's published findings can
 * go as soon as they are converted (on a 25,000-page site, 65,000 findings: issue 52).
 */
export function toCliDiagnostics(root: string, byFile: Map<string, LspDiagnostic[]>, only?: ReadonlySet<string>): CliDiagnostic[] {
  const printed: CliDiagnostic[] = [];
  for (const [file, diagnostics] of byFile) {
    byFile.delete(file);
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (only && !only.has(relative)) continue;
    for (const d of diagnostics) printed.push(toCliDiagnostic(root, relative, d));
  }
  // sort is stable: diagnostics at one position keep the checker's order.
  return printed.sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
}

function toCliDiagnostic(root: string, file: string, d: LspDiagnostic): CliDiagnostic {
  const { start, end } = d.range;
  const related = d.relatedInformation?.flatMap(({ location, message }) => {
    if (!location.uri.startsWith('file:')) return [];
    const at = path.relative(root, url.fileURLToPath(location.uri)).split(path.sep).join('/');
    return [{ file: at, line: location.range.start.line + 1, message }];
  });
  return {
    file,
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
    severity: severityName(d.severity),
    code: String(d.code ?? ''),
    message: typeof d.message === 'string' ? d.message : d.message.value,
    ...(related?.length ? { related } : {}),
  };
}

export function formatText(diagnostics: CliDiagnostic[]): string {
  return textLines(diagnostics) + textSummary(diagnostics);
}

/** The text format's line of each finding, each ending in a newline. */
export function textLines(diagnostics: CliDiagnostic[]): string {
  // File names and messages (which quote page strings) come from the docs folder: each finding stays on its line.
  let text = '';
  for (const d of diagnostics) text += `${oneLine(d.file)}:${d.line}:${d.column}  ${d.severity}  ${oneLine(d.code)}  ${oneLine(d.message)}\n`;
  return text;
}

/** The text format's last line: the counts, or that nothing was found. */
export function textSummary(diagnostics: CliDiagnostic[]): string {
  return `${diagnostics.length ? countText(diagnostics) : 'No problems found'}\n`;
}

/**
 * `{"diagnostics": [...], "suppressed": [...]}`: what fails apart from what the suppressions file accepts (as eslint
 * keeps suppressedMessages apart), so that a consumer counting `diagnostics` counts what fails.
 */
export function formatJson(diagnostics: CliDiagnostic[]): string {
  const failing = diagnostics.filter((d) => !d.suppressed);
  const suppressed = diagnostics.filter((d) => d.suppressed).map(({ suppressed: _, ...d }) => d);
  return JSON.stringify({ diagnostics: failing, suppressed }, null, 2) + '\n';
}

const GITHUB_COMMAND = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' } as const;

/**
 * GitHub Actions annotations, one workflow command a finding. GitHub reads `file` from the repository's root, so
 * give diagnostics whose files are relative to it (`rebased`). Print through `CliIO.commands`.
 */
export function formatGithub(diagnostics: CliDiagnostic[]): string {
  return diagnostics
    .map((d) => {
      const properties = { file: d.file, line: d.line, col: d.column, endLine: d.endLine, endColumn: d.endColumn, title: d.code };
      return githubCommand(GITHUB_COMMAND[d.severity], properties, d.message);
    })
    .join('');
}

/** Diagnostics with files relative to `base` (the repository's root) instead of the docs folder `docsRoot`. */
export function rebased(diagnostics: CliDiagnostic[], docsRoot: string, base: string): CliDiagnostic[] {
  return diagnostics.map((d) => ({
    ...d,
    file: rebasedPath(docsRoot, d.file, base),
    ...(d.related ? { related: d.related.map((r) => ({ ...r, file: rebasedPath(docsRoot, r.file, base) })) } : {}),
  }));
}

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note', hint: 'note' } as const;
/** The base of every artifact URI: code scanning resolves it to the repository's checkout. */
const SRCROOT = '%SRCROOT%';

function sarifLog(version: string, run: object, rulePagesUrl?: string): string {
  const driver = {
    name: 'docs-json',
    version,
    rules: Object.entries(RULES).map(([id, level]) => ({ id, ...sarifRuleTexts(id, rulePagesUrl ?? releasedRulePages(version)), defaultConfiguration: { level: SARIF_LEVEL[level] } })),
  };
  const sarif = { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs: [{ tool: { driver }, ...run }] };
  return JSON.stringify(sarif, null, 2) + '\n';
}

/**
 * A rule's texts from its page (shortDescription, fullDescription, help), which code scanning shows beside an alert,
 * and `helpUri` only where the pages are public: `rulePagesUrl` with `{code}` standing for the rule. The installed
 * page's file: URI is left out, a dead link on any other machine.
 */
function sarifRuleTexts(id: string, rulePagesUrl: string | undefined): object {
  const texts = ruleTexts(id);
  const helpUri = rulePagesUrl?.replaceAll('{code}', encodeURIComponent(id));
  if (!texts) return helpUri ? { helpUri } : {};
  const markdown = [texts.checks, texts.why && `**Why.** ${texts.why}`, texts.fix && `**Fix.** ${texts.fix}`].filter(Boolean).map(withoutLocalLinks).join('\n\n');
  return {
    shortDescription: { text: plainMarkdown(texts.summary) },
    fullDescription: { text: plainMarkdown(texts.checks) },
    help: { text: plainMarkdown(markdown), markdown },
    ...(helpUri && { helpUri }),
  };
}

/** Links to other pages of the package (`../checks.md#…`) lose their target: they resolve nowhere in a report. */
function withoutLocalLinks(markdown: string): string {
  return mapLinks(markdown, (text, target) => (target.startsWith('https://') ? undefined : text));
}

function plainMarkdown(markdown: string): string {
  return mapLinks(markdown, (text) => text).replace(/\*\*([^*]+)\*\*/g, '$1');
}

/**
 * Each inline link `[text](target)` (no `]` in the text, no `)` in the target) replaced by what `replace` returns, or
 * kept where it returns undefined. A scan by hand: the regular expression for it is quadratic on a run of `[`.
 */
function mapLinks(markdown: string, replace: (text: string, target: string) => string | undefined): string {
  let out = '';
  let i = 0;
  while (i < markdown.length) {
    const open = markdown.indexOf('[', i);
    if (open < 0) break;
    const close = markdown.indexOf(']', open + 1);
    if (close < 0) break;
    const nextOpen = markdown.lastIndexOf('[', close);
    if (nextOpen !== open || markdown[close + 1] !== '(') {
      out += markdown.slice(i, nextOpen !== open ? nextOpen : close + 1);
      i = nextOpen !== open ? nextOpen : close + 1;
      continue;
    }
    const end = markdown.indexOf(')', close + 2);
    if (end < 0) break;
    const replaced = replace(markdown.slice(open + 1, close), markdown.slice(close + 2, end));
    out += markdown.slice(i, open) + (replaced ?? markdown.slice(open, end + 1));
    i = end + 1;
  }
  return out + markdown.slice(i);
}

/**
 * The rule pages of this release on its repository, when the manifest names one (package.json `homepage`, an https
 * GitHub repository, as the release workflow fills it in): `<homepage>/blob/v<version>/docs/rules/{code}.md`.
 */
function releasedRulePages(version: string): string | undefined {
  // The installed manifest, read when a SARIF is made (two folders up from dist/cli/ and from cli/src/ alike).
  let homepage: unknown;
  try {
    homepage = JSON.parse((require('node:fs') as typeof import('node:fs')).readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')).homepage;
  } catch {
    return undefined;
  }
  if (typeof homepage !== 'string') return undefined;
  const repo = /^(https:\/\/github\.com\/[\w.-]+\/[\w.-]+?)(?:\.git)?\/?(?:#.*)?$/.exec(homepage);
  return repo ? `${repo[1]}/blob/v${encodeURIComponent(version)}/docs/rules/{code}.md` : undefined;
}

/** SARIF 2.1.0, for code scanning: give diagnostics relative to `srcRoot`, the repository's root (`rebased`). */
export function formatSarif(diagnostics: CliDiagnostic[], version: string, srcRoot: string, rulePagesUrl?: string): string {
  return sarifLog(version, {
    originalUriBaseIds: { [SRCROOT]: { uri: url.pathToFileURL(srcRoot + path.sep).href } },
    results: diagnostics.map((d) => ({
      ruleId: d.code,
      level: SARIF_LEVEL[d.severity],
      message: { text: d.message },
      ...(d.suppressed ? { suppressions: [{ kind: 'external', justification: `counted in ${SUPPRESSIONS_FILE}` }] } : {}),
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: relativeUri(d.file), uriBaseId: SRCROOT },
            region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
          },
        },
      ],
      ...(d.related ? { relatedLocations: d.related.map(sarifRelated) } : {}),
    })),
  }, rulePagesUrl);
}

function sarifRelated(r: CliRelated, id: number): object {
  return {
    id,
    physicalLocation: { artifactLocation: { uri: relativeUri(r.file), uriBaseId: SRCROOT }, region: { startLine: r.line } },
    message: { text: r.message },
  };
}

/** The SARIF of a check that could not run (exit 2): no results, and why in a tool execution notification. */
export function formatSarifFailure(version: string, why: string): string {
  return sarifLog(version, {
    invocations: [{ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: why } }] }],
    results: [],
  });
}

/** A relative path as a URI reference: each segment percent-encoded (`a b#c%20.json` → `a%20b%23c%2520.json`). */
function relativeUri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

const GITLAB_SEVERITY = { error: 'major', warning: 'minor', info: 'info', hint: 'info' } as const;

/**
 * GitLab's code quality report: files relative to the repository's root (`rebased`). A fingerprint is the hash of
 * the rule, file, message and the finding's rank among its equals, not of its line: a line added above a finding
 * does not make it a new one in the merge request's widget.
 */
export function formatGitlab(diagnostics: CliDiagnostic[]): string {
  // crypto is loaded only when used: it is a cost at the CLI's start.
  const seen = new Map<string, number>();
  const report = diagnostics.map((d) => {
    const key = JSON.stringify([d.code, d.file, d.message]);
    const rank = seen.get(key) ?? 0;
    seen.set(key, rank + 1);
    return {
      description: d.message,
      check_name: d.code,
      fingerprint: (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(`${key}#${rank}`).digest('hex').slice(0, 32),
      severity: GITLAB_SEVERITY[d.severity],
      location: { path: d.file, lines: { begin: d.line } },
    };
  });
  return JSON.stringify(report, null, 2) + '\n';
}

/** Where the job summary's findings link to: the commit's files on GitHub (from GITHUB_* variables). */
export interface SummaryLinks {
  serverUrl: string;
  repository: string;
  sha: string;
}

export function summaryLinks(env: NodeJS.ProcessEnv): SummaryLinks | undefined {
  const { GITHUB_SERVER_URL: serverUrl, GITHUB_REPOSITORY: repository, GITHUB_SHA: sha } = env;
  return serverUrl && repository && sha && /^https:\/\/[^/\s]+$/.test(serverUrl) ? { serverUrl, repository, sha } : undefined;
}

const SUMMARY_TITLE = '### docs.json check';
const SUMMARY_ROWS = 50;
const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

/**
 * A GitHub job summary (Markdown, appended to $GITHUB_STEP_SUMMARY): the counts per rule, then the first findings
 * as a table, each linked to its line. Files relative to the repository's root (`rebased`); every page string is
 * escaped, so a message cannot add a link, an image or a table cell.
 */
export function formatSummary(diagnostics: CliDiagnostic[], links?: SummaryLinks): string {
  const lines = [SUMMARY_TITLE, ''];
  if (diagnostics.length === 0) return [...lines, 'No problems found'].join('\n') + '\n';
  lines.push(`${countText(diagnostics)}`, '', '| Rule | Errors | Warnings | Info | Hints |', '| --- | ---: | ---: | ---: | ---: |');
  const byRule = new Map<string, Record<Severity, number>>();
  for (const d of diagnostics) {
    const counts = byRule.get(d.code) ?? { error: 0, warning: 0, info: 0, hint: 0 };
    counts[d.severity]++;
    byRule.set(d.code, counts);
  }
  const total = (c: Record<Severity, number>) => SEVERITIES.reduce((sum, s) => sum + c[s], 0);
  for (const [code, counts] of [...byRule].sort((a, b) => total(b[1]) - total(a[1]) || (a[0] < b[0] ? -1 : 1))) {
    lines.push(`| ${markdownCell(code)} | ${SEVERITIES.map((s) => counts[s]).join(' | ')} |`);
  }
  lines.push('', '| Severity | Where | Rule | Message |', '| --- | --- | --- | --- |');
  for (const d of diagnostics.slice(0, SUMMARY_ROWS)) {
    const where = `${d.file}:${d.line}`;
    const cell = links ? `[${markdownCell(where)}](${fileLink(links, d)})` : markdownCell(where);
    lines.push(`| ${d.severity} | ${cell} | ${markdownCell(d.code)} | ${markdownCell(d.message)} |`);
  }
  if (diagnostics.length > SUMMARY_ROWS) lines.push('', `The first ${SUMMARY_ROWS} of ${diagnostics.length} findings; the annotations and the SARIF have them all.`);
  return lines.join('\n') + '\n';
}

/** The job summary of a check that could not run (exit 2). */
export function formatSummaryFailure(why: string): string {
  return `${SUMMARY_TITLE}\n\nThe check could not run: ${markdownCell(why)}\n`;
}

function countText(diagnostics: CliDiagnostic[]): string {
  const count = (s: Severity) => diagnostics.filter((d) => d.severity === s).length;
  return `${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'} (${count('error')} errors, ${count('warning')} warnings, ${count('info')} info, ${count('hint')} hints)`;
}

function fileLink({ serverUrl, repository, sha }: SummaryLinks, d: CliDiagnostic): string {
  const repo = repository.split('/').map(encodeURIComponent).join('/');
  return `${serverUrl}/${repo}/blob/${encodeURIComponent(sha)}/${relativeUri(d.file)}#L${d.line}`;
}

/** Text inside a Markdown table cell: on one line, HTML and Markdown punctuation escaped, `|` too. */
function markdownCell(text: string): string {
  return oneLine(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+!|~]/g, '\\$&');
}
