import { Diagnostic } from '../../diagnostics';
import { mdxSyntaxError } from '../../pages/mdx-parse';
import { PageFixContext, RuleFix } from '../rule-module';

/**
 * The closing tag an MDX error asks for: `Expected a closing tag for <Note>` (put at the end of the block the tag
 * opens, else at the end of the page) or `Unexpected closing tag </Step>, expected … for <Steps>` (put before it, or
 * in its place: a `</Step>` written for `</Steps>`). Offered only where the page then parses: the parser is asked
 * again (`</Steps>` put before that stray `</Step>` only moved the error on).
 */
export function closingTagFixes(finding: Diagnostic, { text }: PageFixContext): RuleFix[] {
  const unclosed = /Expected a closing tag for `<([\w.:-]+)>`/.exec(finding.message);
  const mismatched = /Unexpected closing tag `<\/[\w.:-]*>`, expected corresponding closing tag for `<([\w.:-]+)>`/.exec(finding.message);
  const name = (unclosed ?? mismatched)?.[1];
  if (!name) return [];
  const tag = `</${name}>`;
  const indent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', finding.offset - 1) + 1))![0];
  const add = `Add '${tag}'`;
  const candidates: { title: string; at: number; removed: number; text: string }[] = [];
  if (mismatched) {
    candidates.push({ title: add, at: finding.offset, removed: 0, text: `${tag}\n${indent}` });
    candidates.push({ title: `Change to '${tag}'`, at: finding.offset, removed: finding.length, text: tag });
  } else {
    const blank = /\n[ \t]*\n/g;
    blank.lastIndex = text.indexOf('\n', finding.offset + finding.length);
    const end = blank.lastIndex > 0 ? blank.exec(text) : null;
    if (end) candidates.push({ title: add, at: end.index, removed: 0, text: `\n${indent}${tag}` });
    candidates.push({ title: add, at: text.trimEnd().length, removed: 0, text: `\n${indent}${tag}` });
  }
  for (const candidate of candidates) {
    const fixed = text.slice(0, candidate.at) + candidate.text + text.slice(candidate.at + candidate.removed);
    if (!mdxSyntaxError(fixed)) return [{ title: candidate.title, preferred: true, edits: [{ file: finding.file, offset: candidate.at, length: candidate.removed, text: candidate.text }] }];
  }
  return [];
}
