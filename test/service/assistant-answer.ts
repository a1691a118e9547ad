import { SearchPage } from './fixtures';
import { searchPages } from './search-index';

export type AssistantFormat = 'data-stream' | 'sse' | 'json' | 'text';

/** A deterministic answer that cites the best matching page. */
export function answerFor(pages: SearchPage[], message: string): string {
  const best = searchPages(pages, message, 1)[0]?.page;
  if (!best) return `I found nothing about "${message}" in this documentation.`;
  return `About "${message}": see ${best.title} (${best.path}). ${best.content}`;
}

/** Splits an answer into pieces of a few words, as a model would stream it. */
export function answerChunks(answer: string, wordsPerChunk = 3): string[] {
  const words = answer.split(/(?<= )/);
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk) chunks.push(words.slice(i, i + wordsPerChunk).join(''));
  return chunks;
}

export const STREAM_CONTENT_TYPE: Record<Exclude<AssistantFormat, 'json'>, string> = {
  'data-stream': 'text/plain; charset=utf-8',
  sse: 'text/event-stream; charset=utf-8',
  text: 'text/plain; charset=utf-8',
};

/** How each streamed format frames the first line, a piece of text, and the end carrying the thread id. */
export function frame(format: Exclude<AssistantFormat, 'json'>, part: { start: string } | { text: string } | { threadId: string }): string {
  if (format === 'text') return 'text' in part ? part.text : '';
  if (format === 'data-stream') {
    if ('start' in part) return `f:${JSON.stringify({ messageId: part.start })}\n`;
    if ('text' in part) return `0:${JSON.stringify(part.text)}\n`;
    return `d:${JSON.stringify({ finishReason: 'stop', threadId: part.threadId })}\n`;
  }
  if ('start' in part) return `data: ${JSON.stringify({ type: 'start', messageId: part.start })}\n\n`;
  if ('text' in part) return `data: ${JSON.stringify({ type: 'text-delta', id: 't0', delta: part.text })}\n\n`;
  return `data: ${JSON.stringify({ type: 'finish', threadId: part.threadId })}\n\ndata: [DONE]\n\n`;
}
