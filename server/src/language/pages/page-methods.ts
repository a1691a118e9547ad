import { Range } from 'vscode-languageserver-types';
import { DocumentFeatures } from '../api';
import { LanguageCore } from '../core';
import { completeComponent, hoverComponent } from './component-features';
import { completeFrontMatter, iconNameItems } from './front-matter-completion';
import { completePageLink, pageDocumentLinks, pageLinkDefinition, pageLinkHover } from './page-features';
import { completePageOpenApi, definitionPageOpenApi, hoverPageOpenApi } from './page-openapi';
import { pageOutline } from './page-outline';

/**
 * The pages room: the editor's features in a page (.mdx, .md), answered from its text and the folder's links;
 * nothing while the folder is off. Colors and formatting are docs.json's only.
 */
export function pageFeatures(core: LanguageCore): Omit<DocumentFeatures, 'codeActions'> {
  const { names, uriOf } = core;
  const page = (uri: string) => core.pageFile(uri)!;
  return {
    complete(project, uri, position, abilities = {}) {
      const file = page(uri);
      const icons = (typed: string, range: Range) => iconNameItems(project, names, typed, range);
      return project.settings.enable ? (completePageOpenApi(project, file, position) ?? completeFrontMatter(project, file, position, names) ?? completePageLink(project, file, position) ?? completeComponent(project, file, position, abilities.snippets ?? false, icons)) : null;
    },
    hover(project, uri, position) {
      const file = page(uri);
      return project.settings.enable ? (hoverPageOpenApi(project, file, position) ?? pageLinkHover(project, file, position) ?? hoverComponent(project, file, position)) : null;
    },
    definition(project, uri, position) {
      const file = page(uri);
      return project.settings.enable ? (definitionPageOpenApi(project, file, position, uriOf) ?? pageLinkDefinition(project, file, position, uriOf)) : null;
    },
    documentLinks(project, uri) {
      return project.settings.enable ? pageDocumentLinks(project, page(uri), uriOf) : null;
    },
    documentSymbols(project, uri) {
      const relative = project.relative(page(uri));
      const text = relative === undefined || !project.settings.enable ? undefined : project.workspace.read(relative);
      return text === undefined ? null : pageOutline(text);
    },
    documentColors: () => null,
    format: () => null,
  };
}
