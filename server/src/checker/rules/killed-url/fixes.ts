import { Diagnostic } from '../../diagnostics';
import { JValue, valueOf } from '../../json/json-tree';
import { FixContext, FixEdit, RuleFix } from '../rule-module';

/**
 * A redirect from the removed URL to where the page most likely went, added at the end of `redirects`. A page
 * found only by the nearest path is a guess: the home page is offered beside it, and with two fixes `check --fix`
 * applies neither.
 */
export function killedUrlFixes(finding: Diagnostic, { model }: FixContext): RuleFix[] {
  const source = finding.data?.removedUrl;
  const destination = finding.data?.suggestion;
  if (source === undefined || destination === undefined || model.root?.type !== 'object') return [];
  const sure = finding.data?.preferredFix === true;
  const fixes: RuleFix[] = [];
  for (const to of sure || destination === '/' ? [destination] : [destination, '/']) {
    const edit = redirectAdded(model.root, source, to);
    if (edit) fixes.push({ title: `Redirect ${source} to ${to}`, preferred: sure, edits: [edit] });
  }
  return fixes;
}

/** `{ "source": …, "destination": … }` after the last entry of `redirects`, or a `redirects` key after the root's last. */
export function redirectAdded(root: JValue & { type: 'object' }, source: string, destination: string): FixEdit | undefined {
  const entry = `{ "source": ${JSON.stringify(source)}, "destination": ${JSON.stringify(destination)} }`;
  const list = valueOf(root, 'redirects');
  if (list !== undefined && list.type !== 'array') return undefined;
  if (list) {
    const { file } = list;
    const last = list.items[list.items.length - 1];
    if (!last) {
      const indent = lineIndent(file.text, list.offset);
      return { file, offset: list.offset + 1, length: list.length - 2, text: `\n${indent}  ${entry}\n${indent}` };
    }
    if (last.file !== file) return undefined;
    const oneLine = !file.text.slice(list.offset, last.offset).includes('\n');
    return { file, offset: last.offset + last.length, length: 0, text: oneLine ? `, ${entry}` : `,\n${lineIndent(file.text, last.offset)}${entry}` };
  }
  const lastProp = root.props[root.props.length - 1];
  if (!lastProp || lastProp.value.file !== root.file) return undefined;
  const indent = lineIndent(root.file.text, lastProp.keyOffset);
  const end = lastProp.value.offset + lastProp.value.length;
  return { file: root.file, offset: end, length: 0, text: `,\n${indent}"redirects": [\n${indent}${indent || '  '}${entry}\n${indent}]` };
}

/** The white space a line starts with, of the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}
