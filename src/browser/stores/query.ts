import { nanoquery } from '@nanostores/query';

/**
 * The fetcher context for server data (docs/decisions/0011-guide.md, Browser): reads are not refetched on focus or
 * reconnect and never retried; stores that refresh say so with `revalidateInterval`, and
 * mutations revalidate what they changed.
 */
export const [createFetcherStore, createMutatorStore] = nanoquery({
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: null,
});
