/**
 * How Node runs the server (`node ${SERVER_NODE_FLAGS} dist/server.js`): what `npm start` runs (a
 * test holds its script to this), and how the e2e run, `npm run bench` and `npm run lighthouse`
 * start it. They are for the 1 GB machine the embedded database is for, and cost no speed measured
 * (docs/PERFORMANCE.md, memory):
 *
 * - `--v8-pool-size=1`: one V8 worker thread instead of four. Each thread that compiles PGlite's
 *   WebAssembly keeps what the compiler freed in a C allocator arena of its own; with one, the server
 *   idles some 30 MB lighter.
 * - `--heap-growing-percent=20`: after a full collection the JavaScript heap grows 20% past what
 *   survived it before the next, where V8 would let it grow up to four times as much. Under the
 *   bench's load on PGlite the server peaked at 385–396 MB in three runs, where it reached 581.
 */
export const SERVER_NODE_FLAGS = ['--v8-pool-size=1', '--heap-growing-percent=20'] as const;
