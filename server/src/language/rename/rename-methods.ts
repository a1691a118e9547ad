import { TextEdit } from 'vscode-languageserver-types';
import { pushAll } from '../../checker/text/push-all';
import { DocsProject } from '../../project/docs-project';
import { DocsLanguageService } from '../api';
import { toChanges } from '../base/text-edits';
import { LanguageCore } from '../core';
import { pageLinkMoveEdits } from '../pages/page-features';
import { guardedEdit } from '../workspace/guarded-edit';
import { uriToPath } from '../workspace/uris';
import { MAX_RENAME_EDITS, Move, MoveIndex, pageMoveEdits, renameTooLarge } from './rename-files';
import { addedRedirectEdits, movedUrls, redirectDestinationEdits, transitUrls } from './rename-redirects';
import { wildcardRedirects } from './rename-wildcards';

/** The rename room: what a move of page files or folders changes in every docs folder it concerns. */
export function renameMethods(core: LanguageCore): Pick<DocsLanguageService, 'renameEdits'> {
  const { registry, contextOf, uriOf } = core;
  /**
   * Per docs folder, the sources of the redirects renames of this session added: a page moved on from where such
   * a redirect sends gets no redirect from there (see `transitUrls`).
   */
  const renameRedirects = new WeakMap<DocsProject, Set<string>>();
  return {
    renameEdits(renames) {
      const update: Record<string, TextEdit[]> = {};
      const redirects: Record<string, TextEdit[]> = {};
      const add = (into: Record<string, TextEdit[]>, changes: Record<string, TextEdit[]>) => {
        for (const [uri, list] of Object.entries(changes)) pushAll((into[uri] ??= []), list);
      };
      for (const project of registry.all()) {
        if (!project.settings.enable) continue;
        const moves: Move[] = [];
        for (const { oldUri, newUri } of renames) {
          const from = uriToPath(oldUri);
          const to = uriToPath(newUri);
          const fromRelative = from === undefined ? undefined : project.relative(from);
          const toRelative = to === undefined ? undefined : project.relative(to);
          if (fromRelative !== undefined && toRelative !== undefined) moves.push({ from: fromRelative, to: toRelative });
        }
        if (!moves.length) continue;
        const ctx = contextOf(project);
        const index = new MoveIndex(moves, (file) => project.files.has(file));
        const urls = movedUrls(ctx, index);
        const edits = toChanges([...pageMoveEdits(ctx, index), ...redirectDestinationEdits(ctx, index, urls)], uriOf);
        // Links inside pages that land on a moved file.
        for (const [file, list] of pageLinkMoveEdits(project, index)) pushAll((edits[uriOf(file)] ??= []), list);
        // A file that may not be written (see guarded-edit.ts) keeps its text; the others are still updated.
        const writableOnly = (changes: Record<string, TextEdit[]>) =>
          Object.fromEntries(Object.entries(changes).filter(([uri, list]) => guardedEdit(project.folder, { changes: { [uri]: list } })));
        add(update, writableOnly(edits));
        if (project.settings.addRedirectsOnRename) {
          let added = renameRedirects.get(project);
          if (!added) renameRedirects.set(project, (added = new Set()));
          const transit = transitUrls(ctx, added);
          add(redirects, writableOnly(toChanges(addedRedirectEdits(ctx, urls, wildcardRedirects(ctx, index, urls), transit, (source) => added.add(source)), uriOf)));
        }
      }
      let count = 0;
      for (const group of [update, redirects]) for (const list of Object.values(group)) count += list.length;
      if (count > MAX_RENAME_EDITS) return { update: {}, redirects: {}, tooLarge: renameTooLarge(count) };
      return Object.keys(update).length || Object.keys(redirects).length ? { update, redirects } : null;
    },
  };
}
