import { useState } from 'react';
import { learner } from '#shared/copy/guide/learner';
import { lessonsPage } from '#shared/copy/guide';
import { downloadCertificate, saveName } from '#browser/learner';
import { setUser } from '#browser/stores/auth';
import { FormDialog, useFormSubmit } from '../ui/FormDialog';
import { TextField } from '../ui/TextField';

const t = learner.certificate;

/** Asks for the name the certificate carries, saves it on the profile (where it can be changed later), then downloads. */
export default function NameDialog({ onClose }: { onClose: () => void }) {
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
