// redirect-chain: a redirect whose destination is redirected again (A → B, B → C) is pointed at the end of the chain.
// The quiet twins: chains through wildcard or `:param` sources, destinations with parameters, `#` or `?`, and
// loops (redirect-loop's) and chains that end nowhere (broken-link's) are left alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rule } from '../../server/src/checker/rules/redirect-chain/rule';
import { checkDocs, DocsWorkspace } from '../../server/src/checker';
import { checkRepo, findingsWithCode, makeDocsRepo, REQUIRED_SETTINGS } from '../helpers/docs-repo';

const site = (redirects: { source: string; destination: string }[]) =>
  checkRepo({ 'docs.json': { ...REQUIRED_SETTINGS, redirects, navigation: { pages: ['c', 'd'] } }, 'c.mdx': '', 'd.mdx': '' });
const chains = (redirects: { source: string; destination: string }[]) => findingsWithCode(site(redirects), 'redirect-chain').map((f) => [f.text, f.message]);

test('A → B, B → C: A is pointed at C, as a warning; B is not flagged', () => {
  const findings = findingsWithCode(site([{ source: '/a', destination: '/b' }, { source: '/b', destination: '/c' }]), 'redirect-chain');
  assert.deepEqual(findings.map((f) => [f.text, f.severity, f.message, f.data?.suggestion]), [['"/b"', 'warning', "'/a' redirects to /b, which redirects again to /c: point it at /c", '/c']]);
});

test('a longer chain names its end; each entry of it that is redirected again is flagged; an external end counts', () => {
  assert.deepEqual(
    chains([
      { source: '/a', destination: '/b' },
      { source: '/b', destination: '/b2' },
      { source: '/b2/', destination: '/d' },
      { source: '/x', destination: '/y' },
      { source: '/y', destination: 'https://example.com/y' },
    ]),
    [
      ['"/b"', "'/a' redirects to /b, which redirects again to /b2 and on to /d: point it at /d"],
      ['"/b2"', "'/b' redirects to /b2, which redirects again to /d: point it at /d"],
      ['"/y"', "'/x' redirects to /y, which redirects again to https://example.com/y: point it at https://example.com/y"],
    ],
  );
});

test('a wildcard source redirected to a chained path is flagged: its destination is the same for every request', () => {
  assert.deepEqual(chains([{ source: '/old/:slug*', destination: '/b' }, { source: '/b', destination: '/c' }]), [['"/b"', "'/old/:slug*' redirects to /b, which redirects again to /c: point it at /c"]]);
});

test('quiet twin: no chain, a hop through a pattern source, a destination with parameters, # or ?, and loops are not flagged', () => {
  assert.deepEqual(chains([{ source: '/a', destination: '/c' }, { source: '/b', destination: '/c' }]), [], 'two redirects to one page');
  assert.deepEqual(chains([{ source: '/a', destination: '/guides/x' }, { source: '/guides/:slug*', destination: '/c' }]), [], 'the hop is a pattern: the platform substitutes it per request');
  assert.deepEqual(chains([{ source: '/a', destination: '/b' }, { source: '/b', destination: '/c' }, { source: '/:path*', destination: '/d' }]), [], 'a catch-all redirects the end as well: where it ends is not known here');
  assert.deepEqual(chains([{ source: '/a', destination: '/b' }, { source: '/b', destination: '/guides/x' }, { source: '/guides/:slug*', destination: '/c' }]), [], 'the end is redirected by a pattern: not known here');
  assert.deepEqual(chains([{ source: '/a/:id', destination: '/b/:id' }, { source: '/b/1', destination: '/c' }]), [], 'a destination with parameters');
  assert.deepEqual(chains([{ source: '/a', destination: '/b#part' }, { source: '/b', destination: '/c' }]), [], 'a destination with #');
  assert.deepEqual(chains([{ source: '/a', destination: '/b?x=1' }, { source: '/b', destination: '/c' }]), [], 'a destination with ?');
  assert.deepEqual(chains([{ source: '/a', destination: '/b' }, { source: '/b', destination: '/a' }]), [], 'a loop: redirect-loop reports it');
  assert.deepEqual(chains([{ source: '/a', destination: '/b' }, { source: '/b', destination: '/c' }, { source: '/c', destination: '/b' }]), [], 'a chain into a loop');
  assert.deepEqual(chains([{ source: '/a', destination: 'https://example.com/b' }, { source: '/b', destination: '/c' }]), [], 'an external destination is no hop');
  assert.deepEqual(chains([{ source: '/a', destination: '/b' }, { source: '/b', destination: '/gone' }]), [], 'a chain that ends nowhere: broken-link reports it');
});

test('its fix rewrites the destination to the end of the chain, and the finding goes', () => {
  const redirects = [{ source: '/a', destination: '/b' }, { source: '/b', destination: '/c' }];
  const root = makeDocsRepo({ 'docs.json': { ...REQUIRED_SETTINGS, redirects, navigation: { pages: ['c'] } }, 'c.mdx': '' });
  const workspace = new DocsWorkspace(root);
  const { model, diagnostics } = checkDocs(workspace);
  const finding = diagnostics.find((d) => d.code === 'redirect-chain')!;
  const fixes = rule.fixes!['redirect-chain'](finding, { model, diagnostics, files: workspace.files, pageIds: [] });
  assert.deepEqual(fixes.map((f) => [f.title, f.preferred, f.edits.map((e) => e.text)]), [['Point it at /c', true, ['"/c"']]]);
  const [edit] = fixes[0].edits;
  const fixed = JSON.parse(edit.file.text.slice(0, edit.offset) + edit.text + edit.file.text.slice(edit.offset + edit.length));
  assert.deepEqual(fixed.redirects, [{ source: '/a', destination: '/c' }, { source: '/b', destination: '/c' }]);
  assert.deepEqual(findingsWithCode(checkRepo({ 'docs.json': fixed, 'c.mdx': '' }), 'redirect-chain'), []);
});
