import { z } from 'zod';

// The server's zod setup, for every schema it parses (mini or full: they share one core). The
// browser parses only the zod/mini schemas, whose fields all carry their own Norwegian message.
// Zod's own messages (for fields without a custom one) in Norwegian.
// jitless: zod would otherwise probe `new Function` for speed, which Workers forbid.
z.config({ ...z.locales.no(), jitless: true });

export { z };
