import { z } from 'zod';

// Zod's own messages (for fields without a custom one) in Norwegian, in browser and server alike.
z.config(z.locales.no());

export { z };
