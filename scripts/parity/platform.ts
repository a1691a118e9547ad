// The platform's own parse and snippet resolution, loaded from an installed release (install.ts), run offline: the
// MDX parse every page goes through in its build and in `mint broken-links` (@mintlify/common's `getAST`), and the
// build's resolution of snippet imports with its warnings (`findAndRemoveImports`, `resolveAllImports`), and its
// reading of docs.json (@mintlify/prebuild's ConfigUpdater: `resolveRefs`, then `validateDocsConfig`, both from
// @mintlify/validation, what the build and `mint validate` run on the config).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

interface Common {
  getAST(text: string, filename?: string): unknown;
  findAndRemoveImports(tree: unknown): Promise<{ importMap: Record<string, unknown[]>; tree: unknown }>;
  resolveAllImports(params: { snippets: { filename: string; tree: unknown }[]; fileWithImports: { filename: string; tree: unknown; importMap: Record<string, unknown[]> }; onWarning?: (warning: { type: string; message: string }) => void }): Promise<unknown>;
  isSnippetExtension(extension: string): boolean;
}

interface Validation {
  resolveRefs(value: unknown, read: (relativePath: string) => Promise<string>): Promise<{ resolved: unknown }>;
  validateDocsConfig(value: unknown): { success: boolean; error?: { issues: unknown[] }; warnings?: unknown[] };
  formatIssue(issue: unknown): string;
}

export interface ConfigVerdict {
  /** The validator's issues, one line each, when it refuses the config; undefined when it takes it. */
  refused?: string;
  warnings: string[];
}

export interface Platform {
  version: string;
  /** The version of @mintlify/validation the release's build loads (an override may have changed it). */
  validationVersion: string;
  /** The build's verdict on a docs.json: its `$ref`s resolved with `read`, then validated. */
  configVerdict(config: unknown, read: (relativePath: string) => Promise<string>): Promise<ConfigVerdict>;
  /** The parse's error message, or undefined when the page parses. */
  parseError(text: string, filename: string): string | undefined;
  /** The build's warnings on the imports of each page (`type: message`), given every file of the site. */
  importWarnings(files: Map<string, string>, pages: string[]): Promise<Map<string, string[]>>;
}

export async function loadPlatform(folder: string): Promise<Platform> {
  // Read from the folder, not resolved: the packages' `exports` hide their package.json.
  const cliFolder = path.join(folder, 'node_modules/@mintlify/cli');
  const cliPackage = JSON.parse(fs.readFileSync(path.join(cliFolder, 'package.json'), 'utf8')) as { version: string };
  // @mintlify/common as the CLI resolves it (its own copy when it has one).
  const own = path.join(cliFolder, 'node_modules/@mintlify/common');
  const commonFolder = fs.existsSync(own) ? own : path.join(folder, 'node_modules/@mintlify/common');
  const commonPackage = JSON.parse(fs.readFileSync(path.join(commonFolder, 'package.json'), 'utf8')) as { main?: string; module?: string };
  const commonEntry = path.join(commonFolder, commonPackage.module ?? commonPackage.main ?? 'dist/index.js');
  // The modules of the parse and of the snippet resolution alone, where the release has them: the package's index
  // also loads its OpenAPI code, which a release installed with overrides may not load (a newer @mintlify/common
  // than the @mintlify/validation the registry serves).
  const parts = ['dist/mdx/remark.js', 'dist/mdx/snippets/index.js'].map((part) => path.join(commonFolder, part));
  const common = (parts.every((part) => fs.existsSync(part)) ? Object.assign({}, ...(await Promise.all(parts.map((part) => import(pathToFileURL(part).href))))) : await import(pathToFileURL(commonEntry).href)) as Common;
  // @mintlify/validation as @mintlify/prebuild (the build's config reading) resolves it.
  const prebuildFolder = [path.join(cliFolder, 'node_modules/@mintlify/prebuild'), path.join(folder, 'node_modules/@mintlify/prebuild')].find((f) => fs.existsSync(f));
  const validationFolder = [prebuildFolder && path.join(prebuildFolder, 'node_modules/@mintlify/validation'), path.join(cliFolder, 'node_modules/@mintlify/validation'), path.join(folder, 'node_modules/@mintlify/validation')].find((f): f is string => !!f && fs.existsSync(f));
  if (!validationFolder) throw new Error(`no @mintlify/validation in ${folder}: the release's build reads docs.json with it`);
  const validationPackage = JSON.parse(fs.readFileSync(path.join(validationFolder, 'package.json'), 'utf8')) as { version: string; main?: string; module?: string };
  const validation = (await import(pathToFileURL(path.join(validationFolder, validationPackage.module ?? validationPackage.main ?? 'dist/index.js')).href)) as Validation;
  return {
    version: cliPackage.version,
    validationVersion: validationPackage.version,
    async configVerdict(config, read) {
      let resolved: unknown;
      try {
        resolved = (await validation.resolveRefs(config, read)).resolved;
      } catch (error) {
        return { refused: `Error resolving $ref in docs.json: ${error instanceof Error ? error.message : String(error)}`, warnings: [] };
      }
      const result = validation.validateDocsConfig(resolved);
      // An issue of a union is written on several lines: one line each here.
      const line = (issue: unknown) => validation.formatIssue(issue).replace(/\s*\n\s*/g, ' ');
      const warnings = (result.warnings ?? []).map(line);
      return result.success ? { warnings } : { refused: (result.error?.issues ?? []).map(line).join('; ') || 'refused', warnings };
    },
    parseError(text, filename) {
      try {
        common.getAST(text, filename);
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message.split('\n')[0] : String(error);
      }
    },
    async importWarnings(files, pages) {
      // The snippets the build reads: files of a snippet extension (prebuild's categorizeFilePaths).
      const snippets: { filename: string; tree: unknown }[] = [];
      for (const [file, text] of files) {
        const extension = path.extname(file);
        if (!extension || !common.isSnippetExtension(extension)) continue;
        try {
          snippets.push({ filename: `/${file}`, tree: common.getAST(text, file) });
        } catch {
          // A snippet that does not parse is left out, as the build leaves it.
        }
      }
      const out = new Map<string, string[]>();
      for (const page of pages) {
        const warnings: string[] = [];
        try {
          const { importMap, tree } = await common.findAndRemoveImports(common.getAST(files.get(page) ?? '', page));
          await common.resolveAllImports({ snippets, fileWithImports: { filename: `/${page}`, tree, importMap }, onWarning: (w) => warnings.push(`${w.type}: ${w.message}`) });
        } catch (error) {
          warnings.push(`failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        out.set(page, warnings);
      }
      return out;
    },
  };
}
