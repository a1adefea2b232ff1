import { Plus } from 'lucide-react';
import { PATHS } from '#shared/paths';
import { BackLink } from './BackLink';
import { SectionHeader } from './SectionHeader';

/** The top of an admin page of its own (campaigns, newsletters): the way back to /admin, its title, and its "new" button. */
export function AdminPageHeader(props: { back: string; title: string; intro: string; newLabel: string; onNew: () => void }) {
  return (
    <>
      <BackLink href={PATHS.admin} label={props.back} />
      <SectionHeader
        title={props.title}
        intro={props.intro}
        actions={
          <button type="button" className="btn-primary" onClick={props.onNew}>
            <Plus aria-hidden="true" className="size-5" />
            {props.newLabel}
          </button>
        }
      />
    </>
  );
}
