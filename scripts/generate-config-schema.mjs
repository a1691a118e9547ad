// Writes schemas/docs-json.config.schema.json, the JSON Schema of the team's config file (docs-json.config.json):
// its rule codes (RULES, then ORPHAN_CODE) with their severities, default and summary, as the docsJson.severity
// setting offers them, so that the editor completes and checks the file (package.json's jsonValidation).
import { registryCodes } from '../server/src/checker/rules/registry.ts';
import { ruleDocs } from './generate-rule-docs.mjs';
import { ORPHAN_CODE, ORPHAN_SEVERITY, SEVERITY_SETTINGS } from '../server/src/project/project-settings.ts';

export const CONFIG_SCHEMA = 'schemas/docs-json.config.schema.json';

export function configSchemaFiles(root) {
  const codes = [...Object.keys(registryCodes()), ORPHAN_CODE];
  const summaries = new Map(ruleDocs(root).map((doc) => [doc.code, doc.summary]));
  const defaults = { ...registryCodes(), [ORPHAN_CODE]: ORPHAN_SEVERITY };
  const rules = {
    type: 'object',
    description: 'Rule codes and their severity: error, warning, info, hint, or off.',
    propertyNames: { enum: codes },
    properties: Object.fromEntries(codes.map((code) => [code, { enum: SEVERITY_SETTINGS, markdownDescription: `Default \`${defaults[code]}\`: ${summaries.get(code)}` }])),
    additionalProperties: false,
  };
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'docs-json.config.schema.json',
    title: 'docs-json.config.json',
    description:
      "The team's settings of docs-json-tools, read by `docs-json check`, the language server, the pre-commit hook and the Action alike; found from the docs folder upward to the repository's root. The editor's docsJson.severity setting is a personal layer on top.",
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      rules: rules,
      overrides: {
        type: 'array',
        description: 'Rules for some files only (later entries win): paths as .gitignore writes them, relative to the folder of this file.',
        items: {
          type: 'object',
          required: ['files'],
          properties: {
            files: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, description: 'Patterns as in .gitignore (api/**, *.mdx, /changelog.mdx), relative to this file.' },
            rules,
          },
          additionalProperties: false,
        },
      },
      rulePagesUrl: {
        type: 'string',
        pattern: '^https://[^\\s/]+/\\S*$',
        description: "A public https URL of the rule pages, {code} standing for the rule code: SARIF's helpUri of each rule (code scanning links it).",
      },
    },
    additionalProperties: false,
  };
  return [{ path: CONFIG_SCHEMA, text: JSON.stringify(schema, null, 2) + '\n' }];
}
