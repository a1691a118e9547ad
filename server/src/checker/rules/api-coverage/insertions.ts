// Where the fix of unlisted-endpoints writes the missing entries: each into the group that already lists the most
// operations of its tag; the operations of a tag no group lists into a new group named for the tag, after the last
// group that lists the spec's endpoints (with that group's `openapi`, written as it is, when it has its own).
import { JArray, JValue, propertyOf, SourceFile, valueOf } from '../../json/json-tree';
import { NavElement } from '../../model/docs-model';
import { SpecEndpoint } from '../../openapi/openapi-spec';
import { SpecUse } from './spec-scope';

export interface Insertion {
  file: SourceFile;
  offset: number;
  text: string;
}

/** The tag a group is named for when an operation has none. */
const UNTAGGED = 'Endpoints';

function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/** The entry as the group's others are written: with the spec's name before it when they name it. */
function entryText(endpoint: SpecEndpoint, spec: string | undefined): string {
  return JSON.stringify(spec ? `${spec} ${endpoint.key}` : endpoint.key);
}

export function insertionsFor(use: SpecUse, missing: SpecEndpoint[]): Insertion[] {
  // The groups that list the spec's endpoints, in order, and how many of each tag each lists.
  const groups: NavElement[] = [];
  const tagCounts = new Map<NavElement, Map<string, number>>();
  for (const { element, endpoint } of use.listed) {
    const group = element.parent;
    if (!group || group.node.type !== 'object') continue;
    let counts = tagCounts.get(group);
    if (!counts) {
      tagCounts.set(group, (counts = new Map()));
      groups.push(group);
    }
    const tag = endpoint.tag ?? '';
    counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const into = new Map<NavElement, SpecEndpoint[]>();
  const newGroups = new Map<string, SpecEndpoint[]>();
  for (const endpoint of missing) {
    const tag = endpoint.tag ?? '';
    let best: NavElement | undefined;
    for (const group of groups) if ((tagCounts.get(group)!.get(tag) ?? 0) > (best ? tagCounts.get(best)!.get(tag)! : 0)) best = group;
    const list = best ? into.get(best) ?? [] : newGroups.get(tag) ?? [];
    list.push(endpoint);
    if (best) into.set(best, list);
    else newGroups.set(tag, list);
  }
  const insertions: Insertion[] = [];
  for (const [group, endpoints] of into) {
    const pages = valueOf(group.node, 'pages');
    if (pages?.type !== 'array') continue;
    const spec = use.listed.find((l) => l.element.parent === group)?.element.endpoint?.spec;
    const added = appendedItems(pages, endpoints.map((e) => entryText(e, spec)));
    if (added) insertions.push(added);
  }
  const last = groups[groups.length - 1];
  if (newGroups.size && last) {
    const added = groupsAfter(last.node, [...newGroups].map(([tag, endpoints]) => ({ name: tag || UNTAGGED, entries: endpoints.map((e) => entryText(e, last.children.find((c) => c.endpoint)?.endpoint?.spec)) })));
    if (added) insertions.push(added);
  }
  return insertions;
}

/** Items appended to an array after its last one, laid out as it is. */
function appendedItems(array: JArray, items: string[]): Insertion | undefined {
  const last = array.items[array.items.length - 1];
  if (!last || last.file !== array.file) return undefined;
  const text = array.file.text;
  const multiline = text.slice(array.offset, last.offset).includes('\n');
  const separator = multiline ? `,\n${lineIndent(text, last.offset)}` : ', ';
  return { file: array.file, offset: last.offset + last.length, text: items.map((item) => separator + item).join('') };
}

/** New groups written after `group` (an item of an array), one key a line, with its `openapi` when it has its own. */
function groupsAfter(group: JValue, added: { name: string; entries: string[] }[]): Insertion | undefined {
  if (group.type !== 'object') return undefined;
  const { file } = group;
  const text = file.text;
  const indent = lineIndent(text, group.offset);
  const firstKey = group.props.find((p) => p.file === file);
  const inner = firstKey && text.lastIndexOf('\n', firstKey.keyOffset) > group.offset ? lineIndent(text, firstKey.keyOffset) : `${indent}  `;
  const unit = inner.slice(indent.length) || '  ';
  const own = propertyOf(group, 'openapi');
  const openapi = own && own.value.file === file ? text.slice(own.value.offset, own.value.offset + own.value.length) : undefined;
  const written = added.map(({ name, entries }) => {
    const lines = [`${inner}"group": ${JSON.stringify(name)}`];
    if (openapi) lines.push(`${inner}"openapi": ${openapi}`);
    lines.push(`${inner}"pages": [\n${entries.map((entry) => inner + unit + entry).join(',\n')}\n${inner}]`);
    return `,\n${indent}{\n${lines.join(',\n')}\n${indent}}`;
  });
  return { file, offset: group.offset + group.length, text: written.join('') };
}
