/** What other features and the HTTP plumbing may use of the guide. */
export { guideRoutes } from './routes';
export { finishedAModule, viewerOf } from './rules';
