import { createTestApp } from '#support/app';
const t = await createTestApp({});
const { sessionToken } = await t.signIn('admin@soloprenor.no');
const lines = ['id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers,premium_until'];
for (let i = 0; i < 50000; i++) { const paid = i % 10 === 0; lines.push(`m${i},medlem${i}@example.no,Medlem ${i},,${i % 2 === 0},false,${paid ? `cus_${i}` : ''},2024-03-14T09:12:45.000Z,,Nyhetsbrev,${paid ? 'Premium' : 'Free'},${paid ? '2099-03-01' : ''}`); }
for (let k = 0; k < 2; k++) {
const form = new FormData(); form.set('file', new File([lines.join('\n')], 'g.csv'));
let T = performance.now();
const res = await t.request('/api/admin/imports', { method: 'POST', body: form, token: sessionToken });
console.log('total', performance.now() - T, res.status);
}
t.close();
