/**
 * A turn of the event loop (a macrotask, not a microtask). On Node the embedded database runs on
 * the event loop, so long work — a job's batches, an export's reads, an upload's parsing — waits
 * for one between its steps: other visitors' requests are answered in the gaps
 * (docs/decisions/0045-speed.md). A microtask would run the next step before any of them.
 */
export const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
