import { createClient } from '@libsql/client/web';
import { createDb } from '/work/main/src/worker/lib/db';
const N = 5000; let s = performance.now();
for (let i = 0; i < N; i++) createDb(createClient({ url: 'https://x.turso.io', authToken: 't' }));
console.log('client+drizzle', ((performance.now() - s) / N * 1000).toFixed(1), 'µs');
