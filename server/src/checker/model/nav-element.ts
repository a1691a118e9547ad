import type { JString, JValue } from '../json/json-tree';
import type { EndpointEntry } from '../openapi/endpoint-entry';
import type { ElementKind } from './element-kinds';

/** One spec location written in an `openapi` value. */
export interface OpenApiSource {
  location: string;
  node: JString;
  remote: boolean;
}

export interface NavElement {
  readonly kind: ElementKind;
  readonly node: JValue;
  readonly parent: NavElement | undefined;
  readonly children: NavElement[];
  /** The key of the array this element stands in (`pages`, `groups`, `anchors` of `global`, ...). */
  readonly container: string | undefined;
  /** The element's name (`group`, `tab`, ... value) or, for pages and endpoints, the string itself. */
  readonly label: string | undefined;
  /** Nearest tab, anchor, dropdown, product, version or language above (or this element itself). */
  readonly section: NavElement | undefined;
  /** The `openapi` specs this element uses: its own, else its parent's. */
  readonly openapi: OpenApiSource[];
  /** For endpoints: the parsed entry, or why it is malformed. */
  readonly endpoint: EndpointEntry | undefined;
  readonly malformedEndpoint: string | undefined;
}
