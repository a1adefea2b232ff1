import { nextTurn } from '#worker/platform/next-turn';

/** Bytes handled between two turns of the event loop (parsing or decoding 256 KB takes a few ms). */
const SLICE_BYTES = 256 * 1024;

/**
 * A byte stream a slice at a time, with a turn of the event loop after each: Node hands a buffered
 * body, and a `File` its whole content, over as one piece, and parsing or decoding 5 MB in one go
 * held the event loop 30–140 ms (docs/decisions/0052-member-import.md).
 */
export function inSlices(bytes: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return bytes.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(piece, out) {
        for (let at = 0; at < piece.length; at += SLICE_BYTES) {
          out.enqueue(piece.subarray(at, at + SLICE_BYTES));
          await nextTurn();
        }
      },
    }),
  );
}
