// docs-json-settings note §3: values the schema cannot say (fonts `format` with `source`, `family` beside
// `heading`/`body`, contextual options: built-in names, each once).
import { diagnostic } from '../../diagnostics';
import { JValue, propertyOf, valueOf } from '../../json/json-tree';
import { nearest } from '../../text/nearest';
import { RuleContext } from '../rule-context';
import { MAX_SUGGESTED_LENGTH } from '../settings-files/rule';
import { RuleModule } from '../rule-module';

export const CONTEXTUAL_OPTIONS = [
  'copy', 'assistant', 'view', 'download-pdf', 'download-spec', 'chatgpt', 'claude', 'perplexity', 'grok', 'aistudio',
  'devin', 'windsurf', 'mcp', 'add-mcp', 'cursor', 'vscode', 'devin-mcp',
];

export function checkSettingsValues(context: RuleContext): void {
  const fonts = valueOf(context.model.root, 'fonts');
  for (const font of [fonts, valueOf(fonts, 'heading'), valueOf(fonts, 'body')]) checkFontFormat(font, context);
  if (propertyOf(fonts, 'family')) {
    for (const key of ['heading', 'body']) {
      const prop = propertyOf(fonts, key);
      if (!prop) continue;
      const range = { file: prop.file, offset: prop.keyOffset, length: prop.keyLength };
      context.report(diagnostic('ignored-key', range, `\`fonts.${key}\` has no effect: with \`family\` beside it, the platform drops \`heading\` and \`body\` silently`, { key }));
    }
  }
  checkContextualOptions(valueOf(valueOf(context.model.root, 'contextual'), 'options'), context);
}

function checkFontFormat(font: JValue | undefined, { report }: RuleContext): void {
  const source = propertyOf(font, 'source');
  if (!source || propertyOf(font, 'format')) return;
  const range = { file: source.file, offset: source.keyOffset, length: source.keyLength };
  report(diagnostic('missing-key', range, 'A font with `source` needs `format` (woff or woff2): the platform refuses it without', { key: 'format' }));
}

function checkContextualOptions(options: JValue | undefined, { report }: RuleContext): void {
  if (options?.type !== 'array') return;
  const seen = new Set<string>();
  for (const option of options.items) {
    if (option.type !== 'string') continue;
    if (!CONTEXTUAL_OPTIONS.includes(option.plain)) {
      const suggestion = option.plain.length > MAX_SUGGESTED_LENGTH ? undefined : nearest(option.plain, CONTEXTUAL_OPTIONS);
      const hint = suggestion ? `: did you mean '${suggestion}'?` : `; built-in options: ${CONTEXTUAL_OPTIONS.join(', ')}`;
      report(diagnostic('invalid-value', option, `'${option.plain}' is not a contextual option${hint}`, suggestion ? { suggestion } : undefined));
    } else if (seen.has(option.plain)) {
      report(diagnostic('invalid-value', option, `'${option.plain}' is listed twice: each contextual option may appear once`));
    }
    seen.add(option.plain);
  }
}

export const rule: RuleModule = {
  folder: 'settings-values',
  codes: {},
  check: checkSettingsValues,
};
