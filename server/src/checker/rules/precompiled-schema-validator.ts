import type { ValidateFunction } from 'ajv';

/**
 * The schema's validator compiled ahead of time. Bundles replace this module with ajv's standalone code for
 * schemas/docs.schema.json (scripts/build.mjs), so the server and the CLI start without compiling the schema;
 * it answers only for the options it was built with. Unbundled runs (tests) compile at first use instead.
 */
export function precompiledSchemaValidator(_options: object): ValidateFunction | undefined {
  return undefined;
}
