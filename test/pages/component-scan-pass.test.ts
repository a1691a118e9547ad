// Component tags are read in the link scanner's pass (issue 36, cost): what it skips, they skip; one page, one reading.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { scanComponentTags } from '../../server/src/checker/pages/component-tags';
import { scanPageLinks } from '../../server/src/checker/pages/page-links';

function tagNames(text: string): string[] {
  return scanComponentTags(text).tags.map((t) => t.name);
}

test('a link destination, a reference definition and an HTML attribute hold no component tag', () => {
  assert.deepEqual(tagNames('[a](<Card>)\n\n[b]: <Tab>\n\n<div title="<Steps>">x</div>\n\n<Note>n</Note>\n'), ['Note']);
  assert.deepEqual(
    scanPageLinks('[a](<Card>)\n\n[b]: <Tab>\n').map((link) => link.href),
    ['Card', 'Tab'],
    'the link scanner reads them as links',
  );
});

test('an import or export block is the page\'s code: its tags are not read, its links are', () => {
  const text = "export const Hero = () => <Card href='/start' />;\n\n<Hero />\n<Card title=\"A\" href=\"/b\" />\n";
  assert.deepEqual(tagNames(text), ['Hero', 'Card']);
  assert.deepEqual([...scanComponentTags(text).local], ['Hero']);
  assert.deepEqual(scanPageLinks(text).map((link) => link.href), ['/start', '/b']);
});
