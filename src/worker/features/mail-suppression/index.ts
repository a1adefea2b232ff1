/** What other features may use of the suppression list: the conditions marketing mail is sent under. */
export { notErased, notSuppressed } from './suppressed';
