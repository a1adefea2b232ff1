import type { Config } from '#worker/config';

/** The address a mailed link points to: the page at `path`, carrying `token`. */
export const tokenLink = (config: Pick<Config, 'PUBLIC_URL'>, path: string, token: string) =>
  `${config.PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`;
