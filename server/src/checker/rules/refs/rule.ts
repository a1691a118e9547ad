// A `$ref` that cannot be followed: reported while the model merges them (model/resolve-refs.ts).
import { RuleModule } from '../rule-module';

export const rule: RuleModule = {
  folder: 'refs',
  codes: { 'invalid-ref': 'error' },
  namedElsewhere: ['invalid-ref'],
};
