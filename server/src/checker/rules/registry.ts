// Every rule, once: RULES (its codes and default severities, `npm run generate`), the docs.json checks, the page
// checks, their skip flags, the rule pages and the code lists are read from this list. The order is the order rules
// run in and the order of RULES. Adding a rule: its folder, and one line here.
import { RuleModule } from './rule-module';
import { rule as jsonSyntax } from './json-syntax/rule';
import { rule as refs } from './refs/rule';
import { rule as schemaStructure } from './schema-structure/rule';
import { rule as legacyKeys } from './legacy-keys/rule';
import { rule as rootPattern } from './root-pattern/rule';
import { rule as mixedChildren } from './mixed-children/rule';
import { rule as globalAnchors } from './global-anchors/rule';
import { rule as languageCodes } from './language-codes/rule';
import { rule as pageFiles } from './page-files/rule';
import { rule as openapiFiles } from './openapi-files/rule';
import { rule as openapiSchema } from './openapi-schema/rule';
import { rule as endpoints } from './endpoints/rule';
import { rule as apiCoverage } from './api-coverage/rule';
import { rule as expandedGroups } from './expanded-groups/rule';
import { rule as navigationKeySlips } from './navigation-key-slips/rule';
import { rule as duplicatePages } from './duplicate-pages/rule';
import { rule as settingsValues } from './settings-values/rule';
import { rule as settingsFiles } from './settings-files/rule';
import { rule as settingsLinks } from './settings-links/rule';
import { rule as redirects } from './redirects/rule';
import { rule as redirectChain } from './redirect-chain/rule';
import { rule as killedUrl } from './killed-url/rule';
import { rule as detectedBasePath } from './detected-base-path/rule';
import { rule as colorContrast } from './color-contrast/rule';
import { rule as languageParity } from './language-parity/rule';
import { rule as externalLinks } from './external-links/rule';
import { rule as translationLinks } from './translation-links/rule';
import { rule as translationDrift } from './translation-drift/rule';
import { rule as pageAnchors } from './page-anchors/rule';
import { rule as frontMatter } from './front-matter/rule';
import { rule as frontMatterOpenapi } from './front-matter-openapi/rule';
import { rule as pageLinks } from './page-links/rule';
import { rule as mdxSyntax } from './mdx-syntax/rule';
import { rule as imageAlt } from './image-alt/rule';
import { rule as linkName } from './link-name/rule';
import { rule as icons } from './icons/rule';
import { rule as components } from './components/rule';
import { rule as seoMetadata } from './seo-metadata/rule';
import { rule as agentPageSize } from './agent-page-size/rule';
import { rule as hiddenPages } from './hidden-pages/rule';
import { rule as snippetImports } from './snippet-imports/rule';
import { rule as renderReferences } from './render-references/rule';

export const RULE_MODULES: readonly RuleModule[] = [
  jsonSyntax,
  refs,
  schemaStructure,
  legacyKeys,
  rootPattern,
  mixedChildren,
  globalAnchors,
  languageCodes,
  pageFiles,
  openapiFiles,
  openapiSchema,
  endpoints,
  apiCoverage,
  expandedGroups,
  navigationKeySlips,
  duplicatePages,
  settingsValues,
  settingsFiles,
  settingsLinks,
  redirects,
  redirectChain,
  killedUrl,
  detectedBasePath,
  colorContrast,
  languageParity,
  externalLinks,
  translationLinks,
  translationDrift,
  pageAnchors,
  frontMatter,
  frontMatterOpenapi,
  pageLinks,
  mdxSyntax,
  imageAlt,
  linkName,
  icons,
  components,
  seoMetadata,
  agentPageSize,
  hiddenPages,
  snippetImports,
  renderReferences,
];

/** Every code with its default severity, in registry order (what `npm run generate` writes as RULES). */
export function registryCodes(): Record<string, string> {
  const codes: Record<string, string> = {};
  for (const rule of RULE_MODULES) {
    for (const [code, severity] of Object.entries(rule.codes)) {
      if (code in codes) throw new Error(`rule code ${code} is declared twice (rules/${rule.folder})`);
      codes[code] = severity;
    }
  }
  return codes;
}

/** The folder of the rule that declares each code. */
export function codeFolders(): Map<string, string> {
  return new Map(RULE_MODULES.flatMap((rule) => Object.keys(rule.codes).map((code) => [code, rule.folder] as const)));
}
