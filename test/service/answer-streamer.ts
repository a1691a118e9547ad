import type { ServerResponse } from 'node:http';
import { answerChunks, answerFor, AssistantFormat, frame, STREAM_CONTENT_TYPE } from './assistant-answer';
import { SearchPage } from './fixtures';
import { sendJson } from './http-helpers';

export type StreamEnd = 'completed' | 'aborted';

/** Writes assistant answers piece by piece; tests can hold them after the first piece. */
export class AnswerStreamer {
  format: AssistantFormat;
  private threadCounter = 0;
  private hold: { promise: Promise<void>; release(): void } | undefined;
  private closeWaiters: Array<(how: StreamEnd) => void> = [];

  constructor(
    private readonly pages: SearchPage[],
    format: AssistantFormat,
    private readonly chunkDelayMs: number,
    private readonly pause: (ms: number) => Promise<void>,
  ) {
    this.format = format;
  }

  holdAfterFirstPiece(): void {
    let release = () => {};
    const promise = new Promise<void>((resolve) => (release = resolve));
    this.hold = { promise, release };
  }

  release(): void {
    this.hold?.release();
    this.hold = undefined;
  }

  nextClose(): Promise<StreamEnd> {
    return new Promise((resolve) => this.closeWaiters.push(resolve));
  }

  async stream(res: ServerResponse, message: string): Promise<void> {
    const answer = answerFor(this.pages, message);
    const threadId = `thr_${String(++this.threadCounter).padStart(4, '0')}`;
    const format = this.format;
    if (format === 'json') return sendJson(res, 200, { answer, threadId });
    let completed = false;
    res.on('close', () => this.closeWaiters.splice(0).forEach((resolve) => resolve(completed ? 'completed' : 'aborted')));
    res.writeHead(200, { 'Content-Type': STREAM_CONTENT_TYPE[format], 'Cache-Control': 'no-cache' });
    res.write(frame(format, { start: `msg_${threadId}` }));
    const chunks = answerChunks(answer);
    for (let i = 0; i < chunks.length; i++) {
      if (res.destroyed) return;
      res.write(frame(format, { text: chunks[i] }));
      if (i === 0 && this.hold) await this.hold.promise;
      await this.pause(this.chunkDelayMs);
    }
    if (res.destroyed) return;
    res.write(frame(format, { threadId }));
    completed = true;
    res.end();
  }
}
