/** What other features and the HTTP plumbing may use of the guide. */
export { guideRoutes } from './routes';
/** The streak and XP, for a batch of another feature's (the account page's). */
export { statsQueries, toStreakResponse } from './streak';
export { available, finishedAModule, unlocked, viewerOf, type Viewer } from './rules';
export { signedFileHref } from './file-link';
/** Whether a lesson or module is visible to learners (drafts, publishAt): the reminders job's new lessons. */
export { published } from './published';
