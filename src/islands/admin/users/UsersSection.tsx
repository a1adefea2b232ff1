import { nb } from '#shared/copy/nb';
import { SectionHeader } from '../SectionHeader';

/** Brukere: the user list (being built). */
export default function UsersSection() {
  return <SectionHeader title={nb.adminUsers.title} intro={nb.adminUsers.intro} />;
}
