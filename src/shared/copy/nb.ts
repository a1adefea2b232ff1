/**
 * Every Norwegian string of the product, by feature; `nb` gathers them for short call sites.
 * A namespace, not an object literal: a bundler keeps only the parts a page reads (`nb.guide`),
 * so an island does not carry every other screen's copy (an object kept all 50 KB of it).
 */
export * as nb from '#shared/copy/nb-parts';
