import fs = require('node:fs');
import path = require('node:path');
import { FileIndex, isPageFile, ReadText, scanDocsFolder, SourceFile, DocsModel, SpecLoader } from '../../checker';
import type { SpecValidator } from '../../checker/openapi/spec-validation';
import { MAX_INDEXED_FILES, realTargetInside } from '../../checker/workspace/file-index';

/** The most files a docs folder's index holds (the language server tells the user of a folder over it). */
export { MAX_INDEXED_FILES };
/** The most files the search for a workspace folder's docs.json files goes over (told to the user too). */
export { MAX_WALKED_FILES } from '../../project/find-docs-folders';
import { MINT_IGNORE_FILE } from '../../checker/workspace/mint-ignore';
import { DocsProject } from '../../project/docs-project';
import type { MdxParsing } from '../../project/docs-project';
import type { NameLists } from '../../checker/icons/name-lists';
import { DocsFolderWalk, findDocsFolders, findDocsFoldersInSlices, isSkippedPath } from '../../project/find-docs-folders';
import { OwnedElsewhere } from '../../project/orphans';

const DATA = /\.(json|ya?ml)$/i;

export type FileChange = 'created' | 'changed' | 'deleted';

/** A file the client asks about, in the model of the docs folder that reads it. */
export interface Located {
  project: DocsProject;
  model: DocsModel;
  file: SourceFile;
}

/**
 * The docs folders (projects) of the workspace: found in its folders, made when a docs.json appears, dropped
 * when it goes. Knows which project a file belongs to and which projects a change of a file concerns.
 */
export class ProjectRegistry {
  private readonly byFolder = new Map<string, DocsProject>();
  private workspaceFolders: string[] = [];
  /** The walks for docs folders under way, by workspace folder. */
  private readonly walks = new Map<string, DocsFolderWalk>();

  constructor(
    private readonly readText: ReadText,
    private readonly specs: { loader?: SpecLoader; validator?: SpecValidator; onLoaded?: (project: DocsProject) => void; mdx?: MdxParsing; iconNames?: NameLists } = {},
  ) {}

  all(): DocsProject[] {
    return [...this.byFolder.values()];
  }

  /** Adds a workspace folder: the projects found in it (one walk of the folder). */
  addWorkspaceFolder(folder: string): DocsProject[] {
    if (!this.workspaceFolders.includes(folder)) this.workspaceFolders.push(folder);
    return findDocsFolders(folder).map((found) => this.ensure(found.folder, found.files));
  }

  /**
   * addWorkspaceFolder walked in slices, the event loop free between them: the projects found, or undefined when
   * `signal` aborted the walk (the folder was removed meanwhile); `stopped` when it ended at MAX_WALKED_FILES.
   */
  async addWorkspaceFolderInSlices(folder: string, signal: AbortSignal): Promise<{ projects: DocsProject[]; stopped: boolean } | undefined> {
    if (!this.workspaceFolders.includes(folder)) this.workspaceFolders.push(folder);
    const walk = new DocsFolderWalk(folder);
    this.walks.set(folder, walk);
    let walked: Awaited<ReturnType<typeof findDocsFoldersInSlices>>;
    try {
      walked = await findDocsFoldersInSlices(folder, { signal, pause: () => new Promise((resolve) => setImmediate(resolve)), known: (root) => this.completeIndex(root), walk });
    } finally {
      if (this.walks.get(folder) === walk) this.walks.delete(folder);
    }
    if (!walked || !this.workspaceFolders.includes(folder)) return undefined;
    return { projects: walked.found.map((found) => this.ensure(found.folder, found.files)), stopped: walked.stopped };
  }

  /**
   * The file index of the docs folder `folder`'s project when it lists every file a walk would find: none left out by
   * `.mintignore` patterns (the platform's own list leaves out folders such as `.github/`, which hold no docs folder).
   */
  private completeIndex(folder: string): FileIndex | undefined {
    const project = this.byFolder.get(folder);
    return project && project.workspace.ignore.isEmpty ? project.files : undefined;
  }

  /** Removes a workspace folder: the projects dropped with it. */
  removeWorkspaceFolder(folder: string): DocsProject[] {
    this.workspaceFolders = this.workspaceFolders.filter((f) => f !== folder);
    const removed = this.all().filter((p) => p.folder === folder || p.folder.startsWith(folder + path.sep));
    for (const project of removed) this.byFolder.delete(project.folder);
    return removed;
  }

  /** The project of a docs folder, made on first use; `files` is its file index when a scan already listed it. */
  ensure(folder: string, files?: FileIndex): DocsProject {
    let project = this.byFolder.get(folder);
    if (!project) {
      project = new DocsProject(folder, this.readText, files ?? this.walkedFiles(folder), this.specs.loader, this.specs.iconNames);
      project.onSpecLoaded = this.specs.onLoaded;
      project.workspace.specValidator = this.specs.validator;
      if (this.specs.mdx) project.parseMdxWith(this.specs.mdx);
      this.byFolder.set(folder, project);
    }
    return project;
  }

  /**
   * The files of a docs folder that is a workspace folder being walked (its docs.json opened meanwhile): the walk
   * is finished now and its index taken, instead of a second listing of the same files.
   */
  private walkedFiles(folder: string): FileIndex | undefined {
    return this.walks.get(folder)?.finish().found.find((found) => found.folder === folder)?.files;
  }

  isCurrent(project: DocsProject): boolean {
    return this.byFolder.get(project.folder) === project;
  }

  /** Projects whose folder holds a path, innermost first. */
  containing(file: string): DocsProject[] {
    return this.all()
      .filter((p) => p.contains(file))
      .sort((a, b) => b.folder.length - a.folder.length);
  }

  /** The project whose docs.json this is. */
  ofDocsJson(file: string): DocsProject | undefined {
    if (path.basename(file) !== 'docs.json') return undefined;
    return this.byFolder.get(path.dirname(file));
  }

  /** The model and source file for docs.json or a file it pulls in by `$ref`. */
  locate(file: string): Located | undefined {
    const own = this.ofDocsJson(file);
    for (const project of own ? [own] : this.containing(file)) {
      const model = project.model();
      const source = model.sources.find((s) => s.path === file);
      if (source) return { project, model, file: source };
    }
    return undefined;
  }

  /** Which files (relative to `project`) belong to a docs folder nested in it, with a docs.json of its own. */
  ownedElsewhere(project: DocsProject): OwnedElsewhere {
    // The folders above the file, looked up: a list of the nested projects, made per check, grew with the square
    // of the docs folders of a monorepo (3,000: 0.75 s of its start).
    return (relative) => {
      for (let slash = relative.indexOf('/'); slash >= 0; slash = relative.indexOf('/', slash + 1)) {
        if (this.byFolder.has(path.join(project.folder, relative.slice(0, slash)))) return true;
      }
      return false;
    };
  }

  /**
   * A docs.json was opened in the editor: its project, made if new (a docs.json not yet saved). Not one outside
   * the workspace folders, nor at a file system root: its folder would be walked at once, and a `file:docs.json`
   * (read as /docs.json) made the server walk the whole disk (23 s). `isOutside` tells such a file.
   */
  docsJsonOpened(file: string): DocsProject | undefined {
    if (isSkippedPath(file)) return undefined;
    return this.ofDocsJson(file) ?? (this.isOutside(file) ? undefined : this.ensure(path.dirname(file)));
  }

  /** A docs.json that makes no docs folder: outside the workspace folders (when there are some), or at a root. */
  isOutside(docsJson: string): boolean {
    const folder = path.dirname(docsJson);
    return path.dirname(folder) === folder || !this.isInWorkspace(folder);
  }

  /** A `$ref` part or a spec changed in an editor: the projects that read it. */
  textChanged(file: string): DocsProject[] {
    if (!DATA.test(file)) return [];
    return this.containing(file).filter((project) => {
      const relative = project.relative(file)!;
      project.fileChanged(relative);
      return project.dependsOn(relative);
    });
  }

  /**
   * Applies file events from the client: the projects to check again, and those removed with their docs.json.
   * `isOpen` tells which files an editor holds (their changes on disk do not count).
   */
  fileEvents(changes: { file: string; type: FileChange }[], isOpen: (file: string) => boolean): { touched: DocsProject[]; removed: DocsProject[] } {
    const touched = new Set<DocsProject>();
    const removed: DocsProject[] = [];
    for (const change of changes) {
      const { file } = change;
      const repository = gitRepositoryOf(file);
      if (repository !== undefined) {
        // HEAD or a ref moved: every docs folder in that repository reads its history again.
        for (const project of this.byFolder.values()) {
          if (project.folder !== repository && !project.folder.startsWith(repository + path.sep)) continue;
          project.headChanged();
          touched.add(project);
        }
        continue;
      }
      if (isSkippedPath(file)) continue;
      const type = kindOnDisk(change, this.containing(file));
      if (path.basename(file) === 'docs.json') {
        const folder = path.dirname(file);
        const existing = this.byFolder.get(folder);
        if (type === 'created' && this.isInWorkspace(folder)) touched.add(this.ensure(folder));
        else if (type === 'deleted' && existing) {
          this.byFolder.delete(folder);
          touched.delete(existing);
          removed.push(existing);
        }
      }
      for (const project of this.containing(file)) {
        const relative = project.relative(file)!;
        if (type === 'created') {
          if (addCreated(project, file, relative)) touched.add(project);
        } else if (type === 'deleted') {
          const wasPage = project.files.has(relative) ? isPageFile(relative) : true;
          project.fileRemoved(relative);
          if (wasPage || DATA.test(relative) || relative === MINT_IGNORE_FILE) touched.add(project);
        } else if (!isOpen(file)) {
          project.fileChanged(relative);
          if (project.dependsOn(relative)) touched.add(project);
        }
      }
    }
    return { touched: [...touched], removed };
  }

  private isInWorkspace(folder: string): boolean {
    return this.workspaceFolders.length === 0 || this.workspaceFolders.some((w) => folder === w || folder.startsWith(w + path.sep));
  }
}

/** The repository's folder when `file` is its `.git/HEAD`, `.git/packed-refs` or a ref under `.git/refs/heads/`. */
function gitRepositoryOf(file: string): string | undefined {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('.git');
  if (at < 1) return undefined;
  const inside = parts.slice(at + 1);
  const head = inside.length === 1 && (inside[0] === 'HEAD' || inside[0] === 'packed-refs');
  const ref = inside.length > 2 && inside[0] === 'refs' && inside[1] === 'heads';
  return head || ref ? parts.slice(0, at).join(path.sep) : undefined;
}

/**
 * An event's kind as the disk has it now. A watcher's event says that a path changed, but its kind can be stale: a
 * path deleted and made again at once (a test's clean-up and the next test's set-up, `git stash` and `git stash pop`,
 * a tool that deletes and rewrites) was reported as deleted last, or as changed after its deletion had been told,
 * and the index then lacked a file that was there until the server restarted (issue 48's translation move in the
 * real VS Code suite). A deletion of what exists is a creation; a creation or change of what is gone, a deletion; a
 * change of a file the index does not have, a creation.
 */
function kindOnDisk({ file, type }: { file: string; type: FileChange }, projects: readonly DocsProject[]): FileChange {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat) return 'deleted';
  if (type === 'deleted') return 'created';
  if (type === 'changed' && !stat.isDirectory() && projects.some((project) => !project.files.has(project.relative(file)!))) return 'created';
  return type;
}

/**
 * Adds a created file, or every file of a created folder; true when a check may change. A link that leads out of
 * the docs folder adds nothing, as the first scan does (a link to /usr was scanned, and its names offered).
 */
function addCreated(project: DocsProject, file: string, relative: string): boolean {
  let realFolder: string;
  try {
    realFolder = fs.realpathSync(project.folder);
  } catch {
    return false;
  }
  const target = realTargetInside(realFolder, file);
  if (!target) return false;
  if (!target.isDirectory) {
    project.fileAdded(relative);
    return isPageFile(relative) || DATA.test(relative) || relative === MINT_IGNORE_FILE;
  }
  for (const inner of scanDocsFolder(file).all()) project.fileAdded(`${relative}/${inner}`);
  return true;
}
