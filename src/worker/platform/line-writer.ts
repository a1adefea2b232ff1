/**
 * Log lines to a stream (Node's stdout), written together once per turn of the event loop: one
 * write for every request answered in that turn instead of one each. Stdout to a file or a pipe
 * is a synchronous write on Node, and one per request was most of what the request log cost
 * (docs/decisions/0054-operations.md). What is still waiting is written when the process exits.
 */
export function lineWriter(stream: { write(text: string): unknown }): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    stream.write(text);
  };
  process.once('exit', flush);
  return (line) => {
    if (pending.push(`${line}\n`) === 1) setImmediate(flush);
  };
}
