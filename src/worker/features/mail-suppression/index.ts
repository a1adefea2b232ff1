/** What other features may use of the suppression list: the condition marketing mail is sent under. */
export { notSuppressed } from './suppressed';
