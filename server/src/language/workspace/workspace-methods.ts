import path = require('node:path');
import { isPageFile } from '../../checker';
import { Affected, DocsLanguageService } from '../api';
import { LanguageCore } from '../core';
import { CONFIG_FILE, layeredSettings, readTeamConfig } from './team-config';
import { uriToPath } from './uris';

export type WorkspaceMethods = Pick<
  DocsLanguageService,
  | 'addWorkspaceFolder'
  | 'addWorkspaceFolderInSlices'
  | 'removeWorkspaceFolder'
  | 'projects'
  | 'projectAt'
  | 'projectOf'
  | 'projectOfDocsJson'
  | 'isCurrent'
  | 'configure'
  | 'teamConfig'
  | 'uriOf'
  | 'openDocument'
  | 'changeDocument'
  | 'closeDocument'
  | 'fileEvents'
>;

/** The workspace room: docs folders, settings, open texts and file events in; the folders to check again out. */
export function workspaceMethods(core: LanguageCore): WorkspaceMethods {
  const { registry, texts, uris, uriOf } = core;
  const none = (): Affected => ({ check: [], orphans: [], removed: [] });
  /** A docs.json or data file changed in the editor; page files only change which orphan hints show. */
  const editorText = (file: string, opening: boolean): Affected => {
    if (path.basename(file) === 'docs.json') {
      const project = opening ? registry.docsJsonOpened(file) : registry.ofDocsJson(file);
      // Opened: checked again even when the text is what the last check read from disk, so that the new model
      // holds the editor's copy of the text and the disk's (megabytes on a large site) can go.
      if (project && opening) project.touch();
      return { ...none(), check: project ? [project] : [] };
    }
    if (isPageFile(file)) for (const project of registry.containing(file)) project.pageLinks.pageChanged(project.relative(file)!);
    return { ...none(), check: registry.textChanged(file) };
  };
  const withOrphans = (file: string, affected: Affected): Affected =>
    isPageFile(file) ? { ...affected, orphans: registry.containing(file) } : affected;

  return {
    addWorkspaceFolder: (folder) => registry.addWorkspaceFolder(folder),
    addWorkspaceFolderInSlices: (folder, signal) => registry.addWorkspaceFolderInSlices(folder, signal),
    removeWorkspaceFolder: (folder) => registry.removeWorkspaceFolder(folder),
    projects: () => registry.all(),
    projectAt: (folder) => registry.ensure(folder),
    projectOf: (uri) => {
      const file = uriToPath(uri);
      // Its own docs.json names a project without a model of it (one is built per keystroke otherwise).
      if (file === undefined) return undefined;
      // A page belongs to the innermost docs folder holding it.
      return registry.ofDocsJson(file) ?? registry.locate(file)?.project ?? (isPageFile(file) ? registry.containing(file)[0] : undefined);
    },
    projectOfDocsJson: (uri) => {
      const file = uriToPath(uri);
      return file === undefined ? undefined : registry.ofDocsJson(file);
    },
    isCurrent: (project) => registry.isCurrent(project),
    configure: (project, settings) => {
      project.editorSettings = settings;
      project.teamConfig = readTeamConfig(project.folder);
      project.settings = layeredSettings(settings, project.teamConfig);
      project.touch();
    },
    teamConfig: (project) => project.teamConfig,
    uriOf,

    openDocument(uri, text) {
      const file = uris.remember(uri);
      if (file === undefined) return none();
      texts.set(file, text);
      return withOrphans(file, editorText(file, true));
    },
    changeDocument(uri, text) {
      const file = uriToPath(uri);
      if (file === undefined) return none();
      texts.set(file, text);
      return editorText(file, false);
    },
    closeDocument(uri) {
      const file = uriToPath(uri);
      if (file === undefined) return none();
      // Unsaved text is gone: the disk's text counts again.
      texts.delete(file);
      return withOrphans(file, editorText(file, false));
    },
    fileEvents(changes) {
      const events = changes.flatMap(({ uri, type }) => {
        const file = uriToPath(uri);
        return file === undefined ? [] : [{ file, type }];
      });
      const before = new Map(registry.all().map((project) => [project, project.pageLinks.targetChanges]));
      const { touched, removed } = registry.fileEvents(events, (file) => texts.isOpen(file));
      // The team's config changed: every folder reads it again (it may hold for several).
      if (events.some((e) => path.basename(e.file) === CONFIG_FILE)) {
        for (const project of registry.all()) {
          project.teamConfig = readTeamConfig(project.folder);
          project.settings = layeredSettings(project.editorSettings, project.teamConfig);
          project.touch();
          if (!touched.includes(project)) touched.push(project);
        }
      }
      // An image or a download created or removed: the folders whose pages link to it are checked again too.
      const linked = [...before].filter(([project, changes]) => project.pageLinks.targetChanges !== changes && !touched.includes(project)).map(([project]) => project);
      return { check: [...touched, ...linked], orphans: [], removed };
    },
  };
}
