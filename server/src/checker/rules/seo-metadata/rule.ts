// Issue 50: what search engines and agents read of a page before its text: the meta tags it sets (front matter
// `og:*`, `twitter:*`, `canonical`; docs.json's `seo.metatags` for every page) in the forms crawlers read, and a
// description that is more than a copy of the page's first paragraph, and no two pages of a language and version
// with the same title and description (duplicate-summary.ts).
import { diagnostic } from '../../diagnostics';
import { JValue, plainValue, valueOf } from '../../json/json-tree';
import { frontMatterEnd } from '../../pages/front-matter';
import { RuleContext } from '../rule-context';
import { RuleModule } from '../rule-module';
import { firstProseParagraph, plainWords } from './first-paragraph';
import { metatagProblem } from './metatag-problem';
import { sameSummaryPages } from './duplicate-summary';

/** A description shorter than this that equals the opening is left alone: a few words repeated are no loss. */
const MIN_COPIED = 40;

export function checkSiteMetatags({ model, workspace, report }: RuleContext): void {
  const seo = valueOf(model.root, 'seo');
  const tags = valueOf(seo, 'metatags');
  const paths = valueOf(seo, 'paths');
  if (paths?.type === 'array') paths.items.forEach((entry, i) => refusedValues(valueOf(entry, 'metatags'), `seo.paths.${i}.metatags`, report));
  if (tags?.type !== 'object') return;
  refusedValues(tags, 'seo.metatags', report);
  for (const prop of tags.props) {
    // A value that is no text the platform refuses (above): not said twice.
    if (prop.value.type !== 'string') continue;
    const problem = metatagProblem(prop.key, plainValue(prop.value as JValue), (file) => workspace.files.has(file));
    if (problem) report(diagnostic('metatag-value', prop.value, `${problem} (every page gets it from \`seo.metatags\`)`));
  }
}

/** The platform's validator takes a record of non-empty strings there, and refuses the file otherwise. */
function refusedValues(tags: JValue | undefined, where: string, report: RuleContext['report']): void {
  if (tags?.type !== 'object') return;
  for (const prop of tags.props) {
    if (prop.value.type !== 'string') report(diagnostic('invalid-type', prop.value, `\`${where}.${prop.key}\` must be a string: the platform refuses any other meta tag value`));
    else if (prop.value.plain === '') report(diagnostic('invalid-value', prop.value, `\`${where}.${prop.key}\` must not be empty: the platform refuses an empty meta tag`));
  }
}

export const rule: RuleModule = {
  folder: 'seo-metadata',
  codes: { 'metatag-value': 'warning', 'description-repeats-paragraph': 'info', 'duplicate-title-description': 'warning' },
  check: checkSiteMetatags,
  page: {
    collects: ['front-matter'],
    check(page) {
      const entries = page.frontMatter?.entries;
      if (!entries?.length) return;
      for (const entry of entries) {
        const problem = metatagProblem(entry.key, entry.value, (file) => page.site.hasFile(file));
        if (problem) page.found.push(diagnostic('metatag-value', { file: page.file(), offset: entry.valueStart, length: entry.valueEnd - entry.valueStart }, problem));
      }
      const twins = sameSummaryPages(page);
      const title = entries.find((entry) => entry.key === 'title');
      if (twins.length && title) {
        const named = twins.slice(0, 3).map((id) => `\`${id}\``).join(', ') + (twins.length > 3 ? ` and ${twins.length - 3} more` : '');
        page.found.push(
          diagnostic(
            'duplicate-title-description',
            { file: page.file(), offset: title.valueStart, length: title.valueEnd - title.valueStart },
            `${named} ${twins.length === 1 ? 'has' : 'have'} this page's title and description, in the same language and version: search results and llms.txt show a page by these two, so readers cannot tell the pages apart. Rewrite the one that was copied`,
          ),
        );
      }
      const description = entries.find((entry) => entry.key === 'description');
      if (typeof description?.value !== 'string' || description.value.trim().length < MIN_COPIED) return;
      const opening = firstProseParagraph(page.text.slice(frontMatterEnd(page.text)));
      if (opening === undefined || plainWords(opening) !== plainWords(description.value)) return;
      page.found.push(
        diagnostic(
          'description-repeats-paragraph',
          { file: page.file(), offset: description.valueStart, length: description.valueEnd - description.valueStart },
          "The description is the page's first paragraph word for word: the page shows it under the title, so readers read it twice, and search results and llms.txt get nothing the opening does not say. Summarise the page in it, or drop the paragraph",
        ),
      );
    },
  },
};
