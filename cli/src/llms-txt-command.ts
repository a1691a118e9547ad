// `docs-json llms-txt [DIR]`: the llms.txt the platform will generate for the site, on stdout; what it leaves out
// and what falls past its cap on stderr. A repository's own llms.txt is served instead: then that file is checked.
import path = require('node:path');
import { createLanguageService, llmsTxtNotes, LlmsTxtPreview, whyDocsJsonUnreadable } from '../../server/src/language';
import { version } from '../../package.json';
import { findDocsFolder } from './find-docs';
import { CliIO, Command, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './io';
import { checkExternalUrls } from './external-links/link-checker';
import { externalCheckOptions, EXTERNAL_OPTIONS } from './external-links/external-check';
import { parseOptions, stringOption, UsageError } from './options';

const HELP = `usage: docs-json llms-txt [DIR] [--url URL] [--check-external [--allow-private-hosts]]
  prints the llms.txt the platform will generate for DIR/docs.json (default: the current folder), from the rules
  its documentation states: the site's name and description, markdown.instructions, the pages of the default
  language and version in navigation order (with seo.indexing "all", the others after them, alphabetically), each
  with the first paragraph of its description cut at 300 characters; hidden and noindex pages left out; the
  OpenAPI and AsyncAPI specs; the navigation's absolute URLs under Optional; at most 100,000 characters
  (descriptions shortened first, then the last entries dropped). On stderr: what was left out and why, and
  the entries without a description.
  When DIR has its own llms.txt the platform serves that one instead: it is checked (an H1 title first, every
  link to the site landing on a page or file), and the prediction is not printed.
  --url URL             the site's address, which the links start with (default: seo.metatags.canonical, else /)
  --check-external      with a custom llms.txt: also request its links to other sites (spec URLs, ...)
  --allow-private-hosts with --check-external: also links to loopback and private addresses
exit status: 0 printed (or the custom file has no problem), 1 the custom file has problems, 2 bad arguments or no docs.json.
`;

export const LLMS_TXT_COMMAND: Command = {
  help: HELP,
  async run(args, io) {
    try {
      return await llmsTxt(args, io);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      io.err(`docs-json llms-txt: ${error.message}\n`);
      return EXIT_USAGE;
    }
  },
};

async function llmsTxt(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseOptions(args, { url: { type: 'string' }, ...EXTERNAL_OPTIONS });
  if (positionals.length > 1) throw new UsageError(`llms-txt takes one folder, got ${positionals.length}`);
  const siteUrl = stringOption(values, 'url');
  if (siteUrl !== undefined && !/^https?:\/\/[^/\s]+/i.test(siteUrl)) throw new UsageError(`--url takes the site's address (https://docs.example.com), got '${siteUrl}'`);
  const { root, note } = findDocsFolder(path.resolve(io.cwd, positionals[0] ?? '.'), positionals[0] ?? path.resolve(io.cwd));
  if (note) io.err(`docs-json llms-txt: ${note}\n`);
  const unreadable = whyDocsJsonUnreadable(root);
  if (unreadable) throw new UsageError(`cannot read docs.json: ${unreadable}`);
  const external = externalCheckOptions(values, root, io.cwd);
  const service = createLanguageService();
  let preview: LlmsTxtPreview | null;
  try {
    const project = service.projectAt(root);
    service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
    preview = service.llmsTxt(project, siteUrl === undefined ? {} : { siteUrl });
  } finally {
    service.dispose();
  }
  if (!preview) throw new UsageError('the folder could not be read');
  if (preview.custom) return reportCustom(preview.custom, root, io, external && { ...external, userAgent: `docs-json-tools/${version} (llms.txt link check)` });
  io.out(preview.prediction.text);
  for (const line of llmsTxtNotes(preview)) io.err(`docs-json llms-txt: ${line}\n`);
  return EXIT_OK;
}

async function reportCustom(custom: NonNullable<LlmsTxtPreview['custom']>, root: string, io: CliIO, external: Parameters<typeof checkExternalUrls>[1] | undefined): Promise<number> {
  const file = path.relative(io.cwd, path.join(root, custom.file)).split(path.sep).join('/') || custom.file;
  const lines = custom.problems.map((p) => ({ ...p, severity: 'error' }));
  const skipped: string[] = [];
  if (external) {
    const verdicts = await checkExternalUrls(new Set(custom.external.map((link) => link.url)), external);
    for (const link of custom.external) {
      const verdict = verdicts.get(link.url);
      if (verdict?.kind === 'skipped') skipped.push(verdict.why);
      if (verdict?.kind === 'broken') lines.push({ line: link.line, column: link.column, severity: 'error', message: `'${link.url}' answers ${verdict.status}` });
      else if (verdict?.kind === 'unreachable') lines.push({ line: link.line, column: link.column, severity: 'warning', message: `'${link.url}' does not answer: ${verdict.why}` });
    }
  }
  lines.sort((a, b) => a.line - b.line || a.column - b.column);
  for (const p of lines) io.out(`${file}:${p.line}:${p.column}  ${p.severity}  ${p.message}\n`);
  const errors = lines.filter((p) => p.severity === 'error').length;
  // A link the address policy did not let through is said, not passed over in silence as if it answered.
  const skippedNote = skipped.length ? `; ${skipped.length} link${skipped.length === 1 ? '' : 's'} to other sites not requested (${skipped[0]})` : '';
  const externalNote = external ? skippedNote : custom.external.length ? `; ${custom.external.length} link${custom.external.length === 1 ? '' : 's'} to other sites not requested (--check-external does)` : '';
  io.err(`docs-json llms-txt: ${file} is the repository's own llms.txt, served instead of a generated one: ${custom.links} link${custom.links === 1 ? '' : 's'} read, ${errors} problem${errors === 1 ? '' : 's'}${externalNote}\n`);
  return errors ? EXIT_FAILURE : EXIT_OK;
}
