// SPEC rule 11: each navigation element holds only one type of child element on each level.
import { diagnostic } from '../../diagnostics';
import { CHILD_KEYS, KIND_TITLE } from '../../model/element-kinds';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { mixedChildrenFixes } from './fixes';

export function checkMixedChildren({ model, report }: RuleContext): void {
  for (const element of model.elements) {
    // The root's choice is root-pattern's to report.
    if (element.kind === 'navigation' || element.node.type !== 'object') continue;
    const childProps = element.node.props.filter((p) => CHILD_KEYS.includes(p.key) && p.value.type === 'array');
    if (childProps.length < 2) continue;
    const names = childProps.map((p) => `\`${p.key}\``).join(' and ');
    const label = element.label === undefined ? '' : ` '${element.label}'`;
    for (const extra of childProps.slice(1)) {
      report(
        diagnostic(
          'mixed-children',
          { file: extra.file, offset: extra.keyOffset, length: extra.keyLength },
          `The ${KIND_TITLE[element.kind]}${label} holds both ${names}: an element holds one type of child on each level (nest one inside the other)`,
          { key: extra.key },
        ),
      );
    }
  }
}

export const rule: RuleModule = {
  folder: 'mixed-children',
  codes: { 'mixed-children': 'error' },
  check: checkMixedChildren,
  fixes: { 'mixed-children': mixedChildrenFixes },
};
