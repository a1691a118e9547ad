import type * as Yaml from 'yaml';

let yaml: typeof Yaml | undefined;

/**
 * The `yaml` library, loaded when first needed: only YAML specs and page front matter use it, and loaded with
 * the rest of the server it cost about 20 ms of a 440 ms start (10k-entry bench repo, where specs are JSON).
 */
export function loadYaml(): typeof Yaml {
  return (yaml ??= require('yaml') as typeof Yaml);
}
