// SPEC rule 3: `expanded` affects only nested groups; top-level groups are always expanded.
import { diagnostic } from '../../diagnostics';
import { propertyOf } from '../../json/json-tree';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';

export function checkExpandedGroups({ model, report }: RuleContext): void {
  for (const element of model.elements) {
    if (element.kind !== 'group' || element.parent?.kind === 'group') continue;
    const expanded = propertyOf(element.node, 'expanded');
    if (!expanded) continue;
    report(
      diagnostic(
        'expanded-top-level',
        { file: expanded.file, offset: expanded.keyOffset, length: expanded.value.offset + expanded.value.length - expanded.keyOffset },
        '`expanded` has no effect on a top-level group: top-level groups are always expanded',
      ),
    );
  }
}

export const rule: RuleModule = {
  folder: 'expanded-groups',
  codes: { 'expanded-top-level': 'hint' },
  check: checkExpandedGroups,
};
