import { nanoquery } from '@nanostores/query';

/**
 * The data-fetching context of the islands: cached fetcher stores that refetch on an interval
 * where asked. As the spec says for its data reads: no refetch on window focus, and a failed
 * read is not retried (the screen offers a retry instead).
 */
export const [createFetcherStore] = nanoquery({
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: null,
});
