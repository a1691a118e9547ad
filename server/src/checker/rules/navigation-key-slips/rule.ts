// Navigation elements accept keys the specification does not name (live sites write their own), so a misspelt key
// (`"expand": true` for `expanded`) did nothing and was flagged by nothing. A key near one the element takes, when
// that one is not written beside it, is flagged as ignored, with the key it likely means (issue 48).
import schema from '../../../../../schemas/docs.schema.json';
import { diagnostic } from '../../diagnostics';
import { ElementKind } from '../../model/element-kinds';
import { nearestName } from '../../text/nearest';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';

const DEFINITION: Partial<Record<ElementKind, keyof typeof schema.definitions>> = {
  group: 'group',
  tab: 'tab',
  anchor: 'anchor',
  'global-anchor': 'globalAnchor',
  dropdown: 'dropdown',
  product: 'product',
  version: 'version',
  language: 'language',
};

const KEYS = new Map<ElementKind, readonly string[]>(
  Object.entries(DEFINITION).map(([kind, name]) => [kind as ElementKind, Object.freeze(Object.keys((schema.definitions[name] as { properties?: object }).properties ?? {}))]),
);

export function checkNavigationKeySlips({ model, report }: RuleContext): void {
  for (const element of model.elements) {
    const keys = KEYS.get(element.kind);
    if (!keys || element.node.type !== 'object') continue;
    const written = new Set(element.node.props.map((prop) => prop.key));
    for (const prop of element.node.props) {
      // `$ref` (merged in by the model) and other `$` keys are JSON's, not the element's.
      if (keys.includes(prop.key) || prop.key.length < 3 || prop.key.startsWith('$')) continue;
      const suggestion = nearestName(prop.key, keys, Math.max(1, Math.floor(prop.key.length / 3)));
      if (suggestion === undefined || written.has(suggestion)) continue;
      report(
        diagnostic(
          'ignored-key',
          { file: prop.file, offset: prop.keyOffset, length: prop.keyLength },
          `\`${prop.key}\` is not a key of a ${element.kind.replace('-', ' ')}: the platform ignores it. Did you mean \`${suggestion}\`?`,
          { key: prop.key, suggestion },
        ),
      );
    }
  }
}

export const rule: RuleModule = {
  folder: 'navigation-key-slips',
  codes: {},
  check: checkNavigationKeySlips,
};
