// Issue 23: a base path detected from the redirects (a site served under `/docs/`, see links/base-path.ts) is told once,
// as information, on the first redirect that carries it; not when a setting or option gives the base path.
import { diagnostic } from '../../diagnostics';
import { valueOf } from '../../json/json-tree';
import { siteLink } from '../../links/resolve-link';
import { RuleContext } from '../rule-context';
import { siteBasePath } from '../site-targets';
import { RuleModule } from '../rule-module';

export function checkDetectedBasePath(context: RuleContext): void {
  const list = valueOf(context.model.root, 'redirects');
  if (list?.type !== 'array') return;
  const { basePath: base, detected } = siteBasePath(context);
  if (!detected || base === undefined) return;
  const carries = (written: string) => {
    const at = siteLink(written)?.path;
    return at !== undefined && (at === base || at.startsWith(`${base}/`));
  };
  for (const item of list.items) {
    const source = valueOf(item, 'source');
    if (source?.type !== 'string' || !carries(source.plain)) continue;
    const message = `Links and redirects here carry '/${base}', which the file tree lacks: read as the site's base path (set docsJson.basePath or --base-path to override, '' for none)`;
    context.report(diagnostic('base-path', source, message));
    return;
  }
}

export const rule: RuleModule = {
  folder: 'detected-base-path',
  codes: { 'base-path': 'info' },
  check: checkDetectedBasePath,
};
