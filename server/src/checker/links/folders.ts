import { FileIndex } from '../workspace/file-index';

/** Every folder holding a file of the index (relative, no trailing `/`), built once per version of the index. */
export class FolderSet {
  private folders = new Set<string>();
  private version = -1;

  constructor(private readonly files: FileIndex) {}

  has(folder: string): boolean {
    if (this.version !== this.files.version) {
      this.folders = new Set();
      for (const file of this.files.all()) {
        for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
          const parent = file.slice(0, slash);
          if (this.folders.has(parent)) break;
          this.folders.add(parent);
        }
      }
      this.version = this.files.version;
    }
    return this.folders.has(folder);
  }
}
