/** What other features may use of the cancellation reasons: the signed token the mail's links carry. */
export { reasonToken } from './token';
