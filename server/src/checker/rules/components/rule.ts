// Issue 36: the platform's built-in components as a page uses them: a name it does not know (left out of the page,
// or the page fails), a prop it does not know, a value outside a prop's enum, a required prop left out. Components the page
// imports or defines are the site's own and never flagged.
import { diagnostic, Diagnostic, MAX_FINDINGS_PER_FILE } from '../../diagnostics';
import { SourceFile } from '../../json/json-tree';
import { ComponentSpec } from '../../pages/component-spec';
import { builtInNames, componentTable } from '../../pages/built-in-components';
import { ComponentTag, PageComponents } from '../../pages/component-tags';
import { nearestName } from '../../text/nearest';
import { nearestIndexOf } from '../../text/nearest-index';
import { RuleModule } from '../rule-module';
import { componentFixes } from './fixes';
import { pushAll } from '../../text/push-all';

/** How far past an unknown tag its line is read to tell a block from text. */
const MAX_LINE_READ = 4096;
/** Props any element takes (React's and the DOM's own). */
const UNIVERSAL = /^(?:key|id|className|class|style|ref|data-[\w-]*|aria-[\w-]*)$/;

/** The built-in component of a name, or undefined. */
export function builtInComponent(name: string): ComponentSpec | undefined {
  const table = componentTable();
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}

/** The props a writer sets on a component (internal ones left out). */
export function writerProps(spec: ComponentSpec): string[] {
  return Object.keys(spec.props).filter((name) => !spec.props[name].internal);
}

/**
 * `snippet`: the file is a snippet (under `snippets/`), rendered inside the pages that import it, whose imports it
 * sees: a name it neither imports nor defines may come from them, and is not flagged.
 */
export function checkComponents(page: () => SourceFile, components: PageComponents, snippet = false): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const tag of components.tags) {
    const dot = tag.name.indexOf('.');
    if (components.local.size && components.local.has(dot < 0 ? tag.name : tag.name.slice(0, dot))) continue;
    const spec = builtInComponent(tag.name);
    if (!spec) {
      if (!snippet) found.push(unknownComponent(page, tag, found.length < MAX_FINDINGS_PER_FILE));
      continue;
    }
    checkProps(page, tag, spec, found);
  }
  return found;
}

/** `suggest` false past the findings cap: the finding is only counted, no nearest name is looked for. */
function unknownComponent(page: () => SourceFile, tag: ComponentTag, suggest: boolean): Diagnostic {
  const suggestion = suggest ? nearestName(tag.name, builtInNames()) : undefined;
  const hint = suggestion ? ` Did you mean <${suggestion}>?` : ' Import it from a snippet or define it with `export const`.';
  return diagnostic(
    'unknown-component',
    { file: page(), offset: tag.start, length: tag.name.length },
    `<${tag.name}> is not a built-in component, and this page neither imports nor defines it: ${isFlow(page().text, tag) ? 'the platform leaves it out of the page, with all it wraps' : 'the page may fail to render'}.${hint}`,
    suggestion ? { suggestion } : undefined,
  );
}

/**
 * A tag alone on its line, a block of the page: the platform's MDX pipeline replaces such an unknown element with a
 * comment (its content is gone). A tag inside a line of text is left to MDX, which stops on a missing component.
 */
function isFlow(text: string, tag: ComponentTag): boolean {
  // Read back to the line's start only over indentation and `>`, and forward at most a line's worth: a page of
  // 20,000 tags on one line stays linear.
  let at = tag.start - 2;
  while (at >= 0 && (text[at] === ' ' || text[at] === '\t' || text[at] === '>')) at--;
  if (at >= 0 && text[at] !== '\n') return false;
  const rest = text.slice(tag.end, tag.end + MAX_LINE_READ);
  const lineEnd = rest.indexOf('\n');
  // Only more tags may follow on its line (`<Alert></Alert>`); text after it makes the line a paragraph.
  return (lineEnd < 0 ? rest : rest.slice(0, lineEnd)).replace(/<[^<>]*>/g, '').trim() === '';
}

function checkProps(page: () => SourceFile, tag: ComponentTag, spec: ComponentSpec, found: Diagnostic[]): void {
  for (const attribute of tag.attributes) {
    const prop = Object.prototype.hasOwnProperty.call(spec.props, attribute.name) ? spec.props[attribute.name] : undefined;
    if (!prop) {
      if (spec.open || UNIVERSAL.test(attribute.name)) continue;
      const suggestion = found.length < MAX_FINDINGS_PER_FILE ? nearestName(attribute.name, writerPropsCached(tag.name, spec)) : undefined;
      const hint = suggestion ? ` Did you mean \`${suggestion}\`?` : '';
      found.push(
        diagnostic('unknown-prop', { file: page(), offset: attribute.start, length: attribute.name.length }, `<${tag.name}> has no prop \`${attribute.name}\`: the platform ignores it.${hint}`, suggestion ? { suggestion } : undefined),
      );
      continue;
    }
    // Icon names are the icon check's (they depend on the site's icon library); a style (`iconType`) is one of the
    // table's values whatever the library (`solod` was flagged by nothing).
    if (!prop.values || attribute.value === undefined || attribute.valueStart === undefined || (attribute.name.startsWith('icon') && attribute.name !== 'iconType')) continue;
    if (prop.values.includes(attribute.value)) continue;
    // A one- or two-character value is as near to any other: no suggestion (`cols="7"`).
    const suggestion = attribute.value.length > 2 && found.length < MAX_FINDINGS_PER_FILE ? nearestIndexOf(prop.values).nearest(attribute.value) : undefined;
    found.push(
      diagnostic(
        'invalid-prop-value',
        { file: page(), offset: attribute.valueStart, length: attribute.value.length },
        `\`${attribute.name}\` of <${tag.name}> takes ${prop.values.map((v) => `"${v}"`).join(', ')}, not "${attribute.value}".${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
        suggestion ? { suggestion } : undefined,
      ),
    );
  }
  if (tag.spread || spec.open) return;
  for (const name of requiredProps(tag.name, spec)) {
    const alternatives = spec.props[name].satisfiedBy;
    if (tag.attributes.some((a) => a.name === name || alternatives?.includes(a.name))) continue;
    const standsIn = BODY_STANDS_IN[tag.name] === name;
    if (standsIn && hasBody(page().text, tag)) continue;
    const why = standsIn ? 'without it or a body the step shows only its number' : 'without it the platform renders it incomplete';
    found.push(diagnostic('missing-prop', { file: page(), offset: tag.start, length: tag.name.length }, `<${tag.name}> needs \`${name}\` (${spec.props[name].type}): ${why}.`, { key: name }));
  }
}

/**
 * Required props whose component's body says what the prop would: a <Step> without `title` renders its number and
 * its body beside it, with no title row (@mintlify/components 1.0.19 renders the title only when given), so a step
 * whose body is its text (`### 1. Install` inside) loses nothing. Flagged only when the body is empty too.
 */
const BODY_STANDS_IN: Record<string, string> = { Step: 'title' };

/** Whether a tag has content before its closing tag (read only up to the first non-blank character). */
function hasBody(text: string, tag: ComponentTag): boolean {
  if (tag.selfClosing) return false;
  let i = tag.end;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  return i < text.length && !text.startsWith(`</${tag.name}`, i);
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

const required = new Map<string, string[]>();
function requiredProps(name: string, spec: ComponentSpec): string[] {
  let props = required.get(name);
  if (!props) required.set(name, (props = Object.keys(spec.props).filter((prop) => spec.props[prop].required && !spec.props[prop].internal)));
  return props;
}

/** Frozen: `nearestName` keeps its answers for each list. */
const propLists = new Map<string, readonly string[]>();
function writerPropsCached(name: string, spec: ComponentSpec): readonly string[] {
  let props = propLists.get(name);
  if (!props) propLists.set(name, (props = Object.freeze(writerProps(spec))));
  return props;
}

export const rule: RuleModule = {
  folder: 'components',
  codes: { 'unknown-component': 'error', 'unknown-prop': 'warning', 'invalid-prop-value': 'warning', 'missing-prop': 'warning' },
  fixesInvent: ['missing-prop'],
  pageFixes: { 'unknown-component': componentFixes, 'unknown-prop': componentFixes, 'invalid-prop-value': componentFixes },
  page: {
    collects: ['components'],
    check(page) {
      if (page.components) pushAll(page.found, checkComponents(page.file, page.components, /(?:^|\/)snippets\//.test(page.relative)));
    },
  },
};
