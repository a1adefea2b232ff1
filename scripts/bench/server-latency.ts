import type { ChildProcess } from 'node:child_process';

export type ServerLatency = { count: number; p50: number; p99: number; max: number };

/** Resets and reads the request times the bench server (scripts/bench/server.ts) keeps itself. */
export function serverLatency(child: ChildProcess) {
  return {
    reset: () => void child.send({ latency: 'reset' }),
    report: () =>
      new Promise<ServerLatency>((resolve) => {
        const listener = (m: { latency?: ServerLatency }) => {
          if (!m?.latency) return;
          child.off('message', listener);
          resolve(m.latency);
        };
        child.on('message', listener);
        child.send({ latency: 'report' });
      }),
  };
}
export type ServerLatencyProbe = ReturnType<typeof serverLatency>;
