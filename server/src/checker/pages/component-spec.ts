// The shape of the built-in component table (component-table.ts, generated from @mintlify/components, the platform's
// docs and what scripts/platform-components/recorded.json records of the platform).

/**
 * Where a name or prop comes from: `@mintlify/components`' types, the platform's docs (components/*.mdx of
 * mintlify/docs), both, or the platform's own code as recorded (its MDX pipeline, its wrappers).
 */
export type TableSource = 'package' | 'docs' | 'both' | 'platform';

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
  /** Other props that stand in for a required one (`src` for `icon` of <Icon>). */
  satisfiedBy?: string[];
  source?: TableSource;
}

export interface ComponentSpec {
  props: Record<string, PropSpec>;
  /** Its props are not all known: no prop is flagged unknown. */
  open?: boolean;
  /** The name that replaces this deprecated one. */
  deprecated?: string;
  source?: TableSource;
}

export type ComponentTable = Record<string, ComponentSpec>;
