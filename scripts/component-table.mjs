// The platform's built-in page components and their props, read from the `.d.ts` of `@mintlify/components` (MIT,
// a dev dependency) with the TypeScript compiler API, then fitted to what a writer types in MDX: the platform's
// documented MDX names (https://mintlify.com/docs/components) map onto the package's exports, and the props the
// platform's MDX wrappers add or fill in (MDX_PROPS, PROVIDED) are written here. `npm run generate` writes
// server/src/checker/pages/component-table.ts; test/checker/generated-files.test.ts fails while it is stale.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** MDX name → the export (and member) of `@mintlify/components` that renders it. */
const SOURCES = {
  Accordion: ['Accordion'],
  AccordionGroup: ['Accordion', 'Group'],
  Badge: ['Badge'],
  Callout: ['Callout'],
  Card: ['Card'],
  Check: ['Check'],
  CodeGroup: ['CodeGroup'],
  Color: ['Color'],
  'Color.Item': ['Color', 'Item'],
  'Color.Row': ['Color', 'Row'],
  Columns: ['Columns'],
  Danger: ['Danger'],
  Expandable: ['Expandable'],
  Frame: ['Frame'],
  Icon: ['Icon'],
  Info: ['Info'],
  Mermaid: ['Mermaid'],
  Note: ['Note'],
  Panel: ['Panel'],
  ResponseField: ['Property'],
  Step: ['Steps', 'Item'],
  Steps: ['Steps'],
  Tab: ['Tabs', 'Item'],
  Tabs: ['Tabs'],
  Tile: ['Tile'],
  Tip: ['Tip'],
  Tooltip: ['Tooltip'],
  Tree: ['Tree'],
  'Tree.File': ['Tree', 'File'],
  'Tree.Folder': ['Tree', 'Folder'],
  Update: ['Update'],
  View: ['View'],
  Warning: ['Warning'],
};

/** Documented MDX components the package does not export: any prop is accepted, their own are listed. */
const PLATFORM_ONLY = {
  ParamField: { query: 'string', path: 'string', body: 'string', header: 'string', type: 'string', required: 'boolean', default: 'string', placeholder: 'string', deprecated: 'boolean', initialValue: 'string', pre: 'string[]', post: 'string[]' },
  Param: { query: 'string', path: 'string', body: 'string', header: 'string', type: 'string', required: 'boolean', default: 'string', placeholder: 'string', deprecated: 'boolean' },
  RequestExample: { dropdown: 'boolean' },
  ResponseExample: { dropdown: 'boolean' },
  Latex: {},
  Heading: { level: 'number', id: 'string' },
  Prompt: { description: 'string', icon: 'string', iconType: 'string', actions: 'string[]' },
  Visibility: { for: 'string' },
  Snippet: { file: 'string' },
  // Names the platform's MDX pipeline keeps besides the documented ones (its allowlist, read in @mintlify/common
  // 1.0.1182's dist/mdx/utils.js): a page using them renders, so they are never flagged; their props are not known.
  CodeBlock: {},
  Column: {},
  CustomCode: {},
  CustomComponent: {},
  DynamicCustomComponent: {},
  FileTree: {},
  GitHub: {},
  'GitHub.Repo': {},
  Github: {},
  'Github.Repo': {},
  Link: {},
  MDX: {},
  MDXContentController: {},
  SnippetGroup: {},
};

/** Deprecated MDX names and the name that replaces them; they render as the replacement with its props. */
const DEPRECATED = { CardGroup: 'Columns' };

/** Props the platform's MDX wrappers accept beside the package's (its documented MDX props), by component. */
const MDX_PROPS = {
  Accordion: { id: 'string' },
  Card: { cols: 'number' },
  Columns: {},
  Expandable: {},
  Frame: { caption: 'string', hint: 'string' },
  Step: { id: 'string' },
  Tab: { id: 'string' },
  Tooltip: { tip: 'string', headline: 'string' },
  Update: { id: 'string', label: 'string', description: 'string', tags: 'string[]', rss: 'object' },
  View: { title: 'string', icon: 'string', iconType: 'string' },
  Icon: { size: 'number' },
};

/** Required in the package's types but given by the platform's wrapper, never by the writer. */
const PROVIDED = new Set(['Accordion.defaultOpen', 'Frame.as', 'Frame.style', 'Frame.className', 'Update.id', 'Update.isVisible', 'View.items', 'Color.variant', 'ResponseField.type']);

/** Props a writer never sets: styling, rendering and wiring of the React component. */
function isInternal(name, typeText) {
  return (
    name === 'className' || name === 'as' || name === 'style' || name === 'children' || name.startsWith('_') || /^on[A-Z]/.test(name) || /Ref$/.test(name) ||
    /Label$/.test(name) || typeText.includes('=>') || /^(?:hasContext|isVisible|isLast|noAnchor|items|pageType|basePath|overrideColor|overrideSize|isSmallText|noMargins|feedbackModalOpen|codeBlockTheme|codeBlockThemeObject|askAiButton|feedbackButton|copyButtonProps|initialSelectedTab|hasScrolledToAnchorRef|uniqueParamId|lazy|renderDescription|topOffset|panelsRef|rss|data-child-tab-ids|data-child-heading-ids)$/.test(name)
  );
}

function literalValues(ts, type) {
  const parts = type.isUnion() ? type.types : [type];
  const values = [];
  for (const part of parts) {
    if (part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) continue;
    if (part.isStringLiteral() || part.isNumberLiteral()) values.push(String(part.value));
    else if (part.flags & ts.TypeFlags.BooleanLiteral) continue;
    else if (part.flags & ts.TypeFlags.TemplateLiteral) continue;
    else return undefined;
  }
  return values.length ? [...new Set(values)] : undefined;
}

/** The props of a component's first parameter, each `{ type, values?, required?, doc?, deprecated?, internal? }`. */
function propsOf(ts, checker, symbol, mdxName) {
  const type = checker.getTypeOfSymbol(symbol);
  const signature = type.getCallSignatures()[0];
  const parameter = signature?.getParameters()[0];
  if (!parameter) return undefined;
  const props = {};
  for (const prop of checker.getPropertiesOfType(checker.getTypeOfSymbol(parameter))) {
    const declaration = prop.declarations?.[0];
    if (!declaration || declaration.getSourceFile().fileName.includes('@types/react')) continue;
    const propType = checker.getTypeOfSymbol(prop);
    // As written in the declaration: React's types are not installed here, so `ReactNode` would read as `any`.
    const written = declaration.type?.getText().replace(/\s+/g, ' ');
    const resolved = checker.typeToString(checker.getNonNullableType(propType));
    const typeText = written && (resolved === 'any' || resolved.includes('ReactNode')) ? written : resolved;
    const entry = { type: typeText };
    const values = literalValues(ts, checker.getNonNullableType(propType));
    if (values) entry.values = values;
    if (!(prop.flags & ts.SymbolFlags.Optional) && prop.name !== 'children' && !PROVIDED.has(`${mdxName}.${prop.name}`)) entry.required = true;
    const doc = ts.displayPartsToString(prop.getDocumentationComment(checker)).trim();
    if (doc && !doc.startsWith('@')) entry.doc = doc.replace(/\s+/g, ' ');
    const deprecated = prop.getJsDocTags().find((tag) => tag.name === 'deprecated');
    if (deprecated) entry.deprecated = ts.displayPartsToString(deprecated.text).trim() || 'deprecated';
    if (isInternal(prop.name, typeText) || prop.getJsDocTags().some((tag) => tag.name === 'internal')) entry.internal = true;
    props[prop.name] = entry;
  }
  return props;
}

/** `{ [mdxName]: { props, deprecated?, open? } }`, names sorted. */
export function componentTable() {
  const ts = require('typescript');
  const entry = fileURLToPath(new URL('../node_modules/@mintlify/components/dist/index.d.ts', import.meta.url));
  const program = ts.createProgram([entry], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const exports = new Map(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry))).map((s) => [s.name, s]));
  const table = {};
  for (const [mdxName, [exported, member]] of Object.entries(SOURCES)) {
    let symbol = exports.get(exported);
    if (!symbol) throw new Error(`@mintlify/components no longer exports ${exported} (for <${mdxName}>)`);
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    if (member) {
      symbol = checker.getPropertyOfType(checker.getTypeOfSymbol(symbol), member);
      if (!symbol) throw new Error(`@mintlify/components: ${exported}.${member} is gone (for <${mdxName}>)`);
    }
    // A component typed through React's own types (not installed here) has no readable props: any prop is accepted.
    const read = propsOf(ts, checker, symbol, mdxName);
    const props = read ?? {};
    for (const [name, type] of Object.entries(MDX_PROPS[mdxName] ?? {})) props[name] ??= { type };
    table[mdxName] = read ? { props } : { props, open: true };
  }
  for (const [mdxName, own] of Object.entries(PLATFORM_ONLY)) table[mdxName] = { props: Object.fromEntries(Object.entries(own).map(([name, type]) => [name, { type }])), open: true };
  for (const [old, replacement] of Object.entries(DEPRECATED)) table[old] = { ...table[replacement], deprecated: replacement };
  const sorted = (object) => Object.fromEntries(Object.keys(object).sort().map((key) => [key, object[key]]));
  return sorted(Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, { ...spec, props: sorted(spec.props) }])));
}

export function componentTableFiles() {
  const text = [
    '// Generated by scripts/component-table.mjs from @mintlify/components (`npm run generate`): do not edit.',
    "import type { ComponentTable } from './component-spec';",
    '',
    `export const COMPONENT_TABLE: ComponentTable = ${JSON.stringify(componentTable(), null, 2)};`,
    '',
  ].join('\n');
  return [{ path: 'server/src/checker/pages/component-table.ts', text }];
}
