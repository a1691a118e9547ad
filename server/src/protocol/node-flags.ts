/**
 * Node flags the language server runs with: the editor's client and the benchmark start it alike. A small young
 * generation and a heap that grows by 20% (not up to 100%) past what survived the last full collection: each
 * keystroke builds a new model of docs.json and drops the last one, and without these V8 let that garbage pile
 * up to about twice the live memory before collecting (517 MB peak on a 100k-entry docs.json, 240 MB with them).
 * The price is more collection work per re-check on very large files.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20'];

/**
 * Environment the server is started with, on top of the editor's.
 * - glibc serves a freed large block's size from its heap from then on instead of mapping it anew (its "dynamic
 *   mmap threshold"): the multi-megabyte buffers of each docs.json message then stay in the heap, 25-30 MB of the
 *   server's memory on a 100k-entry file. A fixed threshold gives them back when freed. Other C libraries ignore it.
 * - Node reads the certificate file `NODE_EXTRA_CA_CERTS` names before it runs any code (60-70 ms where it names
 *   the system's bundle); the server opens no connection, so it is not given one.
 */
export const SERVER_ENV: Record<string, string> = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024), NODE_EXTRA_CA_CERTS: '' };
