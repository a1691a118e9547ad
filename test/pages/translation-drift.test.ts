// Issue 51: a translation in step with its source page, by structure (translation-structure) and by git history
// (translation-outdated). Each shape once flagged and once quiet (its twin); through the language service: the
// finding's place, the source's line as related information, the source's edit re-checking the translation, the
// language grid's counts; git history read without running the repository's code.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import nodeFs = require('node:fs');
import { compareStructure, Difference } from '../../server/src/checker/rules/translation-drift/compare-structure';
import { pageStructure } from '../../server/src/checker/rules/translation-drift/page-structure';
import { readCommitTimes } from '../../server/src/project/git-history';
import { createLanguageService } from '../../server/src/language';
import { openSite } from '../language-service/helpers';
import { tempRepo } from '../helpers/temp-repo';

const FRONT = '---\ntitle: "T"\n---\n\n';

function differences(source: string, translation: string, suffixes: string[] = []): string[] {
  const found = compareStructure(pageStructure(FRONT + source, true), pageStructure(FRONT + translation, true), suffixes) ?? [];
  return found.map(describe);
}

function describe(d: Difference): string {
  switch (d.kind) {
    case 'missing':
    case 'extra':
      return `${d.kind} ${d.items.map((i) => i.key).join(' ')}`;
    case 'changed':
      return `changed ${d.source.key}->${d.item.key}`;
    case 'anchor':
      return `anchor ${d.id}`;
    case 'moved':
      return `moved ${d.items.map((i) => i.key).join(' ')}`;
  }
}

test('the structure: headings by level, code blocks by language, block components, images, explicit anchors; not what fences or comments hold', () => {
  const text = [
    '---', 'title: "# not a heading"', '---', '', '# Title', '', '## Install {#install}', '', '```bash', '# a comment, not a heading', '<Note>in code</Note>', '```', '',
    '<Tabs>', '  <Tab title="A">', '    ![Shot](/images/a.png)', '  </Tab>', '</Tabs>', '', 'Use `<Note>` inline, or <Link href="/x">a link</Link> in prose.',
    '<Link href="/y">Y</Link>, and more prose.', '{/* <Warning> commented out */}', '<!--', '## hidden', '-->', '<a id="legacy"></a>', '<img src="/b.png" />', '~~~js', 'x', '~~~',
  ].join('\n');
  const structure = pageStructure(text, true);
  assert.deepEqual(structure.items.map((i) => [i.key, i.line]), [
    ['h1', 4], ['h2', 6], ['code:bash', 8], ['<Tabs>', 13], ['<Tab>', 14], ['img', 15], ['img', 26], ['code:javascript', 27],
  ]);
  assert.deepEqual([...structure.anchors.keys()], ['install', 'legacy']);
  // "```Schema``` is…" opens no fence (a backtick fence's info string has no backtick).
  assert.deepEqual(pageStructure('```Schema``` is a word.\n\n## Install\n', true).items.map((i) => i.key), ['h2']);
  // An image whose alt holds escaped brackets is an image (box's Japanese pages).
  assert.deepEqual(pageStructure('![\\[承認\\] タブ](/images/a.png)\n', true).items.map((i) => i.key), ['img']);
  // Past long prose (lines skipped without a look at each), a comment and CRLF line ends: the same items and lines.
  const prose = 'Words, and more words.\n'.repeat(5_000);
  const long = pageStructure(`## A\n${prose}<!-- open\n## hidden\n-->\n${prose}## B {#b}\r\n![x](/x.png)\r\n`, true);
  assert.deepEqual(long.items.map((i) => [i.key, i.line]), [['h2', 0], ['h2', 10_004], ['img', 10_005]]);
  assert.deepEqual([...long.anchors].map(([id, at]) => [id, at.line]), [['b', 10_004]]);
  // A .md page has no components.
  assert.deepEqual(pageStructure('<Note>x</Note>\n## A\n', false).items.map((i) => i.key), ['h2']);
});

test('flagged: what the source has and the translation lacks, what it adds, what it changes in kind, an anchor it drops', () => {
  const source = '## Install\n\n```bash\nnpm i\n```\n\n## Configure\n\n<Warning>Secret.</Warning>\n\n![Shot](/a.png)\n\n## Use {#use}\n';
  assert.deepEqual(differences(source, '## Instalar\n\n```bash\nnpm i\n```\n\n## Configurar\n\n![Captura](/a.png)\n\n## Usar {#use}\n'), ['missing <Warning>']);
  assert.deepEqual(differences(source, '## Instalar\n\n## Configurar\n\n<Warning>S.</Warning>\n\n![C](/a.png)\n\n## Usar {#use}\n'), ['missing code:bash']);
  assert.deepEqual(differences(source, '## Instalar\n\n```bash\nnpm i\n```\n\n## Configurar\n\n<Warning>S.</Warning>\n\n## Usar {#use}\n'), ['missing img']);
  assert.deepEqual(differences(source, '## Instalar\n\n```bash\nnpm i\n```\n\n### Configurar\n\n<Warning>S.</Warning>\n\n![C](/a.png)\n\n## Usar {#use}\n'), ['changed h2->h3']);
  assert.deepEqual(differences(source, '## Instalar\n\n```python\nx\n```\n\n## Configurar\n\n<Warning>S.</Warning>\n\n![C](/a.png)\n\n## Usar {#use}\n'), ['changed code:bash->code:python']);
  assert.deepEqual(differences(source, '## Instalar\n\n```bash\nnpm i\n```\n\n## Configurar\n\n<Warning>S.</Warning>\n\n<Note>Traducido.</Note>\n\n![C](/a.png)\n\n## Usar {#use}\n'), ['extra <Note>']);
  assert.deepEqual(differences(source, '## Instalar\n\n```bash\nnpm i\n```\n\n## Configurar\n\n<Warning>S.</Warning>\n\n![C](/a.png)\n\n## Usar\n'), ['anchor use']);
  // What the translation adds is placed after the source's item aligned before it (its line, the related place):
  // not by comparing offsets of two texts in two languages.
  const note = '## Instalar\n\n```bash\nnpm i\n```\n\n## Configurar\n\n<Warning>S.</Warning>\n\n<Note>Traducido, con una nota más larga que la fuente entera.</Note>\n\n![C](/a.png)\n\n## Usar {#use}\n';
  const [extra] = compareStructure(pageStructure(source, true), pageStructure(note, true))!;
  assert.equal(extra.kind === 'extra' && extra.after?.key, '<Warning>');
  // A whole section missing is one finding, told where it would be (before the next heading the two share).
  const [section] = compareStructure(pageStructure(source, true), pageStructure('## Instalar\n\n```bash\nnpm i\n```\n\n## Usar {#use}\n', true))!;
  assert.equal(section.kind, 'missing');
  assert.deepEqual(section.kind === 'missing' && section.items.map((i) => i.key), ['h2', '<Warning>', 'img']);
  assert.equal(section.at, '## Instalar\n\n```bash\nnpm i\n```\n\n'.length);
});

test('quiet twins: translated words, a localised screenshot, a language\'s own component, a code block\'s other name, prose links', () => {
  const source = '## Install\n\n```js\nx\n```\n\n<ExploreMore />\n\n![Shot](/images/en/a.png)\n\nSee <Link href="/x">the guide</Link> first.\n\n## Use {#use}\n';
  assert.deepEqual(differences(source, '## インストール\n\n```javascript\nx\n```\n\n<ExploreMoreJA />\n\n![画面](/images/ja/a.png)\n\n[ガイド](/ja/x)を先に読んでください。\n\n## 使う {#use}\n', ['ja']), []);
  // The twin's twin: without the language's suffix, the component is another one.
  assert.deepEqual(differences(source, '## インストール\n\n```javascript\nx\n```\n\n<ExploreMoreJA />\n\n![画面](/images/ja/a.png)\n\n## 使う {#use}\n'), ['changed <ExploreMore>-><ExploreMoreJA>']);
  assert.deepEqual(differences('', ''), []);
});

test('pages too large to align are not compared (no finding, no table of millions of cells)', () => {
  const big = '## A\n'.repeat(2_001);
  assert.equal(compareStructure(pageStructure(big, true), pageStructure('## A\n', true)), undefined);
});

const DOCS_JSON = JSON.stringify({
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#0B7D62' },
  navigation: { languages: [{ language: 'en', pages: ['en/setup'] }, { language: 'es', pages: ['es/setup'] }] },
});
const EN = '---\ntitle: "Setup"\n---\n\n## Install\n\n```bash\nnpm i acme\n```\n\n## Configure\n\n<Warning>Keep the key secret.</Warning>\n';
const ES = '---\ntitle: "Configuración"\n---\n\n## Instalar\n\n```bash\nnpm i acme\n```\n\n## Configurar\n';

test('through the language service: on the translation where the difference is, the source\'s line related; the source\'s edit re-checks it; the grid counts it', () => {
  const site = openSite(DOCS_JSON, { files: { 'en/setup.mdx': EN, 'es/setup.mdx': ES } });
  const esFile = path.join(site.root, 'es', 'setup.mdx');
  const drift = () => (site.service.checkPages(site.project).byFile.get(esFile) ?? []).filter((d) => String(d.code).startsWith('translation-'));
  const [found, ...rest] = drift();
  assert.deepEqual(rest, []);
  assert.equal(found.code, 'translation-structure');
  assert.equal(found.severity, 3, 'information');
  assert.match(String(found.message), /^Missing here: "<Warning>", which the source "en\/setup.mdx" has at line 13/);
  assert.deepEqual(found.range.start, { line: ES.split('\n').length - 1, character: 0 }, 'at the end of the translation, where it would be');
  assert.equal(found.relatedInformation?.[0].location.uri, site.uriOf('en/setup.mdx'));
  assert.equal(found.relatedInformation?.[0].location.range.start.line, 12);
  assert.equal(found.relatedInformation?.[0].message, 'the source\'s "<Warning>"', 'plain text, as the message is');
  const [grid] = site.service.languageGrids(site.project);
  assert.deepEqual(grid.rows[0].cells.map((c) => c.differences), [undefined, 1]);
  assert.deepEqual(grid.drift, [{ differing: 0, outdated: 0 }, { differing: 1, outdated: 0 }]);
  // The source loses its warning (typed, unsaved): the translation is in step again.
  site.service.openDocument(site.uriOf('en/setup.mdx'), EN.replace('\n<Warning>Keep the key secret.</Warning>\n', '\n'));
  site.service.check(site.project);
  assert.deepEqual(drift(), []);
  // Off: nothing, and the grid counts nothing.
  site.service.openDocument(site.uriOf('en/setup.mdx'), EN);
  site.service.configure(site.project, { enable: true, severity: { 'translation-structure': 'off' }, extraLanguageCodes: [], addRedirectsOnRename: false });
  assert.deepEqual(drift(), []);
  assert.deepEqual(site.service.languageGrids(site.project)[0].rows[0].cells.map((c) => c.differences), [undefined, undefined]);
});

test('quiet: the default language\'s pages, a page without a source, a site without languages', () => {
  const site = openSite(DOCS_JSON, { files: { 'en/setup.mdx': EN, 'es/setup.mdx': ES.replace('## Configurar\n', '## Configurar\n\n<Warning>Secreto.</Warning>\n'), 'es/extra.mdx': '## Solo\n' } });
  const all = [...site.service.checkPages(site.project).byFile.values()].flat().filter((d) => String(d.code).startsWith('translation-s'));
  assert.deepEqual(all, []);
  const single = openSite(JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0B7D62' }, navigation: { pages: ['en/setup', 'es/setup'] } }), { files: { 'en/setup.mdx': EN, 'es/setup.mdx': ES } });
  assert.deepEqual([...single.service.checkPages(single.project).byFile.values()].flat().filter((d) => String(d.code).startsWith('translation-s')), []);
});

function git(root: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function commitAt(root: string, seconds: number, files: string[], message: string): void {
  git(root, 'add', ...files);
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', message], {
    cwd: root,
    env: { ...process.env, GIT_AUTHOR_DATE: `${seconds} +0000`, GIT_COMMITTER_DATE: `${seconds} +0000` },
  });
}

const hasGit = (() => {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test('translation-outdated: a translation last committed before its source is told; one committed with or after it is not; no git, no finding', { skip: !hasGit && 'git is not installed' }, () => {
  const root = tempRepo({ 'docs.json': DOCS_JSON, 'en/setup.mdx': EN, 'es/setup.mdx': EN.replace('Setup', 'Configuración'), 'es/other.mdx': EN, 'en/other.mdx': EN });
  // A hook and an fsmonitor of the repository's own that would leave a mark: reading history must run neither.
  const mark = path.join(root, 'ran');
  git(root, 'init', '-q');
  fs.mkdirSync(path.join(root, '.git', 'hooks'), { recursive: true });
  const script = `#!/bin/sh\ntouch '${mark}'\n`;
  for (const hook of ['post-checkout', 'pre-commit', 'post-commit', 'reference-transaction']) fs.writeFileSync(path.join(root, '.git', 'hooks', hook), script, { mode: 0o755 });
  fs.writeFileSync(path.join(root, 'monitor.sh'), script, { mode: 0o755 });
  commitAt(root, 1_700_000_000, ['docs.json', 'es/setup.mdx', 'en/other.mdx'], 'translation first');
  commitAt(root, 1_700_086_400, ['en/setup.mdx', 'es/other.mdx'], 'source later; the other translation with its source');
  fs.rmSync(mark, { force: true });
  git(root, 'config', 'core.fsmonitor', path.join(root, 'monitor.sh'));
  git(root, 'config', 'core.hooksPath', path.join(root, '.git', 'hooks'));

  const times = readCommitTimes(root);
  assert.equal(times.get('es/setup.mdx'), 1_700_000_000);
  assert.equal(times.get('en/setup.mdx'), 1_700_086_400);
  const outdated = [...openSiteAt(root).byFile.entries()].flatMap(([file, ds]) => ds.filter((d) => d.code === 'translation-outdated').map((d) => [path.relative(root, file), d.message, d.range.start.line]));
  assert.deepEqual(outdated, [['es/setup.mdx', 'Last committed 2023-11-14, before its source "en/setup.mdx" changed (2023-11-15): the translation may lack that change', 0]]);
  assert.equal(fs.existsSync(mark), false, 'no hook or fsmonitor of the repository ran');
  // The same files without git: nothing.
  fs.rmSync(path.join(root, '.git'), { recursive: true, force: true });
  assert.deepEqual(readCommitTimes(root).size, 0);
  assert.deepEqual([...openSiteAt(root).byFile.values()].flat().filter((d) => d.code === 'translation-outdated'), []);
});

/** A new language service's page findings for a folder on disk. */
function openSiteAt(root: string) {
  const service = createLanguageService();
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  service.check(project);
  const pages = service.checkPages(project);
  service.dispose();
  return pages;
}

test('typing in a source page re-checks no translation while its structure holds; a change of it does, and the finding follows', () => {
  const site = openSite(DOCS_JSON, { files: { 'en/setup.mdx': EN, 'es/setup.mdx': ES } });
  const esFile = path.join(site.root, 'es', 'setup.mdx');
  const enUri = site.uriOf('en/setup.mdx');
  const drift = () => (site.service.checkPages(site.project).byFile.get(esFile) ?? []).filter((d) => d.code === 'translation-structure').map((d) => String(d.message));
  assert.deepEqual(drift(), ['Missing here: "<Warning>", which the source "en/setup.mdx" has at line 13']);
  site.service.openDocument(enUri, EN);
  site.service.takeDroppedPages(site.project);
  // Prose typed in the source, before every item and inside one: the translation's findings hold, it is not checked again.
  const typed = [
    EN.replace('## Install\n\n', '## Install\nRun this\n'),
    EN.replace('## Install\n\n', '## Install\nRun this first\n'),
    EN.replace('Keep the key secret.', 'Keep the key very secret.'),
  ];
  for (const text of typed) {
    site.service.changeDocument(enUri, text);
    site.service.checkPages(site.project, [path.join(site.root, 'en', 'setup.mdx')], false);
    assert.deepEqual(site.service.takeDroppedPages(site.project), [], text);
    assert.equal(site.project.pageLinks.isChecked('es/setup.mdx'), true, 'its findings are kept');
  }
  assert.deepEqual(drift(), ['Missing here: "<Warning>", which the source "en/setup.mdx" has at line 13']);
  // A line added above the warning moves it: the translation is checked again and names the new line.
  site.service.changeDocument(enUri, EN.replace('## Configure\n', '## Configure\n\nFirst:\n'));
  site.service.checkPages(site.project, [path.join(site.root, 'en', 'setup.mdx')], false);
  assert.deepEqual(site.service.takeDroppedPages(site.project), [esFile]);
  assert.deepEqual(drift(), ['Missing here: "<Warning>", which the source "en/setup.mdx" has at line 15']);
  // A heading added: checked again, and told.
  site.service.changeDocument(enUri, `${EN}\n## Troubleshoot\n`);
  site.service.checkPages(site.project, [path.join(site.root, 'en', 'setup.mdx')], false);
  assert.deepEqual(site.service.takeDroppedPages(site.project), [esFile]);
  assert.equal(drift().length, 1);
  assert.match(drift()[0], /"<Warning>" and "## Troubleshoot"/);
});

test('typing in a translation looks at neither git nor its source again: HEAD is read after a change on disk only', { skip: !hasGit && 'git is not installed' }, () => {
  const root = tempRepo({ 'docs.json': DOCS_JSON, 'en/setup.mdx': EN, 'es/setup.mdx': ES });
  git(root, 'init', '-q');
  commitAt(root, 1_700_000_000, ['es/setup.mdx', 'docs.json'], 'translation first');
  commitAt(root, 1_700_086_400, ['en/setup.mdx'], 'source later');
  const service = createLanguageService();
  const project = service.projectAt(root);
  service.configure(project, { enable: true, severity: {}, extraLanguageCodes: [], addRedirectsOnRename: false });
  service.check(project);
  const esFile = path.join(root, 'es', 'setup.mdx');
  const codes = () => (service.checkPages(project, [esFile], false).byFile.get(esFile) ?? []).map((d) => d.code).filter((code) => String(code).startsWith('translation-')).sort();
  assert.deepEqual(codes(), ['translation-outdated', 'translation-structure']);
  const reads = { head: 0, source: 0 };
  // Counted on node's own fs module, which the project's code calls through.
  const original = nodeFs.readFileSync;
  (nodeFs as { readFileSync: unknown }).readFileSync = (file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (typeof file === 'string' && file.endsWith(`${path.sep}HEAD`)) reads.head++;
    if (typeof file === 'string' && file.endsWith(path.join('en', 'setup.mdx'))) reads.source++;
    return (original as (...args: unknown[]) => unknown)(file, ...rest);
  };
  try {
    const uri = pathToFileURL(esFile).href;
    service.openDocument(uri, ES);
    for (let k = 1; k <= 20; k++) {
      service.changeDocument(uri, `${ES}\n${'x'.repeat(k)}\n`);
      assert.deepEqual(codes(), ['translation-outdated', 'translation-structure']);
    }
    assert.deepEqual(reads, { head: 0, source: 0 }, 'twenty keystrokes read neither HEAD nor the source');
    // A file created on disk: HEAD is looked at again (a commit may have come with it).
    fs.writeFileSync(path.join(root, 'en', 'other.mdx'), '## Other\n');
    service.fileEvents([{ uri: pathToFileURL(path.join(root, 'en', 'other.mdx')).href, type: 'created' }]);
    service.changeDocument(uri, `${ES}\n`);
    codes();
    assert.equal(reads.head, 1);
  } finally {
    (nodeFs as { readFileSync: unknown }).readFileSync = original;
    service.dispose();
  }
});

test('a block in another place is one finding, where the translation has it; a heading dropped and another added stay two', () => {
  const source = '## Install\n\n<Frame>\n  ![Shot](/a.png)\n</Frame>\n\n## Configure\n\n## Run\n\n## Check\n\n## Use\n';
  // Moved in the translation (or in the source, the same two texts): one finding, at the translation's block.
  const moved = '## Instalar\n\n## Configurar\n\n## Ejecutar\n\n## Comprobar\n\n<Frame>\n  ![Captura](/a.png)\n</Frame>\n\n## Usar\n';
  assert.deepEqual(differences(source, moved), ['moved <Frame> img']);
  const [found] = compareStructure(pageStructure(source, true), pageStructure(moved, true))!;
  assert.equal(found.at, moved.indexOf('<Frame>'));
  assert.deepEqual(found.kind === 'moved' && found.source.map((i) => i.line), [2, 3], "the source's lines");
  assert.deepEqual(differences(moved, source), ['moved <Frame> img'], 'moved in the source');
  // One image alone moves only with its src.
  assert.deepEqual(differences('![A](/a.png)\n\n## One\n\n## Two\n', '## Uno\n\n![A](/a.png)\n\n## Dos\n'), ['moved img']);
  assert.deepEqual(differences('![A](/a.png)\n\n## One\n\n## Two\n', '## Uno\n\n![B](/b.png)\n\n## Dos\n'), ['missing img', 'extra img']);
  // Quiet twins: in the same place, nothing; a section dropped here and another added there are not a move.
  assert.deepEqual(differences(source, '## Instalar\n\n<Frame>\n  ![C](/a.png)\n</Frame>\n\n## Configurar\n\n## Ejecutar\n\n## Comprobar\n\n## Usar\n'), []);
  assert.deepEqual(differences('## Install\n\n```bash\nx\n```\n\n## Use\n', '```bash\nx\n```\n\n## Usar\n\n## Extra\n'), ['missing h2', 'extra h2']);
});

test('through the language service: a moved block is one finding with the source\'s line related', () => {
  const en = `${FRONT}## Install\n\n<Note>Read first.</Note>\n\n## Configure\n\n## Use\n`;
  const es = `${FRONT}## Instalar\n\n## Configurar\n\n<Note>Lea primero.</Note>\n\n## Usar\n`;
  const site = openSite(DOCS_JSON, { files: { 'en/setup.mdx': en, 'es/setup.mdx': es } });
  const found = (site.service.checkPages(site.project).byFile.get(path.join(site.root, 'es', 'setup.mdx')) ?? []).filter((d) => d.code === 'translation-structure');
  assert.equal(found.length, 1);
  assert.equal(found[0].message, 'In another place than in the source "en/setup.mdx": "<Note>", which the source has at line 7');
  assert.equal(found[0].range.start.line, es.split('\n').indexOf('<Note>Lea primero.</Note>'));
  assert.equal(found[0].relatedInformation?.[0].location.range.start.line, 6);
});
