import { isRecord, parseAssistantJson } from './endpoints';
import { ApiError } from './errors';

export type AssistantEvent = { type: 'text'; text: string } | { type: 'thread'; threadId: string };

export interface AssistantBody {
  contentType: string | undefined;
  /** `x-vercel-ai-data-stream`: set by AI-SDK data streams. */
  dataStreamHeader: string | undefined;
  chunks: AsyncIterable<Uint8Array>;
}

/**
 * Turns an assistant answer into events as it arrives. Understood: a plain JSON `{ answer, threadId }`,
 * server-sent events (`data: {"type":"text-delta","delta":…}`, `data: "text"`, `data: [DONE]`),
 * AI-SDK data-stream lines (`0:"text"`, `3:"error"`, other parts may carry a threadId) and raw text.
 */
export async function* assistantEvents(body: AssistantBody): AsyncGenerator<AssistantEvent> {
  const type = (body.contentType ?? '').toLowerCase();
  // A proxy's error page or a captive portal answers 200 with HTML: that is not the assistant talking.
  if (type.includes('text/html') || type.includes('xml')) {
    throw new ApiError('invalid-response', `the assistant's answer is a web page (${type.split(';')[0]}), not an answer: is the base URL right, or is a proxy in the way?`);
  }
  if (type.includes('json')) {
    const parts: string[] = [];
    for await (const text of decode(body.chunks)) parts.push(text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(parts.join(''));
    } catch {
      throw new ApiError('invalid-response', 'the assistant answered with a JSON content type but a body that is not JSON');
    }
    const { answer, threadId } = parseAssistantJson(parsed);
    if (answer) yield { type: 'text', text: answer };
    if (threadId) yield { type: 'thread', threadId };
  } else if (type.includes('text/event-stream')) {
    yield* serverSentEvents(decode(body.chunks));
  } else {
    yield* textOrDataStream(decode(body.chunks), body.dataStreamHeader !== undefined);
  }
}

async function* serverSentEvents(texts: AsyncIterable<string>): AsyncGenerator<AssistantEvent> {
  let data: string[] = [];
  for await (const line of lines(texts)) {
    if (line === '') {
      if (data.length === 0) continue;
      const payload = data.join('\n');
      data = [];
      if (payload === '[DONE]') return;
      yield* sseEvents(payload);
    } else if (!line.startsWith(':')) {
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      if (field === 'data') data.push(colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, ''));
    }
  }
  if (data.length > 0 && data.join('\n') !== '[DONE]') yield* sseEvents(data.join('\n'));
}

function* sseEvents(payload: string): Generator<AssistantEvent> {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    if (isDataStreamLine(payload)) yield* dataStreamEvents(payload);
    else yield { type: 'text', text: payload };
    return;
  }
  if (typeof value === 'string') {
    yield { type: 'text', text: value };
    return;
  }
  if (!isRecord(value)) return;
  if (value.type === 'error') throw streamError(value.errorText ?? value.error ?? value.message);
  const text = value.type === 'text-delta' ? value.delta ?? value.textDelta : value.type === 'text' ? value.text : undefined;
  if (typeof text === 'string' && text) yield { type: 'text', text };
  const threadId = threadIdIn(value);
  if (threadId) yield { type: 'thread', threadId };
}

async function* textOrDataStream(texts: AsyncIterable<string>, knownDataStream: boolean): AsyncGenerator<AssistantEvent> {
  let mode: 'data' | 'raw' | undefined = knownDataStream ? 'data' : undefined;
  let pending = '';
  for await (const text of texts) {
    if (mode === 'raw') {
      yield { type: 'text', text };
      continue;
    }
    const before = pending.length;
    pending += text;
    if (mode === undefined) {
      mode = decideMode(pending, false);
      if (mode === 'raw') {
        yield { type: 'text', text: pending };
        pending = '';
        continue;
      }
    }
    // Only the new text can hold a new line end: the pending text before it holds none.
    const newEnd = mode === undefined ? -1 : text.lastIndexOf('\n');
    if (newEnd >= 0) {
      const end = before + newEnd;
      for (const line of pending.slice(0, end).split('\n')) yield* dataStreamEvents(line.replace(/\r$/, ''));
      pending = pending.slice(end + 1);
    }
    boundedLine(pending);
  }
  if (pending === '') return;
  if (mode === undefined) mode = decideMode(pending, true);
  if (mode === 'raw') yield { type: 'text', text: pending };
  else for (const line of pending.split('\n')) yield* dataStreamEvents(line.replace(/\r$/, ''));
}

/** A data stream starts with `0:"…"`-like lines; anything else is raw text and is passed on as it comes. */
function decideMode(pending: string, ended: boolean): 'data' | 'raw' | undefined {
  const trimmed = pending.replace(/^\s+/, '');
  if (trimmed.length >= 2 && !/^[0-9a-z]:/.test(trimmed)) return 'raw';
  const newline = trimmed.indexOf('\n');
  if (newline < 0 && !ended) return undefined;
  return isDataStreamLine(newline < 0 ? trimmed : trimmed.slice(0, newline).replace(/\r$/, '')) ? 'data' : 'raw';
}

function isDataStreamLine(line: string): boolean {
  const match = /^[0-9a-z]:(.*)$/s.exec(line);
  if (!match) return false;
  try {
    JSON.parse(match[1]);
    return true;
  } catch {
    return false;
  }
}

function* dataStreamEvents(line: string): Generator<AssistantEvent> {
  if (line.trim() === '') return;
  const match = /^([0-9a-z]):(.*)$/s.exec(line);
  let value: unknown;
  try {
    if (!match) throw new Error('no part code');
    value = JSON.parse(match[2]);
  } catch {
    throw new ApiError('invalid-response', `the assistant stream holds a malformed line: "${line.slice(0, 80)}"`);
  }
  if (match[1] === '0') {
    if (typeof value === 'string' && value) yield { type: 'text', text: value };
    return;
  }
  if (match[1] === '3') throw streamError(value);
  const threadId = threadIdIn(value);
  if (threadId) yield { type: 'thread', threadId };
}

function threadIdIn(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(threadIdIn).find((id) => id !== undefined);
  if (!isRecord(value)) return undefined;
  if (typeof value.threadId === 'string') return value.threadId;
  return isRecord(value.metadata) && typeof value.metadata.threadId === 'string' ? value.metadata.threadId : undefined;
}

function streamError(detail: unknown): ApiError {
  return new ApiError('server', `the assistant stream reported an error${typeof detail === 'string' ? `: ${detail}` : ''}`);
}

async function* decode(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

// One line of a stream (an SSE field, a data-stream part) is far smaller than this; a longer one is refused as it
// grows. Searching the whole pending text for a newline on every piece cost 341 MB on a 10 MB line.
export const MAX_LINE_CHARS = 1024 * 1024;

/** The lines of an event stream, which end in CRLF, LF or a bare CR (the SSE specification allows all three). */
async function* lines(texts: AsyncIterable<string>): AsyncGenerator<string> {
  // Its own expression: `lastIndex` must not be shared with another stream read at the same time.
  const lineEnd = /\r\n|\r|\n/g;
  let pending = '';
  // A CR that ended the previous piece: a LF at the start of this one belongs to it.
  let afterCR = false;
  for await (const text of texts) {
    let start: number = afterCR && text.startsWith('\n') ? 1 : 0;
    afterCR = false;
    lineEnd.lastIndex = start;
    let end: RegExpExecArray | null;
    while ((end = lineEnd.exec(text))) {
      yield pending + text.slice(start, end.index);
      pending = '';
      start = end.index + end[0].length;
      afterCR = end[0] === '\r' && start === text.length;
    }
    pending = boundedLine(pending + text.slice(start));
  }
  if (pending) yield pending;
}

function boundedLine(pending: string): string {
  if (pending.length > MAX_LINE_CHARS) {
    throw new ApiError('too-large', `the assistant stream holds a line longer than ${MAX_LINE_CHARS / 1024 / 1024} MB; it was not read further`);
  }
  return pending;
}
