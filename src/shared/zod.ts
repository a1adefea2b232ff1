import { z } from 'zod';

// Zod's own messages (for fields without a custom one) in Norwegian, in browser and server alike.
// jitless: zod would otherwise probe `new Function` for speed, which our CSP (no unsafe-eval) reports.
z.config({ ...z.locales.no(), jitless: true });

export { z };
