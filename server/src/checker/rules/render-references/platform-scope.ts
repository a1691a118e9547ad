// The names a page's expressions may read without binding them: what the platform renders every page with.

/**
 * The scope the platform compiles a page with (@mintlify/common 1.0.1182, dist/mdx/server-only/getMdx.js: `scope`
 * = codeStyling, config, pageMetadata), MDX's own `props`, and React with its hooks, which the platform's docs use
 * in pages' components without an import ("React components": `useState`); `user` is the reader of a personalized
 * site (the platform's "Personalization" docs).
 */
const PLATFORM = [
  'codeStyling', 'config', 'pageMetadata', 'props', 'user', 'React',
  'useState', 'useEffect', 'useRef', 'useMemo', 'useCallback', 'useContext', 'useReducer', 'useLayoutEffect', 'useId', 'useTransition', 'useDeferredValue', 'useSyncExternalStore', 'useImperativeHandle', 'useInsertionEffect', 'Fragment',
];

/** A browser's globals a page's code may read, beside the language's own (read from the host's `globalThis`). */
const BROWSER = [
  'window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'fetch', 'alert', 'confirm', 'prompt', 'console',
  'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame', 'Image', 'HTMLElement', 'Element', 'Node',
  'Event', 'CustomEvent', 'URL', 'URLSearchParams', 'Intl', 'crypto', 'performance', 'screen', 'self', 'globalThis', 'undefined', 'NaN', 'Infinity', 'arguments',
];

let known: Set<string> | undefined;

/** Whether the platform's render gives `name` to every page, or the language or the browser has it. */
export function platformGives(name: string, components: readonly string[]): boolean {
  if (!known) {
    known = new Set([...PLATFORM, ...BROWSER, ...Object.getOwnPropertyNames(globalThis)]);
    for (const component of components) known.add(component.split('.')[0]);
  }
  return known.has(name);
}
