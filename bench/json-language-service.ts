import { getLanguageService, TextDocument } from 'vscode-json-languageservice';
import schema from '../schemas/docs.schema.json';

const SCHEMA_URI = 'file:///docs-json-tools/schemas/docs.schema.json';
const SCHEMA_TEXT = JSON.stringify(schema);

/**
 * What users have today: VS Code's JSON language service parsing docs.json and validating it against our
 * schema (`contributes.jsonValidation`). A `$schema` URL in the file is answered with our schema too, so
 * the file is validated against the same rules whatever it names, and nothing is fetched.
 */
export function jsonSchemaValidator(): (text: string, version: number) => Promise<number> {
  const service = getLanguageService({ schemaRequestService: async () => SCHEMA_TEXT });
  service.configure({ validate: true, allowComments: false, schemas: [{ uri: SCHEMA_URI, fileMatch: ['docs.json'] }] });
  return async (text, version) => {
    const document = TextDocument.create('file:///bench/docs.json', 'json', version, text);
    const json = service.parseJSONDocument(document);
    const diagnostics = await service.doValidation(document, json, { schemaValidation: 'error', trailingCommas: 'error', comments: 'error' });
    return diagnostics.length;
  };
}
