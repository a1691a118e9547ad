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
