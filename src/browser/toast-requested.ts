/**
 * The window event the toast store fires when a toast is asked for. The landing's toaster
 * island hydrates on the first one (client:toast); a module of its own, so that directive's
 * inline script carries this name and nothing else.
 */
export const TOAST_REQUESTED = 'soloprenor:toast-requested';
