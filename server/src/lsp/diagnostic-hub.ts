import { createHash } from 'node:crypto';
import { Diagnostic as LspDiagnostic } from 'vscode-languageserver';

export type Publish = (file: string, diagnostics: LspDiagnostic[]) => void;

/**
 * Diagnostics by file from several sources (each docs folder's check, each folder's orphan hints), merged per
 * file. A source replaces its whole set at once; only files whose merged list changed are published again.
 */
export class DiagnosticHub {
  private readonly bySource = new Map<string, Map<string, LspDiagnostic[]>>();
  /** The sources with diagnostics on each file: a file's merge reads these, not every source (two per docs folder). */
  private readonly sourcesOf = new Map<string, Set<string>>();
  private readonly published = new Map<string, string>();

  constructor(private readonly publish: Publish) {}

  /** `always`: files published even when their diagnostics did not change (a checked docs.json, whose version moved on). */
  replace(source: string, byFile: Map<string, LspDiagnostic[]>, always: string[] = []): void {
    const previous = this.bySource.get(source);
    if (byFile.size) this.bySource.set(source, byFile);
    else this.bySource.delete(source);
    for (const file of previous?.keys() ?? []) if (!byFile.has(file)) this.forgetSource(file, source);
    for (const file of byFile.keys()) {
      let sources = this.sourcesOf.get(file);
      if (!sources) this.sourcesOf.set(file, (sources = new Set()));
      sources.add(source);
    }
    const files = new Set([...(previous?.keys() ?? []), ...byFile.keys(), ...always]);
    for (const file of files) this.flush(file, always.includes(file));
  }

  /**
   * Only `files` changed in the source's `byFile` (its other files are as published): those alone are published,
   * whatever they were before. A page opened or typed in costs that page, not every page with findings (4,000 pages
   * opened at once were 4,000 passes over the folder's findings).
   */
  replaceFiles(source: string, byFile: Map<string, LspDiagnostic[]>, files: string[]): void {
    if (byFile.size) this.bySource.set(source, byFile);
    else this.bySource.delete(source);
    for (const file of files) {
      if (byFile.has(file)) {
        let sources = this.sourcesOf.get(file);
        if (!sources) this.sourcesOf.set(file, (sources = new Set()));
        sources.add(source);
      } else this.forgetSource(file, source);
      this.flush(file, true);
    }
  }

  clear(source: string): void {
    this.replace(source, new Map());
  }

  clearAll(): void {
    for (const source of [...this.bySource.keys()]) this.clear(source);
  }

  /** `force`: published whatever it was before, and not compared next time either (no digest is made of it). */
  private flush(file: string, force = false): void {
    // Concatenated, not pushed as arguments: a file can have more diagnostics than a call takes arguments.
    let merged: LspDiagnostic[] = [];
    for (const source of this.sourcesOf.get(file) ?? []) merged = merged.concat(this.bySource.get(source)?.get(file) ?? []);
    if (force) {
      this.published.delete(file);
      this.publish(file, merged);
      return;
    }
    // A digest, not the JSON itself: a large docs.json's diagnostics are megabytes of text.
    const signature = createHash('sha1').update(JSON.stringify(merged)).digest('base64');
    if (this.published.get(file) === signature) return;
    if (merged.length) this.published.set(file, signature);
    else this.published.delete(file);
    this.publish(file, merged);
  }

  private forgetSource(file: string, source: string): void {
    const sources = this.sourcesOf.get(file);
    sources?.delete(source);
    if (sources?.size === 0) this.sourcesOf.delete(file);
  }
}
