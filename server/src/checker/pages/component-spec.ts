// The shape of the built-in component table (component-table.ts, generated from @mintlify/components).

export interface PropSpec {
  /** The prop's TypeScript type as the package writes it. */
  type: string;
  /** The values it takes when its type is a union of literals. */
  values?: string[];
  required?: boolean;
  doc?: string;
  /** Why it is deprecated (its replacement). */
  deprecated?: string;
  /** Set by the platform or the React wiring, never by a writer: accepted, never offered. */
  internal?: boolean;
}

export interface ComponentSpec {
  props: Record<string, PropSpec>;
  /** Its props are not all known: no prop is flagged unknown. */
  open?: boolean;
  /** The name that replaces this deprecated one. */
  deprecated?: string;
}

export type ComponentTable = Record<string, ComponentSpec>;
