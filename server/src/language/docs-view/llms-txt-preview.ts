import { checkCustomLlmsTxt, CUSTOM_LLMS_TXT, DocsModel, DocsWorkspace, predictLlmsTxt } from '../../checker';
import { LlmsTxtOptions, LlmsTxtPreview } from '../api';

/** The predicted llms.txt, and the repository's own one, checked, when it has one (the platform serves that one). */
export function llmsTxtPreview(model: DocsModel, workspace: DocsWorkspace, options: LlmsTxtOptions = {}): LlmsTxtPreview {
  const prediction = predictLlmsTxt(model, workspace, options);
  const text = workspace.files.has(CUSTOM_LLMS_TXT) ? workspace.read(CUSTOM_LLMS_TXT) : undefined;
  if (text === undefined) return { prediction };
  const siteUrl = options.siteUrl ?? siteUrlOf(prediction);
  return { prediction, custom: { file: CUSTOM_LLMS_TXT, text, ...checkCustomLlmsTxt(text, workspace, siteUrl) } };
}

/** The site URL the prediction's links start with, when it has one. */
function siteUrlOf(prediction: LlmsTxtPreview['prediction']): string | undefined {
  return prediction.siteUrl || undefined;
}

const WHY: Record<string, string> = {
  hidden: '`hidden: true` in front matter',
  noindex: '`noindex: true` in front matter',
  'hidden-in-navigation': 'in a group, tab or other element with "hidden": true',
  'other-language': 'not in the default language',
  'other-version': 'not in the default version',
  'no-file': 'no page file',
  endpoint: 'an OpenAPI endpoint entry: its page is generated from the spec (not predicted here)',
};

/** What stderr says beside the file: the pages left out (counted per reason, the first named), and the cap. */
export function llmsTxtNotes({ prediction }: LlmsTxtPreview): string[] {
  const notes: string[] = [];
  const byWhy = new Map<string, string[]>();
  for (const { page, why } of prediction.leftOut) byWhy.set(why, [...(byWhy.get(why) ?? []), page]);
  for (const [why, pages] of byWhy) notes.push(`${pages.length} left out, ${WHY[why]}: ${pages.slice(0, 3).map((p) => `'${p}'`).join(', ')}${pages.length > 3 ? ', …' : ''}`);
  // Search engines write a snippet of their own for such a page, and the entry is a bare link: counted here, not a
  // finding per page (a third of the served pages on corpus sites have none).
  const bare = prediction.entries.filter((entry) => entry.description === undefined).map((entry) => entry.page || 'index');
  if (bare.length) notes.push(`${bare.length} entr${bare.length === 1 ? 'y has' : 'ies have'} no description: ${bare.slice(0, 3).map((p) => `'${p}'`).join(', ')}${bare.length > 3 ? ', …' : ''}`);
  const cut = prediction.entries.filter((entry) => entry.cut).length;
  if (cut) notes.push(`${cut} description${cut === 1 ? '' : 's'} cut at 300 characters`);
  if (prediction.shortened !== 'none') {
    notes.push(`${prediction.fullLength.toLocaleString('en-US')} characters in full, over the cap of 100,000: ${prediction.shortened === 'short' ? 'descriptions shortened' : 'descriptions dropped'}`);
  }
  if (prediction.pastCap.length) {
    notes.push(`${prediction.pastCap.length} entr${prediction.pastCap.length === 1 ? 'y falls' : 'ies fall'} past the cap and are dropped: ${prediction.pastCap.slice(0, 5).map((e) => `'${e.page}'`).join(', ')}${prediction.pastCap.length > 5 ? ', …' : ''}`);
  }
  return notes;
}
