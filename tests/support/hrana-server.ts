/**
 * A stand-in for Turso at the HTTP boundary: answers libSQL's "Hrana over HTTP" protocol
 * (the JSON `/v2/pipeline` and `/v3/pipeline` endpoints that `@libsql/client/web` calls)
 * from Node, backed by a real libSQL database file in a temp dir, migrated like production.
 *
 * What the client sends (node_modules/@libsql/hrana-client/lib-esm/http): a POST per flush
 * with `{ baton, requests }`, where requests are execute, batch (steps with ok / error / not /
 * and / or / is_autocommit conditions), sequence, describe, store_sql, close_sql,
 * get_autocommit and close. A stream lives from its first request until `close`; its baton
 * changes with every response, as on sqld. `@libsql/client` 0.18 opens its HTTP client at
 * protocol version 2, so it speaks JSON v2 to Turso too and never asks for cursors; a v3
 * probe (`GET /v3-protobuf`) gets 404 here and would fall back to the same JSON v2.
 *
 * Streams share one connection. A stream that leaves a transaction open holds the connection
 * until it commits, rolls back, closes or idles out (10 s, like sqld), and other streams wait.
 */
import Database from 'libsql';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '#db/node';
import { seedIfEmpty } from '#db/seed/seed';

// ---- the protocol's JSON shapes (snake_case, as on the wire) ----

type ProtoValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };
type ProtoStmt = {
  sql?: string;
  sql_id?: number;
  args?: ProtoValue[];
  named_args?: { name: string; value: ProtoValue }[];
  want_rows?: boolean;
};
type ProtoCond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: ProtoCond }
  | { type: 'and' | 'or'; conds: ProtoCond[] }
  | { type: 'is_autocommit' };
type ProtoBatch = { steps: { condition?: ProtoCond | null; stmt: ProtoStmt }[] };
type StreamRequest =
  | { type: 'close' }
  | { type: 'execute'; stmt: ProtoStmt }
  | { type: 'batch'; batch: ProtoBatch }
  | { type: 'sequence'; sql?: string; sql_id?: number }
  | { type: 'describe'; sql?: string; sql_id?: number }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number }
  | { type: 'get_autocommit' };
type ProtoError = { message: string; code?: string };
type StmtResult = {
  cols: { name: string; decltype: string | null }[];
  rows: ProtoValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
};

/** A request the client got wrong: reported like sqld reports protocol errors. */
class ProtocolError extends Error {}

type Connection = InstanceType<typeof Database>;
type Stream = { id: string; sqls: Map<number, string>; timer?: ReturnType<typeof setTimeout> };

const STREAM_IDLE_MS = 10_000;

// ---- values ----

export function decodeValue(v: ProtoValue): bigint | number | string | Buffer | null {
  switch (v.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(v.value);
    case 'float':
      return Number(v.value);
    case 'text':
      return v.value;
    case 'blob':
      return Buffer.from(v.base64, 'base64');
    default:
      throw new ProtocolError(`Unknown value type ${JSON.stringify((v as { type: unknown }).type)}`);
  }
}

export function encodeValue(v: unknown): ProtoValue {
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: v.toString() };
  if (typeof v === 'number') {
    // Statements run with safeIntegers, so a JS number here is always a REAL.
    if (!Number.isFinite(v)) throw new ProtocolError(`Cannot encode the float ${v} as JSON`);
    return { type: 'float', value: v };
  }
  if (typeof v === 'string') return { type: 'text', value: v };
  if (v instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(v).toString('base64') };
  throw new ProtocolError(`Cannot encode a value of type ${typeof v}`);
}

function toProtoError(err: unknown): ProtoError {
  if (err instanceof ProtocolError) return { message: err.message, code: 'PROTOCOL_ERROR' };
  const e = err as { message?: string; code?: string };
  // sqld reports the primary result code (SQLITE_CONSTRAINT, not SQLITE_CONSTRAINT_UNIQUE).
  const code = typeof e.code === 'string' && e.code.startsWith('SQLITE_') ? e.code.split('_').slice(0, 2).join('_') : 'UNKNOWN';
  return { message: `SQLite error: ${e.message ?? String(err)}`, code };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// ---- the server ----

export type HranaServerOptions = {
  /** The base URL the Worker is given as LIBSQL_URL; requests for other hosts get 502. */
  url?: string;
  /** Required as `Authorization: Bearer …` when set (the Worker's LIBSQL_AUTH_TOKEN). */
  authToken?: string;
  /** Fill the database with the Norwegian seed content after migrating. */
  seed?: boolean;
};

export async function startHranaServer(opts: HranaServerOptions = {}) {
  const baseUrl = new URL(opts.url ?? 'http://libsql.test');
  const dir = mkdtempSync(join(tmpdir(), 'soloprenor-hrana-'));
  const file = join(dir, 'turso.db');

  // Migrated and inspected through the ordinary Node client, as `npm run db:migrate` would.
  const { client, db } = await openDatabase(`file:${file}`);
  await migrateDatabase(db);
  if (opts.seed) await seedIfEmpty(db);

  const conn: Connection = new Database(file);
  conn.exec('PRAGMA foreign_keys = ON');
  conn.exec('PRAGMA busy_timeout = 5000');
  const counters = conn.prepare('SELECT changes(), last_insert_rowid(), total_changes()');
  counters.safeIntegers(true);
  counters.raw(true);
  const readCounters = () => counters.get() as [bigint, bigint, bigint];

  const streams = new Map<string, Stream>(); // by current baton
  /** Every stream request served, in order (e.g. "execute", "batch"), for tests to inspect. */
  const log: string[] = [];

  // One connection, handed to one stream at a time while that stream is inside a transaction.
  let owner: Stream | null = null;
  const waiting: (() => void)[] = [];
  async function acquire(stream: Stream) {
    while (owner && owner !== stream) await new Promise<void>((resolve) => waiting.push(resolve));
    owner = stream;
  }
  function release(stream: Stream) {
    if (owner !== stream) return;
    owner = null;
    waiting.shift()?.();
  }
  function endStream(stream: Stream) {
    clearTimeout(stream.timer);
    if (owner === stream) {
      if (conn.inTransaction) conn.exec('ROLLBACK');
      release(stream);
    }
  }

  function sqlOf(stream: Stream, req: { sql?: string | null; sql_id?: number | null }): string {
    if (typeof req.sql === 'string') return req.sql;
    if (typeof req.sql_id === 'number') {
      const sql = stream.sqls.get(req.sql_id);
      if (sql === undefined) throw new ProtocolError(`SQL text ${req.sql_id} is not stored on this stream`);
      return sql;
    }
    throw new ProtocolError('A statement needs sql or sql_id');
  }

  function execute(stream: Stream, stmt: ProtoStmt): StmtResult {
    const sql = sqlOf(stream, stmt);
    const positional = (stmt.args ?? []).map(decodeValue);
    const named = Object.fromEntries((stmt.named_args ?? []).map((a) => [a.name.replace(/^[:@$]/, ''), decodeValue(a.value)]));
    if (positional.length && Object.keys(named).length) throw new ProtocolError('Mixing positional and named arguments is not supported here');
    const params = Object.keys(named).length ? named : positional;

    const prepared = conn.prepare(sql);
    prepared.safeIntegers(true);
    let returnsRows = true;
    try {
      prepared.raw(true);
    } catch {
      returnsRows = false; // raw() refuses statements without result columns
    }
    const before = readCounters()[2];
    let cols: StmtResult['cols'] = [];
    let rows: ProtoValue[][] = [];
    if (returnsRows) {
      cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type }));
      const all = prepared.all(params) as unknown[][];
      if (stmt.want_rows !== false) rows = all.map((row) => row.map(encodeValue));
    } else {
      prepared.run(params);
    }
    const [changes, lastRowid, total] = readCounters();
    return {
      cols,
      rows,
      // changes() keeps the last DML's count through SELECT and DDL; count only real writes.
      affected_row_count: total !== before ? Number(changes) : 0,
      last_insert_rowid: lastRowid.toString(),
    };
  }

  function cond(c: ProtoCond, outcomes: ('ok' | 'error' | 'skipped')[], at: number): boolean {
    switch (c.type) {
      case 'ok':
      case 'error':
        if (!(c.step < at)) throw new ProtocolError(`Condition refers to step ${c.step}, which has not run before step ${at}`);
        return outcomes[c.step] === c.type;
      case 'not':
        return !cond(c.cond, outcomes, at);
      case 'and':
        return c.conds.every((x) => cond(x, outcomes, at));
      case 'or':
        return c.conds.some((x) => cond(x, outcomes, at));
      case 'is_autocommit':
        return !conn.inTransaction;
      default:
        throw new ProtocolError(`Unknown batch condition ${JSON.stringify((c as { type: unknown }).type)}`);
    }
  }

  function batch(stream: Stream, b: ProtoBatch) {
    const outcomes: ('ok' | 'error' | 'skipped')[] = [];
    const step_results: (StmtResult | null)[] = [];
    const step_errors: (ProtoError | null)[] = [];
    b.steps.forEach((step, i) => {
      if (step.condition && !cond(step.condition, outcomes, i)) {
        outcomes.push('skipped');
        step_results.push(null);
        step_errors.push(null);
        return;
      }
      try {
        step_results.push(execute(stream, step.stmt));
        step_errors.push(null);
        outcomes.push('ok');
      } catch (err) {
        if (err instanceof ProtocolError) throw err;
        step_results.push(null);
        step_errors.push(toProtoError(err));
        outcomes.push('error');
      }
    });
    return { step_results, step_errors };
  }

  function serveRequest(stream: Stream, req: StreamRequest): { type: string } & Record<string, unknown> {
    switch (req.type) {
      case 'execute':
        return { type: 'execute', result: execute(stream, req.stmt) };
      case 'batch':
        return { type: 'batch', result: batch(stream, req.batch) };
      case 'sequence':
        conn.exec(sqlOf(stream, req));
        return { type: 'sequence' };
      case 'describe': {
        const sql = sqlOf(stream, req);
        const prepared = conn.prepare(sql);
        let cols: { name: string; decltype: string | null }[] = [];
        try {
          prepared.raw(true);
          cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type }));
        } catch {
          // no result columns
        }
        const isExplain = /^\s*explain\b/i.test(sql);
        const isReadonly = isExplain || /^\s*(select|with|values|pragma\s+\w+\s*$)/i.test(sql);
        return { type: 'describe', result: { params: [], cols, is_explain: isExplain, is_readonly: isReadonly } };
      }
      case 'store_sql':
        stream.sqls.set(req.sql_id, req.sql);
        return { type: 'store_sql' };
      case 'close_sql':
        stream.sqls.delete(req.sql_id);
        return { type: 'close_sql' };
      case 'get_autocommit':
        return { type: 'get_autocommit', is_autocommit: !conn.inTransaction };
      case 'close':
        return { type: 'close' };
      default:
        throw new ProtocolError(`Unknown request type ${JSON.stringify((req as { type: unknown }).type)}`);
    }
  }

  async function pipeline(request: Request): Promise<Response> {
    let body: { baton?: string | null; requests?: StreamRequest[] };
    try {
      body = (await request.json()) as typeof body;
    } catch {
      return json({ message: 'The request body is not valid JSON', code: 'PROTOCOL_ERROR' }, 400);
    }
    if (!Array.isArray(body.requests)) return json({ message: 'Missing requests', code: 'PROTOCOL_ERROR' }, 400);

    let stream: Stream;
    if (body.baton) {
      const found = streams.get(body.baton);
      if (!found) return json({ message: 'Stream handle is invalid or has expired', code: 'STREAM_EXPIRED' }, 400);
      streams.delete(body.baton);
      clearTimeout(found.timer);
      stream = found;
    } else {
      stream = { id: randomUUID(), sqls: new Map() };
    }

    await acquire(stream);
    let closed = false;
    const results = body.requests.map((req) => {
      log.push(req.type);
      try {
        const response = serveRequest(stream, req);
        if (req.type === 'close') closed = true;
        return { type: 'ok', response };
      } catch (err) {
        return { type: 'error', error: toProtoError(err) };
      }
    });

    let baton: string | null = null;
    if (closed) {
      endStream(stream);
    } else {
      if (!conn.inTransaction) release(stream);
      baton = `${stream.id}.${randomUUID()}`;
      streams.set(baton, stream);
      stream.timer = setTimeout(() => {
        streams.delete(baton!);
        endStream(stream);
      }, STREAM_IDLE_MS);
      stream.timer.unref?.();
    }
    return json({ baton, base_url: null, results });
  }

  /** Answers one request as sqld would; give it to Miniflare's `outboundService`. */
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.host !== baseUrl.host) {
      return new Response(`The test network only reaches ${baseUrl.host}, not ${url.host}`, { status: 502 });
    }
    if (opts.authToken !== undefined && request.headers.get('authorization') !== `Bearer ${opts.authToken}`) {
      return json({ message: 'Authentication failed: missing or wrong token', code: 'UNAUTHORIZED' }, 401);
    }
    const path = url.pathname.replace(/\/+$/, '');
    if (request.method === 'GET' && (path === '' || path === '/health' || path === '/v2' || path === '/v3')) {
      return new Response(null, { status: 200 });
    }
    if (request.method === 'POST' && (path === '/v2/pipeline' || path === '/v3/pipeline')) return pipeline(request);
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }

  /** Serves over real HTTP too (e.g. for `wrangler dev` with LIBSQL_URL=http://127.0.0.1:PORT). */
  async function listen(port = 0): Promise<{ url: string; close: () => void }> {
    const server = serve({
      port,
      hostname: '127.0.0.1',
      fetch: async (req) => {
        // Answer for whichever host name the client used.
        const u = new URL(req.url);
        u.host = baseUrl.host;
        u.protocol = baseUrl.protocol;
        const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
        return handle(new Request(u, { method: req.method, headers: req.headers, body }));
      },
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => void server.close() };
  }

  return {
    url: baseUrl.origin,
    authToken: opts.authToken,
    /** Drizzle over the same database file, for arranging and asserting. */
    db,
    client,
    log,
    handle,
    listen,
    close() {
      for (const stream of new Set(streams.values())) endStream(stream);
      streams.clear();
      conn.close();
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type HranaServer = Awaited<ReturnType<typeof startHranaServer>>;
