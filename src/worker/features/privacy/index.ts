/** What other features may use of privacy: erasing a person. */
export { eraseUser } from './erasure';
