import { Diagnostic } from '../../diagnostics';
import { ComponentTag, scanComponentTags } from '../../pages/component-tags';
import { PageFixContext, RuleFix } from '../rule-module';

/**
 * The nearest name or value for a component finding. A component's closing tag is renamed with it, or the fix
 * would leave a page that does not parse.
 */
export function componentFixes(finding: Diagnostic, { text }: PageFixContext): RuleFix[] {
  const suggestion = finding.data?.suggestion;
  if (suggestion === undefined) return [];
  const edits = [{ file: finding.file, offset: finding.offset, length: finding.length, text: suggestion }];
  let title = `Change to '${suggestion}'`;
  if (finding.code === 'unknown-component') {
    const name = text.slice(finding.offset, finding.offset + finding.length);
    const close = closingTag(text, finding.offset, name);
    if (close === undefined) return [];
    if (close >= 0) edits.push({ file: finding.file, offset: close, length: name.length, text: suggestion });
    title = `Change to <${suggestion}>`;
  }
  return [{ title, preferred: true, edits }];
}

/**
 * The offset of the name in the closing tag of the tag whose name starts at `nameStart`; -1 when it closes itself;
 * undefined when its close is not found (no fix then).
 */
function closingTag(text: string, nameStart: number, name: string): number | undefined {
  const tags: ComponentTag[] = scanComponentTags(text).tags;
  const index = tags.findIndex((t) => t.start === nameStart);
  if (index < 0) return undefined;
  if (tags[index].selfClosing) return -1;
  // Nested tags of the same name open and close in between.
  const opens = tags.filter((t, i) => i > index && t.name === name && !t.selfClosing).map((t) => t.start);
  let depth = 0;
  let opened = 0;
  const close = `</${name}>`;
  for (let at = text.indexOf(close, tags[index].end); at >= 0; at = text.indexOf(close, at + 1)) {
    for (; opened < opens.length && opens[opened] < at; opened++) depth++;
    if (depth-- === 0) return at + 2;
  }
  return undefined;
}
