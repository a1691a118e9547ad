// The built-in component table (component-table.ts, generated), loaded on its first use (issue 52): the server
// builds no part of it before a page with a component is checked or completed. One copy for the whole process.
import type { ComponentTable } from './component-spec';

let table: ComponentTable | undefined;
let names: readonly string[] | undefined;

export function componentTable(): ComponentTable {
  // A require, not an import: the bundle then builds the table's object when this first runs, not at start.
  return (table ??= (require('./component-table') as typeof import('./component-table')).COMPONENT_TABLE);
}

/** The names of the built-in components, in the table's order (frozen: `nearestName` keeps its answers for it). */
export function builtInNames(): readonly string[] {
  return (names ??= Object.freeze(Object.keys(componentTable())));
}
