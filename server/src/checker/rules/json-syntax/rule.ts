// docs.json (or a file it `$ref`s) that is not JSON: reported by the model's parse (model/syntax-diagnostics.ts).
import { RuleModule } from '../rule-module';
import { missingCommaFixes } from './fixes';

export const rule: RuleModule = {
  folder: 'json-syntax',
  codes: { 'json-syntax': 'error' },
  breaksBuild: ['json-syntax'],
  namedElsewhere: ['json-syntax'],
  fixes: { 'json-syntax': missingCommaFixes },
};
