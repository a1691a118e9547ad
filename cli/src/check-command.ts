import os = require('node:os');
import path = require('node:path');
import { Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { formatLanguageSummary } from './language-summary';
import { checkExternalLinks, EXTERNAL_HELP, ExternalCheckOptions, externalCheckOptions, EXTERNAL_OPTIONS } from './external-links/external-check';
import { BaseSite, createLanguageService, DocsLanguageService, MDX_BUDGET_MS, mdxWorkerScript, nameListsFile, readBaseSite, readTeamConfig, specValidationWorkerScript, SUPPRESSIONS_FILE, TeamConfig, whyDocsJsonUnreadable } from '../../server/src/language';
import { version } from '../../package.json';
import { PLATFORM_MATCH } from './platform-release';
import { collectGarbageNow } from './full-collection';
import { CachePlace, cachePlace, openMdxCache, plantedCacheNote } from './check-cache';
import { filesInFolder, takeFilesOption } from './check-files';
import { safeFixes, unifiedDiff, writeFixes } from './check-fix';
import { applySuppressions, SuppressionOptions, suppressionOptions } from './check-suppressions';
import { toCliDiagnostics } from './diagnostic-formats';
import { findDocsFolder } from './find-docs';
import { CliIO, Command, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './io';
import { parseOptions, secondsOption, stringListOption, stringOption, UsageError, wholeNumberOption } from './options';
import { repositoryRoot } from './repository-root';
import { Format, FORMATS, isFormat, render, renderPieces, reportFailure, ReportTarget, reportTargets, writeReports } from './reports';

const HELP = `usage: docs-json check [DIR] [--format text|json|sarif|github|summary|gitlab] [--report FORMAT=FILE]... [--quiet] [--max-warnings N]
                       [--language-code CODE]... [--base-path PATH] [--no-check-mdx] [--mdx-budget S] [--cache] [--cache-location PATH] [--suppress-all] [--suppress-rule R]... [--prune-suppressions]
                       [--suppressions-location FILE] [--files PATH...] [--check-external [--allow-private-hosts]] [--fix | --fix-dry-run]
                       [--base REF | --base-dir DIR]
  checks DIR/docs.json (default: the current folder), its $ref files and the files it names,
  the links, images and snippet imports inside every page, and every page's MDX syntax; DIR may be docs.json
  itself, or a folder (a repository's root) with exactly one folder below it that holds docs.json, then checked
  --format text         one line a finding, file:line:col  severity  code  message, then a summary (default)
  --format json         one JSON object: {"diagnostics": [...], "suppressed": [...]}, 1-based positions
  (text and json: files relative to the current folder when it holds DIR, else to DIR)
  --format sarif        SARIF 2.1.0, for code scanning: files relative to the repository's root (%SRCROOT%);
                        a run without results that says why when the check cannot run (exit 2)
  --format github       GitHub Actions annotations (::error file=…,line=…::message), files relative to the repository's root
  --format summary      a GitHub job summary in Markdown: counts per rule, the first findings linked to their lines
  --format gitlab       a GitLab code quality report (JSON), files relative to the repository's root
  --report FORMAT=FILE  also write that format to FILE (repeatable; a summary is appended, as $GITHUB_STEP_SUMMARY wants)
  (the repository's root: the nearest folder at or above DIR with .git; outside a repository, the current
  folder when DIR is inside it, else DIR)
  --quiet               errors only (warnings still count for --max-warnings)
  --max-warnings N      exit 1 when there are more than N warnings
  --language-code CODE  accept a language code beyond the specification's list (repeatable)
  --base-path PATH      the path the site is served under (/docs): links carrying it are read without it;
                        default: detected from the redirects, else the pages' links; '' for none
  --no-check-mdx        do not parse pages as the platform does (mdx-syntax, and the names the pages' expressions
                        read; on by default: the slow part, in worker threads); --check-mdx is still accepted and
                        changes nothing
  --mdx-budget S        the MDX parses' whole time (default ${MDX_BUDGET_MS / 1000} s); pages not parsed by then, or whose parse
                        takes over 30 s of CPU, get one mdx-not-checked finding (info: it does not fail the check)
  --cache               keep the pages' MDX verdicts in a file and reuse those of unchanged pages: in the user's
                        cache folder (\$XDG_CACHE_HOME or ~/.cache/docs-json-tools/sites/…), sealed with this
                        user's key (a cache made elsewhere, or found in the repository, is never used)
  --cache-location PATH the cache file, or a folder for it (for CI: keep ~/.cache/docs-json-tools too, it holds the key)
  --suppress-all        write every error and warning found to the suppressions file (counts per file and rule):
                        later checks list them apart and fail only on findings beyond them
  --suppress-rule R     the same for rule R only (repeatable)
  --prune-suppressions  drop suppressed findings that no longer occur from the suppressions file
  --suppressions-location FILE  the suppressions file (default: DIR/${SUPPRESSIONS_FILE})
  --fix                 apply the fixes that need no choice (the one quick fix the editor offers for a finding,
                        editing existing files only), then report what is left
  --fix-dry-run         print those fixes as a unified diff instead, write nothing (exit 0)
  --base REF            also report every URL the site served at the git ref REF (in a pull request: its base
                        branch) that it no longer serves and no redirect keeps (killed-url); REF is read with git
                        plumbing only (no checkout, no hook or filter of the repository runs)
  --base-dir DIR        the same against the docs folder DIR (the base revision, checked out elsewhere)
  --files PATH...       report only on these files (the folder is still read: links need it); paths outside DIR
                        are left out; takes every argument up to the next option (for pre-commit hooks)
${EXTERNAL_HELP}exit status: 0 no errors beyond the suppressed ones (warnings and below pass), 1 errors found (or more warnings than --max-warnings),
2 bad arguments, no docs.json or one it cannot read.
will it deploy: what the platform's build refuses (mdx-syntax, missing-snippet, …) and warns about (snippet-*);
  will it render: names no one defines (undefined-identifier), children a component drops (ignored-children).
  Nothing is deployed. Parity: ${PLATFORM_MATCH} (docs/parity/).
`;

export const CHECK_COMMAND: Command = {
  help: HELP,
  async run(args, io) {
    try {
      return await check(checkOptions(args, io), io);
    } catch (error) {
      if (!(error instanceof UsageError)) {
        // The CLI says it and exits 2 (main); the SARIF and the summary say it too.
        reportFailure(args, error instanceof Error ? error.message : String(error), io, version);
        throw error;
      }
      io.err(`docs-json check: ${error.message}\n`);
      reportFailure(args, error.message, io, version);
      return EXIT_USAGE;
    }
  },
};

interface CheckOptions {
  root: string;
  format: Format;
  extraLanguageCodes: string[];
  quiet: boolean;
  maxWarnings?: number;
  basePath?: string;
  checkMdx: boolean;
  /** Where `--cache` keeps its files, or why it cannot (a note, the check runs without). */
  cache?: CachePlace | { refused: string };
  /** `--mdx-budget`, in ms. */
  mdxBudgetMs?: number;
  suppressions: SuppressionOptions;
  /** `--fix`: write the safe fixes; `dry-run`: print them as a diff. */
  fix?: 'write' | 'dry-run';
  /** `--files`: the named files in the folder. */
  files?: ReturnType<typeof filesInFolder>;
  external?: ExternalCheckOptions;
  reports: ReportTarget[];
  /** The team's config file (docs-json.config.json) that holds for the folder; the service reads it too. */
  config: TeamConfig;
  /** `--base`, `--base-dir`: the site before the change. */
  base?: BaseSite;
}

function checkOptions(allArgs: string[], io: CliIO): CheckOptions {
  const { cwd } = io;
  const { rest: args, files } = takeFilesOption(allArgs);
  const { values, positionals } = parseOptions(args, {
    format: { type: 'string' },
    'language-code': { type: 'string', multiple: true },
    quiet: { type: 'boolean' },
    'max-warnings': { type: 'string' },
    'base-path': { type: 'string' },
    'check-mdx': { type: 'boolean' },
    'no-check-mdx': { type: 'boolean' },
    'mdx-budget': { type: 'string' },
    cache: { type: 'boolean' },
    'cache-location': { type: 'string' },
    'suppress-all': { type: 'boolean' },
    'suppress-rule': { type: 'string', multiple: true },
    'prune-suppressions': { type: 'boolean' },
    'suppressions-location': { type: 'string' },
    ...EXTERNAL_OPTIONS,
    report: { type: 'string', multiple: true },
    fix: { type: 'boolean' },
    'fix-dry-run': { type: 'boolean' },
    base: { type: 'string' },
    'base-dir': { type: 'string' },
  });
  const format = stringOption(values, 'format') ?? 'text';
  if (!isFormat(format)) throw new UsageError(`--format takes ${FORMATS.slice(0, -1).join(', ')} or ${FORMATS.at(-1)} (got '${format}')`);
  const reports = reportTargets(stringListOption(values, 'report'), cwd);
  const maxWarnings = wholeNumberOption(values, 'max-warnings', 0, Number.MAX_SAFE_INTEGER);
  const extraLanguageCodes = stringListOption(values, 'language-code');
  if (extraLanguageCodes.includes('')) throw new UsageError('--language-code takes a code');
  if (positionals.length > 1) throw new UsageError(`check takes one folder, got ${positionals.length}`);
  const { root, note } = findDocsFolder(path.resolve(cwd, positionals[0] ?? '.'), positionals[0] ?? path.resolve(cwd));
  if (note) io.err(`docs-json check: ${note}\n`);
  const unreadable = whyDocsJsonUnreadable(root);
  if (unreadable) throw new UsageError(`cannot read docs.json: ${unreadable}`);
  const config = readTeamConfig(root);
  if (config.problems.length) throw new UsageError(config.problems.join('; '));
  if (values.fix === true && values['fix-dry-run'] === true) throw new UsageError('--fix writes the fixes, --fix-dry-run prints them: give one');
  const basePath = stringOption(values, 'base-path');
  const base = baseSite(root, cwd, stringOption(values, 'base'), stringOption(values, 'base-dir'), io);
  const cacheLocation = stringOption(values, 'cache-location');
  const cache = values.cache === true || cacheLocation !== undefined ? cachePlace(root, cwd, cacheLocation, io.env, repositoryRoot(root, cwd)) : undefined;
  const external = externalCheckOptions(values, root, cwd);
  const suppressions = suppressionOptions(root, cwd, stringOption(values, 'suppressions-location'), values['suppress-all'] === true, stringListOption(values, 'suppress-rule'), values['prune-suppressions'] === true);
  return {
    root,
    format,
    extraLanguageCodes,
    quiet: values.quiet === true,
    maxWarnings,
    basePath,
    checkMdx: values['no-check-mdx'] !== true,
    mdxBudgetMs: secondsOption(values, 'mdx-budget'),
    cache,
    suppressions,
    files: files && filesInFolder(root, cwd, files),
    ...(values['fix-dry-run'] === true ? { fix: 'dry-run' as const } : values.fix === true ? { fix: 'write' as const } : {}),
    external: external && cache && 'mdx' in cache ? { ...external, cache: { file: cache.links, secret: cache.secret, inside: cache.inside } } : external,
    reports,
    config,
    base,
  };
}

/**
 * `--base REF` or `--base-dir DIR`, read; a usage error when it cannot be. A REF whose tree has no docs.json in the
 * folder served no URL from it (the pull request that sets the site up: cline #3230): said, and nothing compared.
 */
function baseSite(root: string, cwd: string, ref: string | undefined, dir: string | undefined, io: CliIO): BaseSite | undefined {
  if (ref !== undefined && dir !== undefined) throw new UsageError('--base reads a git ref, --base-dir a folder: give one');
  if (ref === undefined && dir === undefined) return undefined;
  const read = readBaseSite(root, ref !== undefined ? { ref } : { dir: path.resolve(cwd, dir!) });
  if ('problem' in read && read.noSite) {
    io.err(`docs-json check: ${read.problem}: no URL of it to compare, killed URLs not checked\n`);
    return undefined;
  }
  if ('problem' in read) throw new UsageError(read.problem);
  return read.site;
}

async function check(options: CheckOptions, io: CliIO): Promise<number> {
  const { root, format, quiet, maxWarnings, files, reports } = options;
  const place = options.cache && 'mdx' in options.cache ? options.cache : undefined;
  if (options.cache && 'refused' in options.cache) io.err(`docs-json check: no cache this run: ${options.cache.refused}\n`);
  const planted = place && plantedCacheNote(root, place);
  if (planted) io.err(`docs-json check: ${planted}\n`);
  const run = await runService(options, io, place);
  if ('dryRun' in run) {
    io.out(unifiedDiff(run.dryRun, (file) => path.relative(io.cwd, file).split(path.sep).join('/')));
    io.err(`docs-json check: --fix-dry-run: ${fixSummary(run.dryRun)} (nothing written)\n`);
    return EXIT_OK;
  }
  // The service and its project are out of reach from here on, and each copy of the findings is dropped once the
  // next is made (the 25,000-page synthetic site's 65,000 findings: issue 52).
  const { languages, truncatedAt } = run;
  collectGarbageNow();
  const all = toCliDiagnostics(root, run.byFile, files?.relative);
  const { diagnostics: found, notes } = applySuppressions(all, options.suppressions, files?.relative);
  for (const note of notes) io.err(`docs-json check: ${note}\n`);
  const failing = found.filter((d) => !d.suppressed);
  // JSON and SARIF carry suppressed findings, marked; the other outputs list what fails.
  const shown = (format: Format) => (format === 'json' || format === 'sarif' ? found : failing).filter((d) => !quiet || d.severity === 'error');
  if (truncatedAt !== undefined) io.err(`docs-json check: ${root} holds over ${truncatedAt.toLocaleString('en-US')} files: only that many are indexed, so pages are not checked for existence\n`);
  const repoRoot = repositoryRoot(root, io.cwd);
  const site = (format: Format) => ({ docsRoot: root, repoRoot, diagnostics: shown(format), env: io.env, version, cwd: io.cwd, rulePagesUrl: options.config.rulePagesUrl });
  writeReports(reports, (report) => render(report, site(report)), io.env, [repoRoot, repositoryRoot(io.cwd, io.cwd)]);
  if (format === 'github') (io.commands ?? io.out)(render(format, site(format)));
  else {
    for (const piece of renderPieces(format, site(format))) io.out(piece);
    if (format === 'text') io.out(formatLanguageSummary(languages) + suppressedLine(found.length - failing.length, path.relative(io.cwd, options.suppressions.file)));
  }
  // As eslint: warnings count against --max-warnings whether or not --quiet hides them.
  const warnings = failing.filter((d) => d.severity === 'warning').length;
  const tooManyWarnings = maxWarnings !== undefined && warnings > maxWarnings;
  if (tooManyWarnings) io.err(`docs-json check: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings}\n`);
  return failing.some((d) => d.severity === 'error') || tooManyWarnings ? EXIT_FAILURE : EXIT_OK;
}

/** What the language service found, once it is ended; or, for --fix-dry-run, the fixes it would write. */
type ServiceRun = { byFile: Map<string, LspDiagnostic[]>; languages: ReturnType<DocsLanguageService['languageStandings']>; truncatedAt?: number } | { dryRun: Awaited<ReturnType<typeof safeFixes>> };

/**
 * The check run to its end in a language service, which is ended before this returns: nothing of it (the project,
 * its index and kept findings) stays reachable while the findings are converted and rendered.
 */
async function runService(options: CheckOptions, io: CliIO, place: CachePlace | undefined): Promise<ServiceRun> {
  const { root, extraLanguageCodes, basePath, checkMdx, files, external } = options;
  // MDX syntax: the platform's parser, ~1 MB of CPU a second (Portkey's 1,069 pages: 1.3 -> 18.6 s CPU in one
  // thread), runs in a worker per core, at most MAX_MDX_WORKERS; the pages are checked once to queue them, then again with the verdicts.
  const mdxWorker = checkMdx ? mdxWorkerScript() : undefined;
  if (checkMdx && !mdxWorker) throw new UsageError('the MDX worker (mdx-worker.js) is missing beside the CLI (--no-check-mdx checks without it)');
  const mdxCache = place && mdxWorker ? openMdxCache(place, mdxWorker) : undefined;
  if (mdxCache?.notRead) io.err(`docs-json check: the cache ${mdxCache.file} was not used: ${mdxCache.notRead}\n`);
  // OpenAPI specs: validated as the platform validates them in a worker with a time budget; checked again once answered.
  const specValidationWorker = specValidationWorkerScript();
  const service = createLanguageService({ specValidationWorker, nameLists: nameListsFile(), ...(mdxWorker ? { mdxWorker, mdxWorkers: os.availableParallelism(), mdxCache, mdxBudgetMs: options.mdxBudgetMs } : {}) });
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes, addRedirectsOnRename: false, ...(basePath === undefined ? {} : { basePath }), ...(options.base ? { base: options.base } : {}) });
  // --files: only the named pages are checked (and parsed), against the whole folder.
  const pages = files?.absolute;
  // The check run to its end (specs validated, MDX verdicts in): docs.json's findings, then every page's.
  const findingsNow = () => service.folderFindings.settled(project, pages);
  // --fix, --fix-dry-run: the safe fixes applied in the service's texts, then the check of the fixed texts.
  const fixed = options.fix ? await safeFixes(service, project, findingsNow) : [];
  if (options.fix === 'dry-run') {
    service.dispose();
    mdxCache?.save();
    return { dryRun: fixed };
  }
  const byFile = await findingsNow();
  if (external) for (const [file, diagnostics] of await checkExternalLinks(service, project, external, io)) byFile.set(file, [...(byFile.get(file) ?? []), ...diagnostics]);
  const languages = service.languageStandings(project);
  const truncatedAt = project.files.truncated ? project.files.size : undefined;
  service.dispose();
  if (options.fix) {
    for (const problem of writeFixes(fixed)) io.err(`docs-json check: ${problem}\n`);
    io.err(`docs-json check: --fix: ${fixSummary(fixed)}\n`);
  }
  const written = mdxCache?.save();
  if (written) io.err(`docs-json check: the cache was not written to ${mdxCache?.file}: ${written}\n`);
  return { byFile, languages, truncatedAt };
}

function suppressedLine(count: number, file: string): string {
  return count ? `${count} suppressed problem${count === 1 ? '' : 's'} not listed (counted in ${file})\n` : '';
}

function fixSummary(fixed: { fixes: string[] }[]): string {
  const count = fixed.reduce((sum, f) => sum + f.fixes.length, 0);
  return count ? `${count} fix${count === 1 ? '' : 'es'} in ${fixed.length} file${fixed.length === 1 ? '' : 's'}` : 'nothing to fix';
}
