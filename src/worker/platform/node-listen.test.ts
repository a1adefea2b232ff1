import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Listening } from './node-listen';

const hello = (_req: unknown, res: { end(body: string): void }) => res.end('hei');
const opened: Listening[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((l) => l.close()));
});

async function open(port = 0): Promise<Listening> {
  const l = await listen(hello, port);
  opened.push(l);
  return l;
}

describe('listen', () => {
  it('picks a free port for port 0 and answers on it', async () => {
    const l = await open();
    expect(l.port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${l.port}/`);
    expect(await res.text()).toBe('hei');
  });

  it.runIf(process.platform === 'linux')('accepts on several sockets that share the one port', async () => {
    const l = await open();
    expect(l.servers.length).toBeGreaterThan(1);
    expect(new Set(l.servers.map((s) => (s.address() as AddressInfo).port))).toEqual(new Set([l.port]));
  });

  it('refuses a port another instance already serves, although both share sockets', async () => {
    const first = await open();
    await expect(listen(hello, first.port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('refuses a port a plain server holds', async () => {
    const plain = createServer();
    await new Promise<void>((resolve) => plain.listen(0, resolve));
    const { port } = plain.address() as AddressInfo;
    try {
      await expect(listen(hello, port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      plain.close();
    }
  });

  it('stops answering once closed', async () => {
    const l = await listen(hello, 0);
    await fetch(`http://127.0.0.1:${l.port}/`).then((r) => r.text());
    await l.close();
    expect(l.servers.every((s) => !s.listening)).toBe(true);
    await expect(fetch(`http://127.0.0.1:${l.port}/`)).rejects.toThrow();
  });
});

describe('listen on a HOST', () => {
  it('binds only the address asked for, on every shared socket', async () => {
    const l = await listen(hello, 0, '127.0.0.1');
    opened.push(l);
    expect(l.servers.map((s) => (s.address() as AddressInfo).address)).toEqual(l.servers.map(() => '127.0.0.1'));
    expect(await (await fetch(`http://127.0.0.1:${l.port}/`)).text()).toBe('hei');
  });

  it('without a host binds every interface, as before', async () => {
    const l = await open();
    expect(['::', '0.0.0.0']).toContain((l.servers[0]!.address() as AddressInfo).address);
  });
});
