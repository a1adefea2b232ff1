import { Download } from 'lucide-react';
import { useState } from 'react';
import type { PublicUser } from '#shared/schemas/auth';
import { downloadCertificate, saveName } from '#browser/learner';
import { setUser } from '#browser/stores/auth';
import { FormDialog, useFormSubmit } from '../ui/FormDialog';
import { TextField } from '../ui/TextField';
import { learner } from '#shared/copy/guide/learner';
import { lessonsPage } from '#shared/copy/guide';

const t = learner.certificate;

/**
 * Downloads the certificate PDF; with no name on the profile it first asks for one (saved
 * through the profile, where it can be changed later), then downloads.
 */
export default function CertificateButton({ user }: { user: PublicUser }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn-primary self-start"
        onClick={() => (user.firstName ? downloadCertificate() : setAsking(true))}
      >
        <Download className="size-4" aria-hidden="true" />
        {t.download}
      </button>
      {asking && <NameDialog onClose={() => setAsking(false)} />}
    </>
  );
}

function NameDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const save = useFormSubmit();
  return (
    <FormDialog
      title={t.nameTitle}
      description={t.nameText}
      size="md"
      saveLabel={t.save}
      busyLabel={t.saving}
      save={save}
      onClose={onClose}
      onSubmit={() =>
        save.submit(name.trim() ? saveName(name) : { firstName: t.nameRequired }, {
          onSaved: (user) => {
            setUser(user);
            onClose();
            downloadCertificate();
          },
          failed: { title: lessonsPage.saveFailedTitle, message: t.saveFailed },
        })
      }
    >
      <TextField
        label={t.nameLabel}
        value={name}
        onChange={setName}
        error={save.errors?.firstName}
        autoComplete="name"
        maxLength={50}
        required
      />
    </FormDialog>
  );
}
