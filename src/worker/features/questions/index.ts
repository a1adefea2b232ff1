/** What other features may use of questions and answers: the routes, and the answer the admin's inbox posts. */
export { questionRoutes } from './routes';
export { answerQuestion } from './post';
