import { createTestApp } from './tests/support/app';
const t = await createTestApp({ seed: true });
const { sessionToken } = await t.signIn('kari@example.no');
const bench = async (label: string, path: string, token?: string) => {
  for (let i = 0; i < 500; i++) await t.request(path, { token });
  const n = 4000; const t0 = performance.now();
  for (let i = 0; i < n; i++) { const r = await t.request(path, { token }); if (r.status !== 200) throw new Error(String(r.status)); await r.arrayBuffer(); }
  const us = ((performance.now() - t0) / n) * 1000;
  console.log(label, us.toFixed(0), 'µs/req');
  return us;
};
const h = await bench('health', '/api/health');
const m = await bench('me', '/api/auth/me', sessionToken);
console.log('ratio (req/s me / health)', (h / m).toFixed(2));
t.close();
