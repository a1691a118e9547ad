import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { AssistantEvent, assistantEvents } from '../../api/src/assistant-stream';
import { ApiError } from '../../api/src/errors';
import { LocalService, startService } from '../service/service';
import { clientFor, rejection } from './helpers';

const QUESTION = { domain: 'docs.acme.test', message: 'How do I authenticate?' };
const ANSWER = 'About "How do I authenticate?": see Authentication (/guides/authentication). How to authenticate requests with API keys. Every request carries a bearer key.';

describe('assistant answers over HTTP', () => {
  let service: LocalService;
  before(async () => {
    service = await startService();
  });
  after(() => service.close());
  afterEach(() => service.releaseStreams());

  for (const format of ['data-stream', 'sse', 'text', 'json'] as const) {
    it(`reads a ${format} answer`, async () => {
      service.setAssistantFormat(format);
      const pieces: string[] = [];
      const reply = await clientFor(service).askAssistant(QUESTION, { onText: (text) => pieces.push(text) });
      assert.equal(reply.answer, ANSWER);
      assert.equal(pieces.join(''), ANSWER);
      if (format === 'json') assert.equal(pieces.length, 1);
      else assert.ok(pieces.length > 5, `${pieces.length} pieces`);
      if (format === 'text') assert.equal(reply.threadId, undefined);
      else assert.match(String(reply.threadId), /^thr_\d+$/);
    });
  }

  it('delivers text before the body ends', async () => {
    service.setAssistantFormat('data-stream');
    service.holdStreams();
    let ended = false;
    let firstPiece!: () => void;
    const first = new Promise<void>((resolve) => (firstPiece = resolve));
    const pieces: string[] = [];
    const reply = clientFor(service)
      .askAssistant(QUESTION, {
        onText: (text) => {
          pieces.push(text);
          firstPiece();
        },
      })
      .finally(() => (ended = true));
    const closed = service.nextStreamClose();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(ended, false, 'the answer is still streaming');
    assert.deepEqual(pieces, ['About "How do ']);
    service.releaseStreams();
    assert.equal((await reply).answer, ANSWER);
    assert.equal(await closed, 'completed');
  });

  it('an async iterator gives the same pieces, and the thread id', async () => {
    service.setAssistantFormat('sse');
    const events: AssistantEvent[] = [];
    for await (const event of clientFor(service).streamAssistantMessage(QUESTION)) events.push(event);
    assert.equal(events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text).join(''), ANSWER);
    assert.equal(events.at(-1)?.type, 'thread');
  });

  it('cancellation mid-stream stops reading and closes the connection', async () => {
    service.setAssistantFormat('sse');
    service.holdStreams();
    const controller = new AbortController();
    const closed = service.nextStreamClose();
    const pieces: string[] = [];
    const error = await rejection(
      clientFor(service).askAssistant(QUESTION, {
        signal: controller.signal,
        onText: (text) => {
          pieces.push(text);
          controller.abort();
        },
      }),
    );
    service.releaseStreams();
    assert.equal(error.kind, 'cancelled');
    assert.equal(error.message, 'Assistant message failed: it was cancelled');
    assert.equal(pieces.length, 1);
    assert.equal(await closed, 'aborted');
  });

  it('breaking out of the iterator also closes the connection', async () => {
    service.setAssistantFormat('data-stream');
    service.holdStreams();
    const closed = service.nextStreamClose();
    for await (const event of clientFor(service).streamAssistantMessage(QUESTION)) {
      if (event.type === 'text') break;
    }
    service.releaseStreams();
    assert.equal(await closed, 'aborted');
  });

  it('a stream that stalls ends at the stream timeout', async () => {
    service.setAssistantFormat('data-stream');
    service.holdStreams();
    // The stream is held until released: only the client's stream timeout can end the question.
    const error = await rejection(clientFor(service, { streamTimeoutMs: 300 }).askAssistant(QUESTION));
    service.releaseStreams();
    assert.equal(error.kind, 'timeout');
  });

  it('refuses an empty question before sending', async () => {
    const count = service.requests.length;
    assert.equal((await rejection(clientFor(service).askAssistant({ domain: 'docs.acme.test', message: ' ' }))).kind, 'invalid-argument');
    assert.equal(service.requests.length, count);
  });

  it('refuses a question that is not text before sending', async () => {
    const count = service.requests.length;
    const error = await rejection(clientFor(service).askAssistant({ domain: 'docs.acme.test', message: 42 as unknown as string }));
    assert.equal(error.kind, 'invalid-argument');
    assert.equal(service.requests.length, count);
  });
});

async function events(contentType: string | undefined, pieces: Array<string | Uint8Array>, dataStreamHeader?: string): Promise<AssistantEvent[]> {
  async function* chunks() {
    for (const piece of pieces) yield typeof piece === 'string' ? Buffer.from(piece) : piece;
  }
  const out: AssistantEvent[] = [];
  for await (const event of assistantEvents({ contentType, dataStreamHeader, chunks: chunks() })) out.push(event);
  return out;
}

const texts = (list: AssistantEvent[]) => list.flatMap((e) => (e.type === 'text' ? [e.text] : []));

describe('assistant body formats', () => {
  it('data-stream lines split anywhere, UTF-8 split inside a character', async () => {
    const body = Buffer.from('f:{"messageId":"m"}\n0:"Déjà "\n0:"vu"\n8:[{"threadId":"t1"}]\n');
    const cut = body.indexOf(Buffer.from('é')) + 1;
    const list = await events('text/plain; charset=utf-8', [body.subarray(0, 5), body.subarray(5, cut), body.subarray(cut)]);
    assert.deepEqual(list, [{ type: 'text', text: 'Déjà ' }, { type: 'text', text: 'vu' }, { type: 'thread', threadId: 't1' }]);
  });

  it('data-stream error part and malformed lines are errors', async () => {
    await assert.rejects(events('text/plain', ['0:"a"\n3:"model overloaded"\n']), (e: ApiError) => e.kind === 'server' && /model overloaded/.test(e.message));
    await assert.rejects(events('text/plain', ['0:"a"\n0:not json\n']), (e: ApiError) => e.kind === 'invalid-response');
  });

  it('the AI-SDK header marks a data stream', async () => {
    assert.deepEqual(texts(await events('text/plain', ['0:"x"\n'], 'v1')), ['x']);
  });

  it('raw text passes through as it comes', async () => {
    assert.deepEqual(texts(await events('text/plain', ['Hello', ', world', '\n0:"not a part"'])), ['Hello', ', world', '\n0:"not a part"']);
    assert.deepEqual(texts(await events(undefined, ['a'])), ['a']);
    assert.deepEqual(texts(await events('text/plain', ['a:b is not JSON\nmore'])), ['a:b is not JSON\nmore']);
  });

  it('SSE: text-delta (v5) and textDelta, JSON strings, plain data, comments, CRLF, [DONE], error events', async () => {
    const body = ': comment\r\ndata: {"type":"text-delta","delta":"a"}\r\n\r\ndata: {"type":"text-delta","textDelta":"b"}\n\ndata: "c"\n\ndata: plain\n\nevent: meta\ndata: {"type":"finish","threadId":"t9"}\n\ndata: [DONE]\n\ndata: "after done"\n\n';
    const list = await events('text/event-stream', [body.slice(0, 17), body.slice(17)]);
    assert.deepEqual(texts(list), ['a', 'b', 'c', 'plain']);
    assert.deepEqual(list.at(-1), { type: 'thread', threadId: 't9' });
    await assert.rejects(events('text/event-stream', ['data: {"type":"error","errorText":"boom"}\n\n']), (e: ApiError) => e.kind === 'server' && /boom/.test(e.message));
  });

  // Issue 22, low items: bare CR line ends printed the raw JSON of every event as text.
  it('SSE: lines ending in a bare CR, LF or CRLF, a CRLF split across two pieces', async () => {
    const body = 'data: {"type":"text-delta","delta":"a"}\r\rdata: {"type":"text-delta","delta":"b"}\n\ndata: {"type":"text-delta","delta":"c"}\r\n\r\ndata: "d"\r\r';
    assert.deepEqual(texts(await events('text/event-stream', [body])), ['a', 'b', 'c', 'd']);
    const pieces = ['data: "x"\r', '\n\r', '\ndata: "y"\r', '\r', 'data: [DONE]\r\r'];
    assert.deepEqual(texts(await events('text/event-stream', pieces)), ['x', 'y']);
  });

  it('JSON: {answer, threadId}; anything else is an invalid response', async () => {
    assert.deepEqual(await events('application/json', ['{"answer":"yes",', '"threadId":"t"}']), [{ type: 'text', text: 'yes' }, { type: 'thread', threadId: 't' }]);
    await assert.rejects(events('application/json', ['{"reply":"yes"}']), (e: ApiError) => e.kind === 'invalid-response');
    await assert.rejects(events('application/json', ['<html>']), (e: ApiError) => e.kind === 'invalid-response');
  });
});
