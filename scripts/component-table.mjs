// The platform's built-in page components and their props, from two sources: the `.d.ts` of `@mintlify/components`
// (MIT, a dev dependency) read with the TypeScript compiler API, and the platform's own docs (the names and props of
// components/*.mdx in github.com/mintlify/docs, extracted into platform-components/docs-components.json by
// extract-docs-components.mjs). What neither says (names the platform's MDX pipeline keeps, props its MDX wrappers
// add or fill in) is recorded with where it was read in platform-components/recorded.json. Each name and prop of the
// table says where it comes from (`source`). `npm run generate` writes server/src/checker/pages/component-table.ts;
// test/checker/generated-files.test.ts fails while it is stale, test/checker/component-sources.test.ts while the two
// sources differ where recorded.json does not say why.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const readData = (name) => JSON.parse(readFileSync(new URL(`platform-components/${name}`, import.meta.url), 'utf8'));
export const DOCS = readData('docs-components.json');
export const RECORDED = readData('recorded.json');
const PROVIDED = new Set(RECORDED.provided.props);

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

/** Each component of the package (by MDX name) with its props as the package types them, or undefined when not readable. */
export function packageComponents() {
  const ts = require('typescript');
  const entry = fileURLToPath(new URL('../node_modules/@mintlify/components/dist/index.d.ts', import.meta.url));
  const program = ts.createProgram([entry], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const exports = new Map(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry))).map((s) => [s.name, s]));
  const found = {};
  for (const [mdxName, [exported, member]] of Object.entries(SOURCES)) {
    let symbol = exports.get(exported);
    if (!symbol) throw new Error(`@mintlify/components no longer exports ${exported} (for <${mdxName}>)`);
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    if (member) {
      symbol = checker.getPropertyOfType(checker.getTypeOfSymbol(symbol), member);
      if (!symbol) throw new Error(`@mintlify/components: ${exported}.${member} is gone (for <${mdxName}>)`);
    }
    // A component typed through React's own types (not installed here) has no readable props: any prop is accepted.
    found[mdxName] = propsOf(ts, checker, symbol, mdxName);
  }
  return found;
}

/**
 * The names and props one source has and the other lacks: `{ 'package only': [...], 'docs only': [...] }`, each a
 * `Component` or `Component.prop` (a package prop counts when a writer sets it; `children` is left out).
 */
export function sourceDifferences(fromPackage = packageComponents()) {
  const docs = DOCS.components;
  const packageOnly = [];
  const docsOnly = [];
  for (const name of Object.keys(fromPackage)) if (!docs[name] && !RECORDED.renamed[name]) packageOnly.push(name);
  for (const name of Object.keys(docs)) if (!(name in fromPackage)) docsOnly.push(name);
  for (const [name, props] of Object.entries(fromPackage)) {
    for (const [prop, spec] of Object.entries(props ?? {})) if (!spec.internal && prop !== 'children' && !docs[name]?.props[prop]) packageOnly.push(`${name}.${prop}`);
  }
  for (const [name, spec] of Object.entries(docs)) {
    for (const prop of Object.keys(spec.props)) if (prop !== 'children' && !fromPackage[name]?.[prop]) docsOnly.push(`${name}.${prop}`);
  }
  return { 'package only': packageOnly.sort(), 'docs only': docsOnly.sort() };
}

/**
 * The differences recorded.json does not explain, and its entries that explain none (stale): a key is `Component`,
 * `Component.prop`, `*.prop` or `Component.*`.
 */
export function unexplainedDifferences(differences = sourceDifferences()) {
  const unexplained = [];
  const used = new Set();
  for (const side of ['package only', 'docs only']) {
    const keys = Object.keys(RECORDED.differences[side]);
    for (const difference of differences[side]) {
      const match = keys.find((key) => key === difference || (key.startsWith('*.') && difference.endsWith(key.slice(1)) && difference.split('.').length === 2) || (key.endsWith('.*') && difference.startsWith(key.slice(0, -1)) && !difference.slice(key.length - 1).includes('.')));
      if (match) used.add(`${side}: ${match}`);
      else unexplained.push(`${side}: ${difference}`);
    }
    for (const key of keys) if (!used.has(`${side}: ${key}`)) unexplained.push(`${side}: ${key} (stale: no such difference)`);
  }
  return unexplained;
}

/** `{ [mdxName]: { props, source, deprecated?, open? } }`, names sorted; each prop says its `source` too. */
export function componentTable(fromPackage = packageComponents()) {
  const table = {};
  for (const [mdxName, read] of Object.entries(fromPackage)) {
    const props = Object.fromEntries(Object.entries(read ?? {}).map(([name, spec]) => [name, { ...spec, source: 'package' }]));
    table[mdxName] = read ? { props, source: 'package' } : { props, open: true, source: 'package' };
  }
  for (const [mdxName, documented] of Object.entries(DOCS.components)) {
    // A component the package does not type: its documented props are known, but others are not flagged.
    const spec = (table[mdxName] ??= { props: {}, open: true, source: 'docs' });
    if (spec.source === 'package') spec.source = 'both';
    for (const [name, doc] of Object.entries(documented.props)) {
      const prop = spec.props[name];
      if (prop) {
        prop.source = 'both';
        // Documented, so a writer sets it (`noAnchor` of <Step>); children stay the content.
        if (name !== 'children') delete prop.internal;
      } else spec.props[name] = { type: doc.type ?? 'unknown', ...(name === 'children' ? { internal: true } : {}), source: 'docs' };
    }
  }
  for (const name of RECORDED.platformNames.names) table[name] ??= { props: {}, open: true, source: 'platform' };
  for (const [name, { props }] of Object.entries(RECORDED.platformProps)) {
    table[name] ??= { props: {}, open: true, source: 'platform' };
    for (const [prop, type] of Object.entries(props)) table[name].props[prop] ??= { type, source: 'platform' };
  }
  for (const [name, props] of Object.entries(RECORDED.mdxProps.props)) {
    for (const [prop, type] of Object.entries(props)) table[name].props[prop] ??= { type, source: 'platform' };
  }
  for (const [key, { by }] of Object.entries(RECORDED.satisfiedBy)) {
    const dot = key.lastIndexOf('.');
    table[key.slice(0, dot)].props[key.slice(dot + 1)].satisfiedBy = by;
  }
  for (const [old, { to }] of Object.entries(RECORDED.renamed)) table[old] = { ...table[to], source: table[old]?.source ?? 'platform', deprecated: to };
  const sorted = (object) => Object.fromEntries(Object.keys(object).sort().map((key) => [key, object[key]]));
  return sorted(Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, { ...spec, props: sorted(spec.props) }])));
}

export function componentTableFiles() {
  const text = [
    '// Generated by scripts/component-table.mjs from @mintlify/components and scripts/platform-components/ (`npm run generate`): do not edit.',
    "import type { ComponentTable } from './component-spec';",
    '',
    `export const COMPONENT_TABLE: ComponentTable = ${JSON.stringify(componentTable(), null, 2)};`,
    '',
  ].join('\n');
  return [{ path: 'server/src/checker/pages/component-table.ts', text }];
}
