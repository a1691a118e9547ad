// Extracts the platform's documented MDX components from a snapshot of its public docs (github.com/mintlify/docs):
// the component names its `components/*.mdx` pages show in their fenced examples, and the props each documents with
// a top-level `<ResponseField name=…>` (or `<ParamField body=…>`) under its properties heading, the snippets those
// pages import included (`<IconsOptional />`). Writes names, prop names, the type and `required` as written, and the
// file each came from: data, not the docs' text. scripts/component-table.mjs reads it beside @mintlify/components.
//
//   node scripts/extract-docs-components.mjs SNAPSHOT [--out FILE]
//
// SNAPSHOT: a checkout of the docs repository, or its bare git directory (the `fetch` tool's
// /work/.mirror/mintlify+docs/repo), read at HEAD. FILE defaults to scripts/platform-components/docs-components.json.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which component a page's property sections describe: the page's one component, or per heading (a heading that
 * is itself a component's name, `### Tree.File`, needs no entry). Pages absent here document no component props
 * (banner.mdx is a docs.json setting; mermaid-diagrams.mdx's props are a code fence's).
 */
const PAGES = {
  'components/accordions.mdx': ['Accordion'],
  'components/badge.mdx': ['Badge'],
  'components/callouts.mdx': ['Callout'],
  'components/cards.mdx': ['Card'],
  'components/color.mdx': ['Color'],
  'components/columns.mdx': ['Columns'],
  'components/examples.mdx': ['RequestExample', 'ResponseExample'],
  'components/expandables.mdx': ['Expandable'],
  'components/fields.mdx': { 'Parameter field': ['ParamField'], 'Response field': ['ResponseField'] },
  'components/frames.mdx': ['Frame'],
  'components/github.mdx': ['GitHub.Repo'],
  'components/icons.mdx': ['Icon'],
  'components/prompt.mdx': ['Prompt'],
  'components/responses.mdx': ['ResponseField'],
  'components/steps.mdx': { 'Steps properties': ['Steps'], 'Individual step properties': ['Step'] },
  'components/tabs.mdx': { 'Tabs properties': ['Tabs'], 'Tab properties': ['Tab'] },
  'components/tiles.mdx': ['Tile'],
  'components/tooltips.mdx': ['Tooltip'],
  'components/tree.mdx': ['Tree'],
  'components/update.mdx': ['Update'],
  'components/view.mdx': ['View'],
  'components/visibility.mdx': ['Visibility'],
};

/** Reads files of a checkout or of a bare git directory at HEAD. */
function snapshotReader(root) {
  if (existsSync(join(root, 'components')) && statSync(join(root, 'components')).isDirectory()) {
    let commit;
    try {
      commit = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      commit = undefined;
    }
    return {
      commit,
      list: (folder) => readdirSync(join(root, folder)).map((name) => `${folder}/${name}`),
      read: (file) => (existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined),
    };
  }
  const git = (...args) => execFileSync('git', ['--git-dir', root, ...args], { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  let commit;
  try {
    commit = git('rev-parse', 'HEAD').trim();
  } catch {
    throw new Error(`${root}: neither a checkout with components/ nor a git directory`);
  }
  return {
    commit,
    list: (folder) => git('ls-tree', '--name-only', `HEAD:${folder}`).split('\n').filter(Boolean).map((name) => `${folder}/${name}`),
    read: (file) => {
      try {
        return git('show', `HEAD:${file}`);
      } catch {
        return undefined;
      }
    },
  };
}

/** The page's lines outside fenced code, and the tags used inside its fences. */
function splitFences(text) {
  const prose = [];
  const fenced = [];
  let fence;
  for (const line of text.split('\n')) {
    const open = /^ *(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1]) fence = undefined;
      else fenced.push(line);
      prose.push('');
    } else if (open) {
      fence = open[1];
      prose.push('');
    } else prose.push(line);
  }
  return { prose, fenced };
}

function attribute(tag, name) {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|\\{([^}]*)\\})`).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The documented props of one page: `{ component: { prop: { type, required?, file } } }`. */
function pageProps(reader, file, plan) {
  const text = reader.read(file);
  const imports = new Map([...text.matchAll(/^import\s+(\w+)\s+from\s+["']\/?(snippets\/[^"']+)["']/gm)].map((m) => [m[1], m[2]]));
  const found = {};
  let current;
  let inProperties = false;
  const add = (names, prop, entry) => {
    for (const component of names) {
      found[component] ??= {};
      found[component][prop] ??= entry;
    }
  };
  const readFields = (lines, source, names) => {
    for (const line of lines) {
      // Top-level fields only: an indented one is a field of an object prop (`rss.title`).
      const tag = /^<(ResponseField|ParamField)((?:\s+[\w-]+(?:=(?:"[^"]*"|'[^']*'|\{[^}]*\}))?)*)\s*\/?>/.exec(line);
      if (!tag) continue;
      const written = tag[1] === 'ResponseField' ? attribute(tag[0], 'name') : (attribute(tag[0], 'body') ?? attribute(tag[0], 'query') ?? attribute(tag[0], 'path'));
      if (!written) continue;
      const type = attribute(tag[0], 'type');
      const required = /\srequired[\s>/]/.test(tag[0]) && !/\srequired=\{false\}/.test(tag[0]);
      // `body="query, path, body, or header"`: one field documents four props.
      for (const prop of written.split(/,\s*(?:or\s+)?|\s+or\s+/).map((s) => s.trim()).filter(Boolean)) {
        add(names, prop, { ...(type ? { type } : {}), ...(required ? { required: true } : {}), file: source });
      }
    }
  };
  for (const line of splitFences(text).prose) {
    const heading = /^(#{2,4})\s+(.+?)\s*$/.exec(line);
    if (heading) {
      const [, level, title] = heading;
      const named = Array.isArray(plan) ? (plan.includes(title) || /^[A-Z]\w*(?:\.[A-Z]\w*)+$/.test(title) ? [title] : undefined) : plan[title];
      const propsHeading = /\bprop(?:ertie)?s\b/i.test(title);
      // A section (`##`) starts over; a sub-heading names a component within it (`## Properties`, `### Color.Row`).
      if (level.length === 2) {
        current = named ?? (Array.isArray(plan) ? plan : undefined);
        inProperties = propsHeading;
      } else {
        if (named) current = named;
        if (propsHeading) inProperties = true;
      }
      continue;
    }
    if (!inProperties || !current?.length) continue;
    const snippet = /^<(\w+)\s*\/>\s*$/.exec(line);
    if (snippet && imports.has(snippet[1])) {
      const source = `${imports.get(snippet[1])}`;
      const body = reader.read(source);
      if (body) readFields(splitFences(body).prose, source, current);
      continue;
    }
    readFields([line], file, current);
  }
  return found;
}

export function extractDocsComponents(root, pages = PAGES) {
  const reader = snapshotReader(root);
  const components = {};
  const entry = (name) => (components[name] ??= { files: [], props: {} });
  const listed = reader.list('components').filter((file) => file.endsWith('.mdx')).sort();
  for (const file of listed) {
    const text = reader.read(file);
    // Names: the tags the page's fenced examples use.
    for (const line of splitFences(text).fenced) {
      for (const match of line.matchAll(/<([A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)*)[\s/>]/g)) {
        const names = entry(match[1]).files;
        if (!names.includes(file)) names.push(file);
      }
    }
  }
  for (const [file, plan] of Object.entries(pages)) {
    if (!listed.includes(file)) throw new Error(`${file} is gone from the docs: update PAGES in ${fileURLToPath(import.meta.url)}`);
    for (const [component, props] of Object.entries(pageProps(reader, file, plan))) {
      const spec = entry(component);
      if (!spec.files.includes(file)) spec.files.push(file);
      for (const [prop, value] of Object.entries(props)) spec.props[prop] ??= value;
    }
  }
  const sorted = (object) => Object.fromEntries(Object.keys(object).sort().map((key) => [key, object[key]]));
  return {
    source: 'https://github.com/mintlify/docs',
    ...(reader.commit ? { commit: reader.commit } : {}),
    note: 'Extracted by scripts/extract-docs-components.mjs: component names from the fenced examples of components/*.mdx, props from their top-level <ResponseField> / <ParamField>. Names and prop names only, with the file each came from.',
    components: sorted(Object.fromEntries(Object.entries(components).map(([name, spec]) => [name, { files: spec.files.sort(), props: sorted(spec.props) }]))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 ? args.splice(outAt, 2)[1] : fileURLToPath(new URL('platform-components/docs-components.json', import.meta.url));
  if (args.length !== 1) {
    console.error('usage: node scripts/extract-docs-components.mjs SNAPSHOT [--out FILE]  (SNAPSHOT: a mintlify/docs checkout or its git directory)');
    process.exit(2);
  }
  const data = extractDocsComponents(args[0]);
  writeFileSync(out, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`wrote ${out}: ${Object.keys(data.components).length} components, ${Object.values(data.components).reduce((n, c) => n + Object.keys(c.props).length, 0)} props`);
}
