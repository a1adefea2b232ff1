/**
 * The window event the toast store fires when a toast is asked for. The landing's toaster
 * island hydrates on the first one (client:toast); a module of its own, so that directive's
 * inline script carries this name and nothing else.
 */
export const TOAST_REQUESTED = 'soloprenor:toast-requested';

/** Where a toast that must outlive a page change waits for the next page's toaster. */
export const NEXT_PAGE_TOAST_KEY = 'sp_toast_next_page';

/** Whether a toast from the previous page is waiting to be shown here. */
export function nextPageToastWaiting(): boolean {
  try {
    return sessionStorage.getItem(NEXT_PAGE_TOAST_KEY) !== null;
  } catch {
    return false;
  }
}
