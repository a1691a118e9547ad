// unknown-icon (issue 36): every place the platform reads an icon, per library, each case flagged once and accepted
// once, with the nearest name of the site's library as the suggestion.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { MAX_FINDINGS_PER_FILE } from '../../server/src/checker/diagnostics';
import { NameLists, sharedNameLists } from '../../server/src/checker/icons/name-lists';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { makeSourceFile } from '../../server/src/checker/json/json-tree';
import { checkPageIcons } from '../../server/src/checker/rules/icons/rule';
import { createLanguageService, nameListsFile } from '../../server/src/language';
import { tempRepo } from '../helpers/temp-repo';

/** `file: 'text' (message)` for each unknown-icon finding of the site, docs.json and every page. */
function iconFindings(files: Record<string, unknown>, severity: Record<string, 'off'> = {}, nameLists = nameListsFile()): string[] {
  const root = tempRepo(files);
  const service = createLanguageService({ nameLists });
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity, extraLanguageCodes: [], addRedirectsOnRename: false });
  const byFile = service.check(project).byFile;
  for (const [file, diagnostics] of service.checkPages(project).byFile) byFile.set(file, [...(byFile.get(file) ?? []), ...diagnostics]);
  service.dispose();
  const found: string[] = [];
  for (const [file, diagnostics] of byFile) for (const d of diagnostics) if (d.code === 'unknown-icon') found.push(`${path.relative(root, file)}: ${d.message}`);
  return found.sort();
}

const site = (icons: unknown[], extra: Record<string, unknown> = {}) => ({
  'docs.json': { ...extra, navigation: { groups: icons.map((icon, i) => ({ group: `G${i}`, icon, pages: ['index'] })) } },
  'index.mdx': '# Home\n',
  'logo/acme.svg': '<svg/>',
});

test('the name lists were built: Font Awesome Pro names and aliases, language logos, Lucide renames', () => {
  assert.ok(nameListsFile(), 'dist/server/name-lists.json (the test runner builds it)');
});

test('Font Awesome (the default): misspelt names, Lucide names and missing or escaping files are flagged (a fa- prefix is the schema\'s: the platform refuses it)', () => {
  assert.deepEqual(iconFindings(site(['rockett', 'fa-rocket', 'message-circle', '/logo/missing.svg', '../outside.svg'])), [
    "docs.json: 'message-circle' is not a Font Awesome icon: it renders blank: did you mean 'message-middle'?",
    "docs.json: 'rockett' is not a Font Awesome icon: it renders blank: did you mean 'rocket'?",
    "docs.json: Icon '../outside.svg' points outside the docs folder: the site cannot serve it, so it renders blank",
    "docs.json: No icon file '/logo/missing.svg' in the docs folder: it renders blank",
  ]);
});

test('Font Awesome: free, Pro, alias, brand, upper-case and language names, files, URLs, SVG and icon objects are accepted', () => {
  const icons = ['rocket', 'abacus', 'home', 'github', 'Rocket', 'python', 'js', '/logo/acme.svg', 'logo/acme.svg', 'https://example.com/i.svg', '<svg viewBox="0 0 1 1"/>', { name: 'house', style: 'solid' }];
  assert.deepEqual(iconFindings(site(icons)), []);
});

test('Lucide: Font Awesome and language names are flagged (no fallback), a renamed icon is suggested by its new name', () => {
  assert.deepEqual(iconFindings(site(['python', 'rockett', 'alert-circl'], { icons: { library: 'lucide' } })), [
    "docs.json: 'alert-circl' is not a Lucide icon (docs.json sets \"icons.library\" to \"lucide\"): it renders blank: did you mean 'circle-alert'?",
    "docs.json: 'python' is not a Lucide icon (docs.json sets \"icons.library\" to \"lucide\"): it renders blank",
    "docs.json: 'rockett' is not a Lucide icon (docs.json sets \"icons.library\" to \"lucide\"): it renders blank: did you mean 'rocket'?",
  ]);
});

test("Lucide: its names, old names it still serves, and an icon object's own library are accepted", () => {
  const icons = ['rocket', 'circle-alert', 'alert-circle', 'home', { name: 'python', library: 'fontawesome' }];
  assert.deepEqual(iconFindings(site(icons, { icons: { library: 'lucide' } })), []);
});

test('Tabler: Tabler and Font Awesome names are accepted, others flagged with the nearest Tabler name', () => {
  assert.deepEqual(iconFindings(site(['brand-github', 'rocket', 'python'], { icons: { library: 'tabler' } })), []);
  assert.deepEqual(iconFindings(site(['brand-githubb'], { icons: { library: 'tabler' } })), [
    "docs.json: 'brand-githubb' is not a Tabler icon (docs.json sets \"icons.library\" to \"tabler\"): it renders blank: did you mean 'brand-github'?",
  ]);
});

test('docs.json: icons of navbar links, contextual options and anchors are checked; a metatag named icon is not', () => {
  const files = {
    ...site([]),
    'docs.json': {
      navbar: { links: [{ label: 'Blog', href: 'https://example.com', icon: 'blgo' }] },
      contextual: { options: ['copy', { title: 'Ask', description: 'Ask us', href: 'https://example.com', icon: 'sparklez' }] },
      seo: { metatags: { icon: 'not-an-icon-at-all' } },
      navigation: { anchors: [{ anchor: 'API', icon: 'cod', pages: ['index'] }] },
    },
  };
  assert.deepEqual(
    iconFindings(files).map((line) => line.replace(/:.*'(.*)' is not.*/, ': $1')),
    ['docs.json: blgo', 'docs.json: cod', 'docs.json: sparklez'],
  );
});

test('pages: icon attributes of any component and front matter icon are checked; code blocks and expressions are not', () => {
  const page = [
    '---',
    'title: Home',
    "icon: 'rockett'",
    '---',
    '',
    '<Card title="A" icon="bolt-lightningg">A</Card>',
    "<Icon icon={'flagg'} />",
    '<Step title="B" icon="rocket">B</Step>',
    '<Accordion title="C" icon={props.icon}>C</Accordion>',
    '',
    '```mdx',
    '<Card icon="not-rendered-here" />',
    '```',
    '',
    'Inline `<Card icon="nor-here" />`.',
    '',
  ].join('\n');
  assert.deepEqual(iconFindings({ ...site([]), 'index.mdx': page }), [
    "index.mdx: 'bolt-lightningg' is not a Font Awesome icon: it renders blank: did you mean 'bolt-lightning'?",
    "index.mdx: 'flagg' is not a Font Awesome icon: it renders blank: did you mean 'flag'?",
    "index.mdx: 'rockett' is not a Font Awesome icon: it renders blank: did you mean 'rocket'?",
  ]);
});

test('pages follow the site library: a Font Awesome name under Lucide is flagged', () => {
  const files = { ...site([], { icons: { library: 'lucide' } }), 'index.mdx': '<Card title="SDK" icon="python">Py</Card>\n<Card title="Go" icon="rocket">Go</Card>\n' };
  assert.deepEqual(iconFindings(files), ["index.mdx: 'python' is not a Lucide icon (docs.json sets \"icons.library\" to \"lucide\"): it renders blank"]);
});

test('quiet: with the rule off, and without name lists (nothing can be judged)', () => {
  const files = { ...site(['rockett']), 'index.mdx': '<Card title="A" icon="bolt-lightningg">A</Card>\n' };
  assert.equal(iconFindings(files).length, 2);
  assert.deepEqual(iconFindings(files, { 'unknown-icon': 'off' }), []);
  assert.deepEqual(iconFindings(files, {}, '/nonexistent/name-lists.json'), []);
});

test('a page whose icon file is missing is checked again when the file is created', () => {
  const root = tempRepo({ ...site([]), 'index.mdx': '<Card title="A" icon="/icons/a.svg">A</Card>\n' });
  const service = createLanguageService({ nameLists: nameListsFile() });
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  service.check(project);
  const codes = () => [...service.checkPages(project).byFile.values()].flat().map((d) => d.code);
  assert.deepEqual(codes(), ['unknown-icon']);
  fs.mkdirSync(path.join(root, 'icons'));
  fs.writeFileSync(path.join(root, 'icons/a.svg'), '<svg/>');
  const affected = service.fileEvents([{ uri: pathToFileURL(path.join(root, 'icons/a.svg')).href, type: 'created' }]);
  assert.ok(affected.check.includes(project), 'the folder is checked again');
  assert.deepEqual(codes(), []);
  service.dispose();
});

test('a huge icon value is quoted cut short, and no nearest name is measured for it', () => {
  const huge = 'x'.repeat(300_000);
  const [finding] = iconFindings(site([huge]));
  assert.ok(finding.length < 400, finding.slice(0, 300));
  assert.match(finding, /300,000 characters\)' is not a Font Awesome icon: it renders blank$/);
});

test('issue 44: 50,000 distinct unknown icons in a page measure a bounded number of names (once per reported finding at most)', () => {
  const counter = { measured: 0 };
  const names = new NameLists(nameListsFile(), counter);
  // Typos of real names (two letters added): each is near some name, so a suggestion is looked for in earnest.
  const real = names.names('fontawesome');
  const letters = 'bcdfghjkmpqvwxz';
  const icons = Array.from({ length: 50_000 }, (_, i) => {
    const value = `${real[i % real.length]}${letters[Math.floor(i / real.length) % 15]}${letters[Math.floor(i / real.length / 15) % 15]}`;
    return { value, start: i * 40, end: i * 40 + value.length };
  });
  const page = makeSourceFile('/site/page.mdx', ' '.repeat(50_000 * 40));
  const found = checkPageIcons(() => page, icons, undefined, 'fontawesome', names, () => false, new Set());
  assert.equal(new Set(icons.map((icon) => icon.value)).size, 50_000);
  const unknown = icons.filter((icon) => !names.has('fontawesome', icon.value) && !names.has('devicon', icon.value));
  assert.ok(unknown.length > 49_900);
  assert.equal(found.length, unknown.length, 'every unknown one is a finding (the page check caps and counts them)');
  assert.ok(found.slice(0, MAX_FINDINGS_PER_FILE).filter((d) => d.data?.suggestion).length > 400, `the reported ones are told the nearest name: ${found.slice(0, MAX_FINDINGS_PER_FILE).filter((d) => d.data?.suggestion).length}, ${counter.measured}`);
  assert.ok(counter.measured > 0, 'the reported ones were measured');
  // Before: every finding measured every name of Font Awesome (50,000 × 5,000+ distances).
  const perReported = counter.measured / MAX_FINDINGS_PER_FILE;
  assert.ok(counter.measured <= MAX_FINDINGS_PER_FILE * 50, `${counter.measured} distances (${perReported.toFixed(1)} per reported finding)`);
  assert.ok(found.slice(MAX_FINDINGS_PER_FILE).every((d) => d.data?.suggestion === undefined && !d.message.includes('did you mean')), 'past the cap nothing is looked for');
});

test('issue 44: a name asked again (the next keystroke, another page) measures nothing more; the suggestion is the same', () => {
  const counter = { measured: 0 };
  const names = new NameLists(nameListsFile(), counter);
  const icon = [{ value: 'rockett', start: 0, end: 7 }];
  const check = () => checkPageIcons(() => makeSourceFile('/site/page.mdx', 'rockett'), icon, undefined, 'fontawesome', names, () => false, new Set());
  assert.equal(check()[0].data?.suggestion, 'rocket');
  const once = counter.measured;
  assert.equal(check()[0].data?.suggestion, 'rocket');
  assert.equal(counter.measured, once);
});

test('issue 45: names added after the versions the platform serves (Font Awesome 7.1.0, Lucide 0.545.0) are flagged', () => {
  // `aquarius` came with Font Awesome 7.2, `avocado` with Lucide 1.x: the CDN draws neither.
  assert.deepEqual(iconFindings(site(['aquarius'])), ["docs.json: 'aquarius' is not a Font Awesome icon: it renders blank"]);
  assert.equal(iconFindings(site(['avocado'], { icons: { library: 'lucide' } })).length, 1);
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
  assert.equal(manifest.devDependencies['@fortawesome/fontawesome-common-types'], '7.1.0');
  assert.equal(manifest.devDependencies['lucide-static'], '0.545.0');
});

test('issue 45, quiet twin: names the served versions have stay quiet (Lucide names renamed since, too)', () => {
  assert.deepEqual(iconFindings(site(['rocket', 'house', 'github'])), []);
  assert.deepEqual(iconFindings(site(['rocket', 'angry', 'building-2'], { icons: { library: 'lucide' } })), []);
});

test('issue 52: one reader of the name lists per file for the process, read on first use; lookups agree with the lists', () => {
  const file = nameListsFile();
  assert.equal(sharedNameLists(file), sharedNameLists(file));
  const names = new NameLists(file);
  for (const list of ['fontawesome', 'lucide', 'tabler', 'devicon'] as const) {
    const all = names.names(list);
    assert.ok(all.length > 30, list);
    for (const name of [all[0], all[all.length >> 1], all[all.length - 1]]) assert.equal(names.has(list, name), true, `${list}: ${name}`);
    for (const name of ['', 'zzzz-not-an-icon', `${all[0]}-x`, '0']) assert.equal(names.has(list, name), all.includes(name), `${list}: ${name}`);
  }
});

test('issue 52: a re-check reuses the last check\'s good icon verdicts only while the file index is the same', () => {
  const root = tempRepo(site(['rocket', '/logo/acme.svg', 'logo/new.svg', 'rockett']));
  const workspace = new DocsWorkspace(root);
  const options = { iconNames: new NameLists(nameListsFile()) };
  const messages = (result: ReturnType<typeof checkDocs>) => result.diagnostics.filter((d) => d.code === 'unknown-icon').map((d) => d.message);
  const first = checkDocs(workspace, undefined, options);
  assert.deepEqual(messages(first), ["No icon file 'logo/new.svg' in the docs folder: it renders blank", "'rockett' is not a Font Awesome icon: it renders blank: did you mean 'rocket'?"]);
  assert.deepEqual([...first.findings.iconVerdicts!.good].sort(), ['fontawesome\0/logo/acme.svg', 'fontawesome\0rocket']);
  // The same text again with the findings handed on: the same findings (problems are judged again, not kept).
  assert.deepEqual(messages(checkDocs(workspace, undefined, options, first.findings)), messages(first));
  // A removed file: a kept verdict would still call it good.
  workspace.files.remove('logo/acme.svg');
  workspace.files.add('logo/new.svg');
  const after = checkDocs(workspace, undefined, options, first.findings);
  assert.deepEqual(messages(after), ["No icon file '/logo/acme.svg' in the docs folder: it renders blank", "'rockett' is not a Font Awesome icon: it renders blank: did you mean 'rocket'?"]);
});
