import { DataCallback, Disposable, ErrorCodes, Event, Message, MessageReader, MessageWriter, RequestMessage } from 'vscode-languageserver/node';

type Phase = 'starting' | 'running' | 'shut down';

/**
 * The LSP lifecycle, in front of the connection: before `initialize` a request is answered with
 * ServerNotInitialized (-32002) and a notification dropped (`exit` aside); `initialize` is answered once; after
 * `shutdown` every request gets InvalidRequest and only `exit` is heard. The library's connection serves
 * whatever comes, in any phase.
 */
export class LifecycleGate implements MessageReader {
  private phase: Phase = 'starting';

  constructor(
    private readonly inner: MessageReader,
    private readonly writer: MessageWriter,
    /** Told of each message passed on to the connection. */
    private readonly onAdmitted: () => void = () => undefined,
  ) {}

  get onError(): Event<Error> {
    return this.inner.onError;
  }

  get onClose(): Event<void> {
    return this.inner.onClose;
  }

  get onPartialMessage() {
    return this.inner.onPartialMessage;
  }

  /** Whether the client asked for `shutdown`: an exit is then clean (code 0), otherwise 1, as the protocol says. */
  get shutDown(): boolean {
    return this.phase === 'shut down';
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message) => {
      if (!this.admit(message)) return;
      this.onAdmitted();
      callback(message);
    });
  }

  dispose(): void {
    this.inner.dispose();
  }

  private admit(message: Message): boolean {
    // Bodies that are not JSON-RPC objects (`null`, `42`, `[]`) go on to the connection, which ignores them.
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return true;
    const { method, id } = message as Partial<RequestMessage>;
    if (typeof method !== 'string') return true; // a response to one of the server's own requests
    const isRequest = id !== undefined && id !== null;
    if (!isRequest) return method === 'exit' || this.phase === 'running';
    if (this.phase === 'starting') {
      if (method !== 'initialize') return this.refuse(id, ErrorCodes.ServerNotInitialized, `the server is not initialized: ${method} before initialize`);
      this.phase = 'running';
      return true;
    }
    if (this.phase === 'shut down') return this.refuse(id, ErrorCodes.InvalidRequest, `the server is shut down: ${method} after shutdown`);
    if (method === 'initialize') return this.refuse(id, ErrorCodes.InvalidRequest, 'initialize was already received');
    if (method === 'shutdown') this.phase = 'shut down';
    return true;
  }

  private refuse(id: number | string, code: number, message: string): false {
    void this.writer.write({ jsonrpc: '2.0', id, error: { code, message } } as Message).catch(() => undefined);
    return false;
  }
}
