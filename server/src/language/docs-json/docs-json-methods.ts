import { DocumentFeatures } from '../api';
import { LanguageCore } from '../core';
import { uriToPath } from '../workspace/uris';
import { completeAt, completeInTypedText } from './completion';
import { definitionAt, documentLinks } from './definition';
import { colorPresentations, documentColors } from './document-colors';
import { formatJson } from './formatting';
import { hoverAt } from './hover';
import { documentSymbols } from './symbols';

/** The docs-json room: the editor's features in docs.json and its `$ref` parts, answered from the folder's model. */
export function docsJsonFeatures(core: LanguageCore): Omit<DocumentFeatures, 'codeActions'> & { colorPresentations: typeof colorPresentations } {
  const { registry, names, contextOf, locate } = core;
  return {
    complete(project, uri, position, abilities = {}) {
      const options = { snippets: abilities.snippets ?? false, extraLanguageCodes: project.settings.extraLanguageCodes, names };
      if (project.settings.enable && registry.isCurrent(project) && uriToPath(uri) === project.docsJsonPath) {
        const typed = project.typedText();
        const answer = typed && completeInTypedText(contextOf(project, typed.model), typed, position, options);
        if (answer) return answer;
      }
      const located = locate(project, uri);
      if (!located) return null;
      return completeAt(contextOf(project, located.model), located.file, located.file.lines.offsetAt(position), options);
    },
    hover(project, uri, position) {
      const located = locate(project, uri);
      return located ? hoverAt(contextOf(project, located.model), located.file, located.file.lines.offsetAt(position)) : null;
    },
    definition(project, uri, position) {
      const located = locate(project, uri);
      return located ? definitionAt(contextOf(project, located.model), located.file, located.file.lines.offsetAt(position)) : null;
    },
    documentLinks(project, uri) {
      const located = locate(project, uri);
      return located ? documentLinks(contextOf(project, located.model), located.file) : null;
    },
    documentSymbols(project, uri) {
      const located = locate(project, uri);
      return located ? documentSymbols(located.model, located.file) : null;
    },
    documentColors(project, uri) {
      const located = locate(project, uri);
      return located ? documentColors(located.model.root, located.file) : null;
    },
    colorPresentations,
    format(project, uri, formatting, range) {
      const located = locate(project, uri);
      return located ? formatJson(located.file, formatting, range) : null;
    },
  };
}
