// SPEC "Navigation configuration" and rule 11: exactly one primary pattern at the root; `global` may stand beside it.
import { diagnostic } from '../../diagnostics';
import { propertyOf } from '../../json/json-tree';
import { ROOT_PATTERNS } from '../../model/element-kinds';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';

export function checkRootPattern({ model, report }: RuleContext): void {
  const navigation = model.navigation;
  if (navigation?.node.type !== 'object') return;
  const patterns = navigation.node.props.filter((p) => ROOT_PATTERNS.includes(p.key));
  if (patterns.length === 0) {
    const holder = propertyOf(model.root, 'navigation');
    const range = holder ? { file: holder.file, offset: holder.keyOffset, length: holder.keyLength } : navigation.node;
    report(diagnostic('root-pattern', range, `\`navigation\` needs one primary pattern at its root: one of ${ROOT_PATTERNS.map((p) => `\`${p}\``).join(', ')}`));
    return;
  }
  const names = patterns.map((p) => `\`${p.key}\``).join(', ');
  for (const extra of patterns.slice(1)) {
    report(
      diagnostic(
        'root-pattern',
        { file: extra.file, offset: extra.keyOffset, length: extra.keyLength },
        `\`navigation\` has more than one primary pattern (${names}): keep \`${patterns[0].key}\` and nest \`${extra.key}\` inside its elements`,
        { key: extra.key },
      ),
    );
  }
}

export const rule: RuleModule = {
  folder: 'root-pattern',
  codes: { 'root-pattern': 'error' },
  wholeObject: ['root-pattern'],
  check: checkRootPattern,
};
