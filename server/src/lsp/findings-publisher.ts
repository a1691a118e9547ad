import { DocsProject, FindingsChanged, FindingsPart, FolderFindings } from '../language';
import { DiagnosticHub } from './diagnostic-hub';

/**
 * Publishes each docs folder's findings as the service tells they changed: each part of a folder (docs.json's
 * check, its orphan hints, its pages' links) is one source of the hub, which merges them per file.
 */
export function publishFindings(folders: FolderFindings, hub: DiagnosticHub, countsChanged: (project: DocsProject) => void): void {
  folders.onChanged((change: FindingsChanged) => {
    const source = sourceOf(change.project, change.part);
    if (change.files) hub.replaceFiles(source, change.byFile, change.files);
    else hub.replace(source, change.byFile, change.always);
    if (change.countsChanged) countsChanged(change.project);
  });
}

function sourceOf(project: DocsProject, part: FindingsPart): string {
  return part === 'docs-json' ? project.folder : part === 'orphans' ? `${project.folder}#orphans` : `${project.folder}#page-links`;
}
