import { z } from '#shared/zod';
import { singleLine } from '#shared/schemas/common';

/**
 * The admin's users and leads searches find text through a trigram index
 * (docs/decisions/0045-speed.md), which cannot find fewer than three characters. A shorter term is
 * refused rather than searched another way: the address-prefix fallback counted and sorted every
 * address with a common start (84 ms at 100 000 users, on the event loop), and a list filtered by
 * one letter helps no one. The search boxes wait for the third character.
 */
export const SEARCH_MIN_CHARS = 3;

/** Whether the box's (trimmed) text is worth searching: empty (the whole list) or three characters or more. */
export const searchable = (term: string) => term === '' || [...term].length >= SEARCH_MIN_CHARS;

/** The search parameter: trimmed, one line, empty or 3–100 characters. */
export const searchTermSchema = (messages: { searchTooLong: string; searchTooShort: string }) =>
  z
    .string()
    .trim()
    .max(100, messages.searchTooLong)
    .check(singleLine())
    .refine(searchable, messages.searchTooShort)
    .optional()
    .default('');
