import { Diagnostic } from '../../checker';
import { ORPHAN_CODE } from '../../project/project-settings';
import { DocsLanguageService } from '../api';
import { CheckedContext } from '../base/docs-context';
import { LanguageCore } from '../core';
import { toLspDiagnostic } from '../findings/diagnostics';
import { anchorsLinkedTo } from '../pages/new-page-file';
import { uriToPath } from '../workspace/uris';
import { codeActions } from './code-actions';
import { configureRuleActions } from './configure-rule-actions';
import { addToNavigationActions } from './orphan-actions';
import { rulePageActions } from './rule-page-actions';

type CodeActions = DocsLanguageService['codeActions'];

/** The fixes room, in docs.json and its `$ref` parts: the quick fixes of the folder's last check at the range. */
export function docsJsonCodeActions(core: LanguageCore): CodeActions {
  const { registry, contextOf, writable } = core;
  return (uri, range, context, abilities = {}) => {
    const file = uriToPath(uri);
    if (file === undefined) return null;
    const located = registry.locate(file);
    if (!located) return null;
    const { project } = located;
    if (!project.settings.enable) return null;
    const check = project.checked();
    const model = check.result.model;
    const source = model.sources.find((s) => s.path === file);
    if (!source) return null;
    const ctx: CheckedContext = { ...contextOf(project, model), diagnostics: check.result.diagnostics };
    const published = (d: Diagnostic) => toLspDiagnostic(d, project.settings);
    const start = source.lines.offsetAt(range.start);
    const end = source.lines.offsetAt(range.end);
    const fixes = writable(project, codeActions(ctx, source, start, end, { createFiles: abilities.createFiles ?? false, commands: abilities.commands ?? [], published, anchorsLinkedTo: (page) => anchorsLinkedTo(project, page) }));
    return [...fixes, ...configureRuleActions(context, abilities.commands ?? [])];
  };
}

/** The fixes room, in a page: the fixes of the page's findings, and adding an orphan page to the navigation. */
export function pageCodeActions(core: LanguageCore): CodeActions {
  const { registry, contextOf, writable, uriOf } = core;
  return (uri, _range, context, abilities = {}) => {
    const file = core.pageFile(uri);
    if (file === undefined) return null;
    const diagnostic = context.find((d) => d.code === ORPHAN_CODE);
    for (const project of registry.containing(file)) {
      const relative = project.relative(file)!;
      if (!project.settings.enable) continue;
      const linkFixes = writable(project, rulePageActions(project, file, context, uriOf, abilities));
      const configure = configureRuleActions(context, abilities.commands ?? []);
      if (!project.isOrphan(relative, registry.ownedElsewhere(project))) {
        if (linkFixes.length || configure.length) return [...linkFixes, ...configure];
        continue;
      }
      return [...linkFixes, ...writable(project, addToNavigationActions(contextOf(project), relative, diagnostic)), ...configure];
    }
    return null;
  };
}
