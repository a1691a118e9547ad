import { Diagnostic } from '../diagnostics';
import { JProperty, JString, JValue, propertyOf, SourceFile, valueOf } from '../json/json-tree';
import { parseJson } from '../json/parse-json';
import { EndpointEntry, parseEndpointEntry } from '../openapi/endpoint-entry';
import { isRemote } from '../workspace/docs-paths';
import { DocsWorkspace } from '../workspace/docs-workspace';
import { CHILD_KIND_BY_KEY, ElementKind, LABEL_KEY, SECTION_KINDS } from './element-kinds';
import { ElementsByNode } from './elements-by-node';
import { NavElement, OpenApiSource } from './nav-element';
import { RefLink, resolveRefs } from './resolve-refs';
import { syntaxDiagnostics } from './syntax-diagnostics';

export type { NavElement, OpenApiSource };

/** Page and endpoint elements share this list: they never have children. */
const NO_CHILDREN: NavElement[] = Object.freeze([]) as unknown as NavElement[];

/** The navigation, tabs, groups and every other element written as an object. */
class BranchElement implements NavElement {
  children: NavElement[] = [];
  label: string | undefined = undefined;
  readonly section: NavElement | undefined;

  constructor(
    readonly kind: ElementKind,
    readonly node: JValue,
    readonly parent: NavElement | undefined,
    readonly container: string | undefined,
    public openapi: OpenApiSource[],
  ) {
    this.section = SECTION_KINDS.has(kind) ? this : parent?.section;
  }

  get endpoint(): undefined {
    return undefined;
  }

  get malformedEndpoint(): undefined {
    return undefined;
  }
}

/**
 * A page or endpoint entry: nine elements in ten on a large site, so what it shares with its parent (section,
 * specs), its string (label) and what every entry has (its kind per class, its `pages` list) are read, not stored.
 */
abstract class LeafElement implements NavElement {
  abstract readonly kind: 'page' | 'endpoint';

  constructor(
    readonly node: JString,
    readonly parent: NavElement,
  ) {}

  get container(): string {
    return 'pages';
  }

  get children(): NavElement[] {
    return NO_CHILDREN;
  }

  get label(): string {
    return this.node.plain;
  }

  get section(): NavElement | undefined {
    return this.parent.section;
  }

  get openapi(): OpenApiSource[] {
    return this.parent.openapi;
  }

  abstract readonly endpoint: EndpointEntry | undefined;
  abstract readonly malformedEndpoint: string | undefined;
}

class PageElement extends LeafElement {
  get kind(): 'page' {
    return 'page';
  }

  get endpoint(): undefined {
    return undefined;
  }

  get malformedEndpoint(): undefined {
    return undefined;
  }
}

class EndpointElement extends LeafElement {
  constructor(
    node: JString,
    parent: NavElement,
    /** The endpoint entry, or why it is malformed. */
    private readonly parsed: EndpointEntry | string,
  ) {
    super(node, parent);
  }

  get kind(): 'endpoint' {
    return 'endpoint';
  }

  get endpoint(): EndpointEntry | undefined {
    return typeof this.parsed === 'object' ? this.parsed : undefined;
  }

  get malformedEndpoint(): string | undefined {
    return typeof this.parsed === 'string' ? this.parsed : undefined;
  }
}

export interface DocsModel {
  file: SourceFile;
  /** docs.json's path relative to the docs folder. */
  relativePath: string;
  root: JValue | undefined;
  navigation: NavElement | undefined;
  /** Every element, parents before children, in document order. */
  elements: NavElement[];
  byNode: ElementsByNode;
  /** docs.json and every file pulled in by `$ref`. */
  sources: SourceFile[];
  refLinks: RefLink[];
  /** Objects whose `$ref` could not be loaded. */
  unresolvedRefs: Set<JValue>;
  /** Diagnostics found while building the model: syntax and `$ref` problems. */
  diagnostics: Diagnostic[];
}

export function buildModel(file: SourceFile, workspace: DocsWorkspace, relativePath = 'docs.json'): DocsModel {
  const parsed = parseJson(file);
  const refs = resolveRefs(parsed.root, relativePath, workspace);
  const elements: NavElement[] = [];
  const model: DocsModel = {
    file,
    relativePath,
    root: refs.root,
    navigation: undefined,
    elements,
    byNode: new ElementsByNode(file, elements),
    sources: [file, ...refs.sources],
    refLinks: refs.links,
    unresolvedRefs: refs.unresolved,
    diagnostics: [...syntaxDiagnostics(parsed), ...refs.diagnostics],
  };
  const navigation = valueOf(refs.root, 'navigation');
  if (navigation?.type === 'object') {
    const topSpecs = openApiSources(propertyOf(valueOf(refs.root, 'api'), 'openapi'));
    model.navigation = addElement(model, 'navigation', navigation, undefined, undefined, topSpecs);
  }
  return model;
}

export function openApiSources(prop: JProperty | undefined): OpenApiSource[] {
  const value = prop?.value;
  if (!value) return [];
  const strings: JValue[] =
    value.type === 'array' ? value.items : value.type === 'object' ? [valueOf(value, 'source')].filter((v) => v !== undefined) : [value];
  return strings
    .filter((s): s is JString => s.type === 'string')
    .map((node) => ({ location: node.plain, node, remote: isRemote(node.plain) }));
}

function addElement(
  model: DocsModel,
  kind: ElementKind,
  node: JValue,
  parent: NavElement | undefined,
  container: string | undefined,
  inherited: OpenApiSource[],
): NavElement {
  const element = new BranchElement(kind, node, parent, container, inherited);
  record(model, element);
  if (node.type !== 'object') return element;
  const labelKey = LABEL_KEY[kind];
  const label = labelKey ? valueOf(node, labelKey) : undefined;
  if (label?.type === 'string') element.label = label.plain;
  const own = propertyOf(node, 'openapi');
  if (own) element.openapi = openApiSources(own);
  for (const prop of node.props) {
    const childKind = Object.hasOwn(CHILD_KIND_BY_KEY, prop.key) ? CHILD_KIND_BY_KEY[prop.key] : undefined;
    if (childKind && prop.value.type === 'array') {
      for (const item of prop.value.items) addChild(model, element, prop.key, childKind, item);
    } else if (prop.key === 'global' && prop.value.type === 'object') {
      const anchors = valueOf(prop.value, 'anchors');
      if (anchors?.type === 'array') {
        for (const item of anchors.items) {
          if (item.type === 'object') element.children.push(addElement(model, 'global-anchor', item, element, 'global', []));
        }
      }
    }
  }
  element.children = element.children.slice(); // exact size, as the tree's lists (see fitToSize)
  return element;
}

function record(model: DocsModel, element: NavElement): void {
  model.elements.push(element);
  model.byNode.add(element, model.elements.length - 1);
}

function addChild(model: DocsModel, parent: NavElement, key: string, kind: ElementKind, item: JValue): void {
  if (kind === 'page') {
    if (item.type === 'object') parent.children.push(addElement(model, 'group', item, parent, key, parent.openapi));
    else if (item.type === 'string') parent.children.push(pageOrEndpoint(model, parent, item));
    return;
  }
  if (item.type === 'object') parent.children.push(addElement(model, kind, item, parent, key, parent.openapi));
}

/** A string entry is an endpoint only where a spec is inherited; elsewhere it is a page path. */
function pageOrEndpoint(model: DocsModel, parent: NavElement, item: JString): NavElement {
  const parsed = parent.openapi.length ? parseEndpointEntry(item.plain) : { kind: 'page' as const };
  const element =
    parsed.kind === 'page' ? new PageElement(item, parent) : new EndpointElement(item, parent, parsed.kind === 'endpoint' ? parsed.entry : parsed.reason);
  record(model, element);
  return element;
}
