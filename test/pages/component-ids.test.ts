// Issue 35, cause 2: the ids each kind of component makes on the live site, against headings' (which keep `_`).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { componentSlug, paramFieldId } from '../../server/src/checker/pages/component-ids';
import { hasAnchor, pageAnchors } from '../../server/src/checker/pages/page-anchors';

function anchorsOf(page: string[]): (anchor: string) => boolean {
  const ids = pageAnchors(page.join('\n'));
  return (anchor) => hasAnchor(ids, anchor);
}

test('an Accordion slugs its title without keeping `_` (`write_metric` is `#write-metric`); a heading keeps it', () => {
  const has = anchorsOf(['<Accordion title="write_metric">x</Accordion>', '## read_metric']);
  assert.deepEqual(['write-metric', 'read_metric'].filter((a) => !has(a)), [], 'accepted');
  assert.deepEqual(['write_metric', 'read-metric'].filter(has), [], 'flagged');
});

test('Accordions count their repeats apart from headings (`-1`, `-2`), with the title on a line of its own too', () => {
  const has = anchorsOf(['## Setup', '<Accordion title="Setup">a</Accordion>', '<Accordion', '  title="Setup"', '>b</Accordion>', '<View title="Mac: Setup">c</View>']);
  assert.deepEqual(['setup', 'setup-1', 'mac-setup'].filter((a) => !has(a)), []);
  assert.deepEqual(['setup-3', 'mac_setup'].filter(has), []);
});

test('a Tab slugs as a heading does (`_` kept, a non-ASCII title percent-encoded, so `#新しい-agent` reaches it), the component reading taken too', () => {
  const has = anchorsOf(['<Tabs>', '<Tab title="新しい Agent">a</Tab>', '<Tab title="use_cache">b</Tab>', '</Tabs>']);
  assert.deepEqual(['新しい-agent', '%E6%96%B0%E3%81%97%E3%81%84-agent', 'use_cache', 'use-cache'].filter((a) => !has(a)), []);
  assert.deepEqual(['agent-2', 'use-cache-2', 'use_cache-2'].filter(has), []);
});

test('ParamField, Param and ResponseField make `param-<name>` (camel case split, `_` as `-`), counted per name', () => {
  const has = anchorsOf([
    '<ParamField body="user_id" type="string">x</ParamField>',
    '<ParamField query="pageSize">x</ParamField>',
    '<ResponseField name="created_at">x</ResponseField>',
    '<ResponseField name="created_at">again</ResponseField>',
    '<Icon name="rocket" />',
  ]);
  assert.deepEqual(['param-user-id', 'param-page-size', 'param-created-at', 'param-created-at-1'].filter((a) => !has(a)), []);
  assert.deepEqual(['user_id', 'body-user_id', 'param-user_id', 'param-rocket', 'rocket'].filter(has), []);
});

test('explicit ids are kept as written: `{#id}` on a heading, `id=` on an element', () => {
  const has = anchorsOf(['## Install steps {#install_now}', '<Accordion title="Long title" id="short_id">x</Accordion>']);
  assert.deepEqual(['install_now', 'short_id'].filter((a) => !has(a)), []);
  assert.deepEqual(['install-steps', 'install-now'].filter(has), []);
});

test('the slugs themselves', () => {
  assert.equal(componentSlug('write_metric'), 'write-metric');
  assert.equal(componentSlug('Q&A: Café'), 'q-and-a-cafe');
  assert.equal(componentSlug("What's new"), 'whats-new');
  assert.equal(paramFieldId('userId', 0), 'param-user-id');
  assert.equal(paramFieldId('user_id', 2), 'param-user-id-2');
});
