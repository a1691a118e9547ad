import { parse, parseTree } from 'jsonc-parser';
import { checkDocs, DocsWorkspace } from '../server/src/checker';
import { jsonSchemaValidator } from './json-language-service';
import { oneCharEdits } from './one-char-edits';
import { SeededRandom } from './seeded-random';
import { median, round } from './stats';
import { timeInterleaved } from './timing';

export interface CheckFigures {
  repo: string;
  entries: number;
  docsJsonBytes: number;
  files: number;
  runs: number;
  /** Medians, in milliseconds. */
  checkMs: number;
  /** jsonc-parser `parse` (plain values): the floor. */
  parseMs: number;
  /** jsonc-parser `parseTree`, for reference. */
  parseTreeMs: number;
  /** vscode-json-languageservice parse + validation against schemas/docs.schema.json. */
  jsonLanguageServiceMs: number;
  checkToParse: number;
  checkToJsonLanguageService: number;
  diagnostics: number;
  jsonLanguageServiceDiagnostics: number;
}

/**
 * Full check of docs.json after a one-character edit, against the baselines on the same edited texts.
 * The workspace (file index, parsed specs) is built once, as the language server keeps it between keystrokes,
 * and so are the rules' findings.
 */
export async function measureCheck(repo: string, root: string, runs: number, seed: number): Promise<CheckFigures> {
  const workspace = new DocsWorkspace(root);
  const text = workspace.read('docs.json');
  if (text === undefined) throw new Error(`no docs.json in ${root}`);
  const first = checkDocs(workspace, text);
  // Each check gets the findings of the one before, as the language server's project passes them (the page-files
  // rule looks up only the entries whose fingerprint changed).
  let last = first;
  const edits = oneCharEdits(first.model, runs, new SeededRandom(seed));
  const validate = jsonSchemaValidator();
  let diagnostics = 0;
  let jsonDiagnostics = 0;
  const times = await timeInterleaved(
    {
      parse: (i) => parse(edits[i], [], { disallowComments: true, allowTrailingComma: false }),
      parseTree: (i) => parseTree(edits[i], [], { disallowComments: true, allowTrailingComma: false }),
      check: (i) => {
        last = checkDocs(workspace, edits[i], {}, last.findings);
        diagnostics = last.diagnostics.length;
      },
      jsonLanguageService: async (i) => {
        jsonDiagnostics = await validate(edits[i], i + 1);
      },
    },
    runs,
  );
  const checkMs = median(times.check);
  const parseMs = median(times.parse);
  const jsonMs = median(times.jsonLanguageService);
  return {
    repo,
    entries: first.model.elements.filter((e) => e.kind === 'page' || e.kind === 'endpoint').length,
    docsJsonBytes: Buffer.byteLength(text),
    files: workspace.files.size,
    runs,
    checkMs: round(checkMs),
    parseMs: round(parseMs),
    parseTreeMs: round(median(times.parseTree)),
    jsonLanguageServiceMs: round(jsonMs),
    checkToParse: round(checkMs / parseMs),
    checkToJsonLanguageService: round(checkMs / jsonMs),
    diagnostics,
    jsonLanguageServiceDiagnostics: jsonDiagnostics,
  };
}
