// The kinds of the Docs view's rows: the navigation's elements, then docs.json's redirects, the page files no
// entry reaches, the other files with problems beside them, and the OpenAPI specs with their operations. Shared with the VS Code client through the protocol module (index.ts).
import { ElementKind, KIND_TITLE } from '../checker/model/element-kinds';

export type TreeNodeKind = ElementKind | 'redirects' | 'redirect' | 'orphans' | 'orphan' | 'others' | 'other' | 'specs' | 'spec' | 'operation';

export const TREE_NODE_TITLE: Record<TreeNodeKind, string> = { ...KIND_TITLE, redirects: 'redirects', redirect: 'redirect', orphans: 'pages not in the navigation', orphan: 'page not in the navigation', others: 'other files with problems', other: 'file with problems', specs: 'OpenAPI specs', spec: 'OpenAPI spec', operation: 'operation' };
