import { describe, expect, it } from 'vitest';
import { lineWriter } from './line-writer';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('lineWriter', () => {
  it('writes the lines of one turn of the event loop in one write, each ended by a line break, in order', async () => {
    const writes: string[] = [];
    const write = lineWriter({ write: (text: string) => writes.push(text) });
    write('{"msg":"a"}');
    write('{"msg":"b"}');
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toEqual(['{"msg":"a"}\n{"msg":"b"}\n']);
    write('{"msg":"c"}');
    await turn();
    expect(writes).toEqual(['{"msg":"a"}\n{"msg":"b"}\n', '{"msg":"c"}\n']);
  });

  it('writes what is still waiting when the process exits', () => {
    const writes: string[] = [];
    const write = lineWriter({ write: (text: string) => writes.push(text) });
    write('{"msg":"last"}');
    // The writer's own exit listener, called as the process's exit would (not the test runner's).
    const onExit = process.listeners('exit').at(-1)!;
    process.removeListener('exit', onExit);
    onExit(0);
    expect(writes).toEqual(['{"msg":"last"}\n']);
  });
});
