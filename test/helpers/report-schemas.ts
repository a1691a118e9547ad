// The schemas CI reports are validated against: SARIF 2.1.0 (OASIS's JSON schema, as @microsoft/jest-sarif ships it,
// draft-04) and the fields of GitLab's code quality report that GitLab requires (its documentation's list, written
// here as a JSON schema: GitLab publishes no schema file).
import Ajv from 'ajv-draft-04';
import * as fs from 'node:fs';

const SARIF_SCHEMA = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

function ajvWithFormats(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  ajv.addFormat('uri', (value: string) => URL.canParse(value) && !/\s/.test(value));
  ajv.addFormat('uri-reference', (value: string) => URL.canParse(value, 'file:///base/') && !/\s|%(?![0-9A-Fa-f]{2})/.test(value));
  ajv.addFormat('date-time', (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value));
  return ajv;
}

/** Validates a SARIF log: the schema's errors, none when it is valid. */
export function sarifErrors(log: unknown): string[] {
  const validate = ajvWithFormats().compile(JSON.parse(fs.readFileSync(SARIF_SCHEMA, 'utf8')));
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const GITLAB_CODE_QUALITY = {
  type: 'array',
  items: {
    type: 'object',
    required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
    properties: {
      description: { type: 'string', minLength: 1 },
      check_name: { type: 'string', minLength: 1 },
      fingerprint: { type: 'string', minLength: 1 },
      severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
      location: {
        type: 'object',
        required: ['path', 'lines'],
        properties: {
          path: { type: 'string', minLength: 1, not: { pattern: '^/' } },
          lines: { type: 'object', required: ['begin'], properties: { begin: { type: 'integer', minimum: 1 } } },
        },
      },
    },
  },
};

export function gitlabErrors(report: unknown): string[] {
  const validate = ajvWithFormats().compile(GITLAB_CODE_QUALITY);
  return validate(report) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
