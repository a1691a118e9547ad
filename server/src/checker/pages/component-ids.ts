// The ids components make of their titles and names on the live site, which differ from headings' (issue 35): read
// from `remarkComponentIds` and `rehypeParamFieldIds` of `@mintlify/common` 1.0.1211, the build the live sites run.

/** Components whose title makes an id by `componentSlug`, counted per slug: `a`, `a-1`, `a-2`. */
export const COMPONENT_SLUGGED = new Set(['Accordion', 'View']);
/** Components whose title (`label` for Update) makes a heading-like id: a Tab's keeps `_` as a heading's does. */
export const HEADING_SLUGGED = new Set(['Step', 'Tab', 'Update', 'Heading']);
/** Components whose parameter name makes an id `param-<name>` (`ResponseField` by `name`, the others by their kind). */
export const PARAM_FIELDS = new Set(['ParamField', 'Param', 'ResponseField']);

/**
 * `@sindresorhus/slugify` with its defaults, as an Accordion's title is slugged (its first `:` read as `-`): lower
 * case, `&` as `and`, accents dropped, every other run of characters but letters and digits as one `-` (`_` too:
 * `write_metric` is `write-metric`). `decamelize` splits camel case first, as a parameter's name is slugged.
 */
export function componentSlug(title: string, decamelize = false): string {
  let text = title.replace(':', '-').replace(/&/g, ' and ').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  if (decamelize) text = text.replace(/(?<=[a-z\d])(?=[A-Z])/g, ' ').replace(/(?<=[A-Z])(?=[A-Z][a-z\d])/g, ' ');
  return text
    .toLowerCase()
    .replace(/(?<=[a-z\d])'(?=[ts](?:\s|$))/g, '')
    .replace(/[^a-z\d]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The id a ParamField, Param or ResponseField gets: `param-<name>`, the n-th repeat of a name `param-<name>-n`. */
export function paramFieldId(name: string, repeat: number): string {
  return componentSlug(`param-${name}${repeat ? `_${repeat}` : ''}`, true);
}
