import * as fs from 'node:fs';
import * as path from 'node:path';
import { Diagnostic } from 'vscode-languageserver-protocol';
import { makeDocsRepo } from '../../helpers/docs-repo';
import { LspTestClient, StartOptions } from './lsp-client';

export const USERS_YAML = `openapi: 3.0.0
info:
  title: Users
  version: "1"
paths:
  /users:
    get:
      summary: List users
      operationId: listUsers
    post:
      summary: Create a user
      operationId: createUser
  /users/{id}:
    get:
      summary: Get a user
      operationId: getUser
`;

export const ORDERS_JSON = JSON.stringify(
  {
    openapi: '3.1.0',
    info: { title: 'Orders', version: '1' },
    paths: {
      '/orders': { get: { summary: 'List orders', operationId: 'listOrders' } },
      '/orders/{id}': { delete: { summary: 'Cancel an order', operationId: 'cancelOrder' } },
    },
  },
  null,
  2,
);

/** A docs folder in a temp dir, and the absolute path of each of its files. */
export function docsFolder(files: Record<string, unknown>): { root: string; file: (relative: string) => string } {
  const root = makeDocsRepo(files);
  return { root, file: (relative) => path.join(root, ...relative.split('/')) };
}

/** Starts the server on `root`, runs `body`, and always stops the server. */
export async function withServer<T>(root: string, body: (client: LspTestClient) => Promise<T>, options: StartOptions = {}): Promise<T> {
  const client = await LspTestClient.start(root, options);
  try {
    return await body(client);
  } finally {
    await client.stop();
  }
}

export function codes(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code)).sort();
}

export function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** A diagnostic's message as text (LSP 3.18 also allows markup). */
export function messageOf(d: Diagnostic): string {
  return typeof d.message === 'string' ? d.message : d.message.value;
}
