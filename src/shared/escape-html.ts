const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put inside HTML markup or a quoted attribute. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
