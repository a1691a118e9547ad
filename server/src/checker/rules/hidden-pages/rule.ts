// Issue 50: `hidden: false` on a page whose every navigation entry is under a group or tab with "hidden": true.
// The platform's hidden-pages page says to avoid it: the page stays out of the navigation (its parent is not
// rendered), but `hidden: false` puts it back into search, the sitemap and AI context (llms.txt). Info: a team may
// mean it, and `"searchable": true` on the group is the documented way to have that.
// Not flagged (decided from the platform's documentation): `hidden: true` on a page the navigation lists (the
// documented way to keep a page out of the sidebar), a hidden or `noindex` page linked from other pages (a hidden page
// is meant to be reached by link), a repository's own llms.txt that lists a hidden page (hidden pages are documented
// as context for AI tools).
import { diagnostic } from '../../diagnostics';
import { plainValue, valueOf } from '../../json/json-tree';
import { hiddenInNavigation } from '../../llms-txt/predict-llms-txt';
import { DocsModel } from '../../model/docs-model';
import { docsRelativePath, isRemote } from '../../workspace/docs-paths';
import { RuleModule } from '../rule-module';

/** How the navigation shows a page: 'hidden' when every entry of it is under a hidden, unsearchable element. */
type Standing = 'shown' | 'hidden';

const standings = new WeakMap<DocsModel, Map<string, Standing>>();

function standingsOf(model: DocsModel): Map<string, Standing> {
  let found = standings.get(model);
  if (found) return found;
  found = new Map();
  // With `seo.indexing: "all"` every hidden page is indexed anyway: `hidden: false` changes nothing.
  const indexing = valueOf(valueOf(model.root, 'seo'), 'indexing');
  if (!(indexing && plainValue(indexing) === 'all')) {
    for (const element of model.elements) {
      if (element.kind !== 'page' || element.node.type !== 'string' || isRemote(element.node.plain)) continue;
      const id = docsRelativePath(element.node.plain)?.replace(/\.mdx?$/, '');
      if (!id) continue;
      const standing = hiddenInNavigation(element) ? 'hidden' : 'shown';
      if (found.get(id) !== 'shown') found.set(id, standing);
    }
  }
  standings.set(model, found);
  return found;
}

export const rule: RuleModule = {
  folder: 'hidden-pages',
  codes: { 'hidden-false-in-hidden-group': 'info' },
  page: {
    collects: ['front-matter'],
    check(page) {
      const hidden = page.frontMatter?.entries.find((entry) => entry.key === 'hidden');
      if (!hidden || !(hidden.value === false || hidden.value === 'false') || !page.model) return;
      if (standingsOf(page.model).get(page.relative.replace(/\.mdx?$/, '')) !== 'hidden') return;
      page.found.push(
        diagnostic(
          'hidden-false-in-hidden-group',
          { file: page.file(), offset: hidden.valueStart, length: hidden.valueEnd - hidden.valueStart },
          'The navigation lists this page only under a group or tab with "hidden": true, so it stays out of the sidebar, but `hidden: false` puts it back into search, the sitemap and llms.txt. Remove the line to keep the page out of them, or set "searchable": true on the group to index all of its pages',
        ),
      );
    },
  },
};
