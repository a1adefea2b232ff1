import { performance } from 'node:perf_hooks';
import { createTestApp } from '#support/app';
import { runImports } from '#worker/jobs/imports';
const t = await createTestApp({});
const { sessionToken } = await t.signIn('admin@soloprenor.no');
const lines = ['id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers,premium_until'];
for (let i = 0; i < 20000; i++) { const paid = i % 10 === 0; lines.push(`m${i},medlem${i}@example.no,Medlem ${i},,${i % 2 === 0},false,${paid ? `cus_${i}` : ''},2024-03-14T09:12:45.000Z,,Nyhetsbrev,${paid ? 'Premium' : 'Free'},${paid ? '2099-03-01' : ''}`); }
const form = new FormData(); form.set('file', new File([lines.join('\n')], 'g.csv'));
const res = await t.request('/api/admin/imports', { method: 'POST', body: form, token: sessionToken });
const { import: imp } = await res.json();
while ((await runImports(t.deps, { budgetMs: 0 })).previewed > 0);
await t.request(`/api/admin/imports/${imp.id}/run`, { json: { sendWelcome: true }, token: sessionToken });
for (let i = 0; i < 60; i++) await runImports(t.deps, { budgetMs: 0 });
const db: any = t.deps.db;
const orig = db.batch.bind(db);
db.batch = async (qs: any[]) => { const out = []; for (const [i, q] of qs.entries()) { const a = performance.now(); out.push(await q); console.log(i, (performance.now() - a).toFixed(1)); } return out; };
for (let k = 0; k < 2; k++) { console.log('--'); await runImports(t.deps, { budgetMs: 0 }); }
db.batch = orig;
t.close();
