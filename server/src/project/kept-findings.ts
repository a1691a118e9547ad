import type { Diagnostic, LineMap, SourceFile } from '../checker';
import { detached } from '../checker/text/detached';

/**
 * A page's findings as PageLinks keeps them, holding nothing of the page's text: their file keeps its path and line
 * starts and reads the text again when asked (kept findings are dropped when their page changes), and their messages
 * and data, cut from the text, are copied. Kept as found, the 25,000-page synthetic site's findings held 154 MB of
 * page text until the check ended (issue 52).
 */
export function keptFindings(found: readonly Diagnostic[], read: () => string | undefined): Diagnostic[] {
  const files = new Map<SourceFile, SourceFile>();
  const keptFile = (file: SourceFile): SourceFile => {
    let kept = files.get(file);
    if (!kept) files.set(file, (kept = textlessFile(file, read)));
    return kept;
  };
  return found.map((d) => {
    const kept: Diagnostic = { code: d.code, severity: d.severity, message: detached(d.message), file: keptFile(d.file), offset: d.offset, length: d.length };
    if (d.data) kept.data = JSON.parse(JSON.stringify(d.data)) as Diagnostic['data'];
    return kept;
  });
}

function textlessFile(file: SourceFile, read: () => string | undefined): SourceFile {
  return new TextlessFile(file.path, file.lines, read);
}

/**
 * A class, not an object with its own getter: 21,000 kept files of the synthetic site took 7 MB more as literals
 * (each its property array, getter closure and accessor pair; issue 52).
 */
class TextlessFile implements SourceFile {
  constructor(
    public path: string,
    public lines: LineMap,
    private readonly read: () => string | undefined,
  ) {}

  get text(): string {
    return this.read() ?? '';
  }
}
