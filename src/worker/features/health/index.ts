/** The health check, for the operator's-overhead bench (scripts/bench/observed-server.ts); the app mounts its routes itself. */
export { healthRoutes } from './routes';
