import { CircleAlert } from 'lucide-react';
import { PATHS } from '#shared/paths';
import Notice from './Notice';

/** What a page opened from a mailed link shows when the server refused the link: why, and the way home. */
export function InvalidLinkNotice({ title, message, home }: { title: string; message: string; home: string }) {
  return (
    <Notice key="invalid" icon={<CircleAlert className="size-7" />} title={title}>
      <p role="alert" className="text-muted">
        {message}
      </p>
      <a href={PATHS.home} className="btn-secondary">
        {home}
      </a>
    </Notice>
  );
}
